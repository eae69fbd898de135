/** The shop's mark: an open book with a star rising from it. Decorative next to the name. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="12" fill="#6c3ce1" />
      <path d="M8 15.5c4-1.6 8-1.2 12 1.4v15c-4-2.6-8-3-12-1.4z" fill="#fff" />
      <path d="M32 15.5c-4-1.6-8-1.2-12 1.4v15c4-2.6 8-3 12-1.4z" fill="#f1eaff" />
      <path
        d="M20 4.5l1.7 4 4.3.4-3.3 2.8 1 4.2-3.7-2.3-3.7 2.3 1-4.2-3.3-2.8 4.3-.4z"
        fill="#ffb627"
        stroke="#ffb627"
        strokeWidth="0.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
