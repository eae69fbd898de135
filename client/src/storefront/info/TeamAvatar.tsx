import { useId } from 'react';

export interface AvatarLook {
  background: string;
  skin: string;
  hair: string;
  shirt: string;
  hairStyle: 'short' | 'long' | 'curly' | 'bun';
  glasses?: boolean;
}

const HAIR_BEHIND: Partial<Record<AvatarLook['hairStyle'], string>> = {
  long: 'M30 48C28 26 42 18 56 18C72 18 84 28 82 50L84 84C78 88 70 86 68 82L44 82C40 86 32 88 28 84Z',
};

const HAIR_FRONT: Record<AvatarLook['hairStyle'], string> = {
  short: 'M33 48C32 30 44 22 57 22C70 22 81 31 79 48C74 38 64 34 56 34C46 34 38 40 33 48Z',
  long: 'M33 50C32 30 44 22 57 22C70 22 81 31 79 50C72 38 62 33 50 36C44 38 38 42 33 50Z',
  curly: 'M32 50c-6-4-4-14 2-16c-2-8 6-14 12-11c3-6 13-7 17-1c6-3 14 2 13 9c7 2 8 12 2 17c-4-8-10-13-22-13s-20 6-24 15z',
  bun: 'M33 48C32 30 44 22 57 22C70 22 81 31 79 48C74 38 64 34 56 34C46 34 38 40 33 48ZM48 21a8 8 0 1 0 16 0a8 8 0 1 0 -16 0Z',
};

/** A friendly drawn portrait (no photos of staff): our own SVG, varied by a few colours. */
export function TeamAvatar({ look }: { look: AvatarLook }) {
  const behind = HAIR_BEHIND[look.hairStyle];
  // useId may contain characters a CSS url(#...) reference does not accept.
  const clipId = `avatar${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <svg className="team__avatar" viewBox="0 0 112 112" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clipId}>
          <circle cx="56" cy="56" r="56" />
        </clipPath>
      </defs>
      <circle cx="56" cy="56" r="56" fill={look.background} />
      {/* the portrait, enlarged from the shoulders up so the face reads at card size */}
      <g clipPath={`url(#${clipId})`}>
        <g transform="translate(56 112) scale(1.22) translate(-56 -100)">
          {behind && <path d={behind} fill={look.hair} />}
          <path d="M18 112C20 90 36 80 56 80S92 90 94 112Z" fill={look.shirt} />
          <rect x="49" y="64" width="14" height="18" rx="6" fill={look.skin} />
          <ellipse cx="56" cy="50" rx="22" ry="24" fill={look.skin} />
          <path d={HAIR_FRONT[look.hairStyle]} fill={look.hair} />
          <circle cx="48" cy="53" r="2.6" fill="#2b2540" />
          <circle cx="64" cy="53" r="2.6" fill="#2b2540" />
          <circle cx="42" cy="61" r="3.5" fill="#ff8a73" opacity="0.45" />
          <circle cx="70" cy="61" r="3.5" fill="#ff8a73" opacity="0.45" />
          <path d="M49 62Q56 68 63 62" fill="none" stroke="#2b2540" strokeWidth="2.4" strokeLinecap="round" />
          {look.glasses && (
            <g fill="none" stroke="#2b2540" strokeWidth="2">
              <circle cx="48" cy="53" r="7" />
              <circle cx="64" cy="53" r="7" />
              <path d="M55 53h2" />
            </g>
          )}
        </g>
      </g>
    </svg>
  );
}
