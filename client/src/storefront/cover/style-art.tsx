/**
 * The shop's own artwork for each illustration style, drawn as SVG on a 300 x 400 book cover:
 * the scene behind the title, and the frame the child's photo sits in. The style choice shows
 * it as a sample; the cover preview sets the child's name and photo into it.
 */
import type { ReactNode } from 'react';

export const COVER_WIDTH = 300;
export const COVER_HEIGHT = 400;

export type CoverStyle = 'classic' | 'adventure' | 'fairytale' | 'superhero';

export const COVER_STYLES: readonly CoverStyle[] = ['classic', 'adventure', 'fairytale', 'superhero'];

export function coverStyleOf(value: string | null | undefined): CoverStyle {
  return COVER_STYLES.find((style) => style === value) ?? 'classic';
}

/** Where the photo goes on the cover, and the shape that clips it. */
export interface PhotoFrame {
  cx: number;
  cy: number;
  /** Half the width and height of the photo's box. */
  rx: number;
  ry: number;
  /** The clip shape, in cover coordinates. */
  clip: ReactNode;
  /** Drawn over the photo: the frame's border and ornaments. */
  border: ReactNode;
}

/** Colours and type of the title, per style. */
export interface TitleLook {
  fill: string;
  stroke?: string;
  fontFamily: string;
  fontWeight: number;
  /** The band the title sits in (y of its first baseline). */
  top: number;
  kickerFill: string;
}

function star(cx: number, cy: number, r: number): string {
  // A four-pointed sparkle.
  const k = r * 0.28;
  return `M${cx} ${cy - r}L${cx + k} ${cy - k}L${cx + r} ${cy}L${cx + k} ${cy + k}L${cx} ${cy + r}L${cx - k} ${cy + k}L${cx - r} ${cy}L${cx - k} ${cy - k}Z`;
}

function ClassicScene({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#dfeaf5" />
          <stop offset="0.6" stopColor="#f7efe0" />
          <stop offset="1" stopColor="#fbf5ea" />
        </linearGradient>
      </defs>
      <rect width="300" height="400" fill={`url(#${id}-sky)`} />
      {/* Watercolour washes: soft overlapping blots. */}
      <circle cx="60" cy="70" r="70" fill="#f3c9c0" opacity="0.35" />
      <circle cx="250" cy="40" r="80" fill="#c8dcec" opacity="0.45" />
      <circle cx="230" cy="300" r="90" fill="#d9e8c8" opacity="0.5" />
      <path d="M236 52a22 22 0 1 0 18 34 18 18 0 1 1-18-34Z" fill="#f6d98b" />
      {[
        [40, 30, 4],
        [120, 22, 3],
        [200, 60, 3.5],
        [275, 110, 3],
        [28, 120, 3],
      ].map(([x, y, r]) => (
        <path key={`${x}-${y}`} d={star(x!, y!, r!)} fill="#e9b949" opacity="0.9" />
      ))}
      <path d="M0 318c50-30 110-34 160-12s100 18 140-6v100H0Z" fill="#a9c79a" opacity="0.8" />
      <path d="M0 346c60-22 120-18 170 0s90 14 130 0v54H0Z" fill="#7fae80" opacity="0.85" />
      {/* A little tree and a reading rabbit on the hill. */}
      <rect x="246" y="270" width="7" height="46" rx="3" fill="#8a6a4f" />
      <circle cx="250" cy="262" r="22" fill="#8fb98a" />
      <circle cx="238" cy="272" r="14" fill="#9ac694" />
      <ellipse cx="52" cy="336" rx="13" ry="10" fill="#f4efe8" />
      <ellipse cx="47" cy="322" rx="3.5" ry="10" fill="#f4efe8" />
      <ellipse cx="56" cy="322" rx="3.5" ry="10" fill="#f4efe8" />
      <rect x="58" y="332" width="14" height="10" rx="2" fill="#d96c5f" />
      <path d="M0 376h300v24H0Z" fill="#6a9a70" opacity="0.6" />
    </>
  );
}

function AdventureScene({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1f6f8b" />
          <stop offset="0.55" stopColor="#f4a259" />
          <stop offset="1" stopColor="#f6c667" />
        </linearGradient>
      </defs>
      <rect width="300" height="400" fill={`url(#${id}-sky)`} />
      <circle cx="150" cy="250" r="60" fill="#fbd46d" opacity="0.9" />
      <path d="M-10 330 70 200l50 70 50-110 80 120 60-60v180H-10Z" fill="#264653" />
      <path d="M70 200l18 26-10-2-8 14-8-12-10 4Z M170 160l20 30-12-4-8 12-8-12-12 4Z" fill="#f1faee" />
      <path d="M-10 350c80-30 140 10 200-10s90-20 120-10v80H-10Z" fill="#2a9d8f" />
      {/* The trail, dotted across the map, ending in an X. */}
      <path
        d="M30 392c30-20 60-10 90-24s50-26 90-18"
        fill="none"
        stroke="#fefae0"
        strokeWidth="4"
        strokeDasharray="2 9"
        strokeLinecap="round"
      />
      <path d="M212 342l14 14m0-14-14 14" stroke="#e63946" strokeWidth="5" strokeLinecap="round" />
      {/* A hot-air balloon drifting in. */}
      <ellipse cx="246" cy="50" rx="24" ry="27" fill="#e63946" />
      <path d="M246 23c-10 12-10 42 0 54M246 23c10 12 10 42 0 54" fill="none" stroke="#fefae0" strokeWidth="3" />
      <path d="M234 72l6 14h12l6-14" fill="none" stroke="#3d2b1f" strokeWidth="1.5" />
      <rect x="239" y="86" width="14" height="10" rx="2" fill="#8d5a3b" />
      {/* A compass rose in the corner. */}
      <g transform="translate(44 54)">
        <circle r="26" fill="#fefae0" stroke="#3d2b1f" strokeWidth="3" />
        <path d="M0-22 6 0 0 22-6 0Z" fill="#e63946" />
        <path d="M-22 0 0-6 22 0 0 6Z" fill="#3d2b1f" />
        <circle r="3" fill="#fefae0" />
      </g>
    </>
  );
}

function FairytaleScene({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3b2c6b" />
          <stop offset="0.5" stopColor="#9b6fc4" />
          <stop offset="1" stopColor="#f5b8d2" />
        </linearGradient>
      </defs>
      <rect width="300" height="400" fill={`url(#${id}-sky)`} />
      <path d="M-20 400a170 170 0 0 1 340 0" fill="none" stroke="#ffd6e8" strokeWidth="10" opacity="0.45" />
      <path d="M-4 400a154 154 0 0 1 308 0" fill="none" stroke="#c9f2ff" strokeWidth="10" opacity="0.4" />
      {/* The castle on its hill. */}
      <path d="M0 350c60-24 240-24 300 0v50H0Z" fill="#6c4f9e" />
      <g fill="#f3e8ff">
        <rect x="96" y="268" width="108" height="90" />
        <rect x="82" y="236" width="28" height="122" />
        <rect x="190" y="236" width="28" height="122" />
        <rect x="136" y="222" width="28" height="56" />
      </g>
      <g fill="#e26fa6">
        <path d="M78 238 96 200l18 38Z" />
        <path d="M186 238 204 200l18 38Z" />
        <path d="M132 224 150 182l18 42Z" />
      </g>
      <path
        d="M96 200v-14l14 5-14 5M204 200v-14l14 5-14 5M150 182v-16l15 6-15 6"
        fill="#ffd166"
        stroke="#ffd166"
        strokeWidth="1.5"
      />
      <path d="M138 358v-30a12 12 0 0 1 24 0v30Z" fill="#6c4f9e" />
      <g fill="#6c4f9e">
        <rect x="90" y="262" width="10" height="14" rx="5" />
        <rect x="200" y="262" width="10" height="14" rx="5" />
        <rect x="145" y="236" width="10" height="14" rx="5" />
      </g>
      {[
        [34, 40, 9],
        [268, 36, 7],
        [250, 150, 6],
        [40, 170, 6],
        [150, 24, 5],
        [70, 250, 5],
        [236, 262, 5],
      ].map(([x, y, r]) => (
        <path key={`${x}-${y}`} d={star(x!, y!, r!)} fill="#fff3b0" />
      ))}
    </>
  );
}

function SuperheroScene({ id }: { id: string }) {
  const burst = Array.from({ length: 24 }, (_, index) => {
    const angle = (Math.PI * 2 * index) / 24;
    const radius = index % 2 === 0 ? 200 : 120;
    return `${150 + radius * Math.cos(angle)},${165 + radius * Math.sin(angle)}`;
  }).join(' ');
  return (
    <>
      <defs>
        <pattern id={`${id}-dots`} width="10" height="10" patternUnits="userSpaceOnUse">
          <circle cx="5" cy="5" r="2.2" fill="#f08c00" opacity="0.55" />
        </pattern>
      </defs>
      <rect width="300" height="400" fill="#ffd43b" />
      <rect width="300" height="400" fill={`url(#${id}-dots)`} />
      <polygon points={burst} fill="#e03131" />
      {/* Speed lines. */}
      <g stroke="#1c1c1c" strokeWidth="3" strokeLinecap="round">
        <path d="M10 40l40 16M6 80l36 8M250 36l40-14M258 84l36-4" />
      </g>
      {/* The city skyline. */}
      <path d="M0 400V320h26v-30h22v40h18v-60h30v50h16v-24h24v54h20v-70h26v40h22v-30h30v44h18v-20h48v86Z" fill="#1c2541" />
      <g fill="#ffd43b">
        {[
          [72, 286],
          [82, 300],
          [146, 320],
          [174, 282],
          [184, 300],
          [232, 316],
        ].map(([x, y]) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="5" height="7" />
        ))}
      </g>
      {/* A comic caption bubble. */}
      <g transform="translate(240 104) rotate(-10)">
        <path d="M-34-16h68v32h-44l-12 12v-12h-12Z" fill="#fff" stroke="#1c1c1c" strokeWidth="3" strokeLinejoin="round" />
        <text x="0" y="7" textAnchor="middle" fontFamily="Impact, 'Arial Black', sans-serif" fontSize="20" fill="#1c1c1c">
          POW!
        </text>
      </g>
    </>
  );
}

/** The background scene of a style's cover. */
export function StyleScene({ style, id }: { style: CoverStyle; id: string }) {
  switch (style) {
    case 'adventure':
      return <AdventureScene id={id} />;
    case 'fairytale':
      return <FairytaleScene id={id} />;
    case 'superhero':
      return <SuperheroScene id={id} />;
    default:
      return <ClassicScene id={id} />;
  }
}

/** Where and how each style frames the photo. */
export function photoFrame(style: CoverStyle): PhotoFrame {
  switch (style) {
    case 'adventure':
      return {
        cx: 150,
        cy: 180,
        rx: 70,
        ry: 70,
        clip: <circle cx="150" cy="180" r="62" />,
        border: (
          <>
            <circle cx="150" cy="180" r="64" fill="none" stroke="#fefae0" strokeWidth="6" />
            <circle cx="150" cy="180" r="70" fill="none" stroke="#8d5a3b" strokeWidth="5" strokeDasharray="7 4" />
          </>
        ),
      };
    case 'fairytale':
      return {
        cx: 150,
        cy: 192,
        rx: 56,
        ry: 72,
        clip: <path d="M96 262V176a54 54 0 0 1 108 0v86Z" />,
        border: (
          <>
            <path d="M96 262V176a54 54 0 0 1 108 0v86Z" fill="none" stroke="#ffd166" strokeWidth="6" />
            <path d="M88 270V176a62 62 0 0 1 124 0v94Z" fill="none" stroke="#e26fa6" strokeWidth="3" />
          </>
        ),
      };
    case 'superhero':
      return {
        cx: 150,
        cy: 168,
        rx: 66,
        ry: 66,
        clip: <path d="M150 104l58 22v42c0 38-26 62-58 74-32-12-58-36-58-74v-42Z" />,
        border: (
          <path
            d="M150 104l58 22v42c0 38-26 62-58 74-32-12-58-36-58-74v-42Z"
            fill="none"
            stroke="#1c1c1c"
            strokeWidth="7"
            strokeLinejoin="round"
          />
        ),
      };
    default:
      return {
        cx: 150,
        cy: 170,
        rx: 62,
        ry: 76,
        clip: <ellipse cx="150" cy="170" rx="58" ry="72" />,
        border: (
          <>
            <ellipse cx="150" cy="170" rx="60" ry="74" fill="none" stroke="#fbf5ea" strokeWidth="5" />
            <ellipse cx="150" cy="170" rx="66" ry="80" fill="none" stroke="#c9a25e" strokeWidth="2" />
          </>
        ),
      };
  }
}

export function titleLook(style: CoverStyle): TitleLook {
  switch (style) {
    case 'adventure':
      return {
        fill: '#fefae0',
        stroke: '#264653',
        fontFamily: "'Trebuchet MS', 'Segoe UI', sans-serif",
        fontWeight: 800,
        top: 272,
        kickerFill: '#fefae0',
      };
    case 'fairytale':
      return {
        fill: '#fff7fb',
        stroke: '#6c4f9e',
        fontFamily: "Georgia, 'Palatino Linotype', serif",
        fontWeight: 700,
        top: 36,
        kickerFill: '#ffe3f1',
      };
    case 'superhero':
      return {
        fill: '#ffffff',
        stroke: '#1c1c1c',
        fontFamily: "Impact, 'Arial Black', sans-serif",
        fontWeight: 900,
        top: 272,
        kickerFill: '#1c1c1c',
      };
    default:
      return {
        fill: '#2f3e5c',
        fontFamily: "Georgia, 'Times New Roman', serif",
        fontWeight: 700,
        top: 276,
        kickerFill: '#7a5c3a',
      };
  }
}

/** A child drawn simply, standing in for the photo in the style samples. */
export function ChildFigure({ style }: { style: CoverStyle }) {
  const colours: Record<CoverStyle, [string, string, string]> = {
    classic: ['#f2d1b3', '#7a9cc6', '#6b4b3a'],
    adventure: ['#e8b48a', '#2a9d8f', '#3d2b1f'],
    fairytale: ['#f5cfb8', '#e26fa6', '#8a5a2b'],
    superhero: ['#e9b993', '#1c7ed6', '#2b2b2b'],
  };
  const [skin, clothes, hair] = colours[style];
  const { cx, cy } = photoFrame(style);
  return (
    <g>
      <rect x={cx - 80} y={cy - 90} width="160" height="180" fill="#fffaf2" />
      <path d={`M${cx - 48} ${cy + 84}c4-34 22-50 48-50s44 16 48 50Z`} fill={clothes} />
      <circle cx={cx} cy={cy - 12} r="30" fill={skin} />
      <path d={`M${cx - 31} ${cy - 14}c0-26 14-38 31-38s31 12 31 38c-8-12-20-18-31-18s-23 6-31 18Z`} fill={hair} />
      {style === 'superhero' && <rect x={cx - 26} y={cy - 17} width="52" height="14" rx="6" fill="#e03131" />}
      <circle cx={cx - 10} cy={cy - 10} r="3" fill={style === 'superhero' ? '#ffffff' : '#2b2b2b'} />
      <circle cx={cx + 10} cy={cy - 10} r="3" fill={style === 'superhero' ? '#ffffff' : '#2b2b2b'} />
      <path d={`M${cx - 9} ${cy + 2}q9 8 18 0`} fill="none" stroke="#2b2b2b" strokeWidth="2.5" strokeLinecap="round" />
    </g>
  );
}
