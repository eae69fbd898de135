/** Our own poster for the sample story: a child hero on a hill, waving to a lighthouse at dusk. */
export function SamplePoster() {
  return (
    <svg
      className="sample__poster-art"
      viewBox="0 0 640 360"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="poster-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3d2391" />
          <stop offset="0.55" stopColor="#7b4cf0" />
          <stop offset="1" stopColor="#ff9f80" />
        </linearGradient>
        <linearGradient id="poster-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3f74d6" />
          <stop offset="1" stopColor="#2a4a9e" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" fill="url(#poster-sky)" />
      {[
        [60, 40],
        [140, 80],
        [230, 30],
        [330, 60],
        [420, 26],
        [520, 70],
        [590, 34],
        [280, 110],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2" fill="#fff" opacity="0.85" />
      ))}
      <path d="M96 58a26 26 0 1 0 21 42a21 21 0 1 1 -21 -42z" fill="#ffd66b" />

      {/* the lighthouse's beams, behind it */}
      <path d="M486 128L640 70V150Z" fill="#ffe08a" opacity="0.35" />
      <path d="M470 128L330 90V150Z" fill="#ffe08a" opacity="0.25" />

      {/* sea and waves */}
      <path d="M0 250C80 238 160 262 240 250S400 238 480 250S600 262 640 252V360H0Z" fill="url(#poster-sea)" />
      <path
        d="M0 280C60 272 120 290 190 280S320 270 380 282"
        fill="none"
        stroke="#8fb3ff"
        strokeWidth="4"
        strokeLinecap="round"
        opacity="0.6"
      />
      <path
        d="M260 318C320 308 380 326 450 316S580 306 640 318"
        fill="none"
        stroke="#8fb3ff"
        strokeWidth="4"
        strokeLinecap="round"
        opacity="0.5"
      />

      {/* the lighthouse on its rock */}
      <path d="M400 262C420 226 520 220 560 262Z" fill="#2b2540" />
      <path d="M458 236L464 140H492L498 236Z" fill="#fff" />
      <path d="M461 198H495L496 214H460ZM463 160H493L494 176H462Z" fill="#e85d3f" />
      <rect x="462" y="118" width="32" height="22" rx="4" fill="#ffd66b" />
      <path d="M456 118L478 98L500 118Z" fill="#e85d3f" />

      {/* the hill and our hero */}
      <path d="M0 300C60 230 200 220 300 300V360H0Z" fill="#3fb6a8" />
      <path d="M0 330C80 290 200 290 280 340V360H0Z" fill="#2f9488" />
      <path d="M143 200Q112 222 106 256Q130 250 156 256L160 202Z" fill="#ff7a59" />
      <rect x="138" y="232" width="9" height="30" rx="4.5" fill="#2b2540" />
      <rect x="151" y="232" width="9" height="30" rx="4.5" fill="#2b2540" />
      <rect x="134" y="196" width="30" height="44" rx="11" fill="#ffb627" />
      <path d="M162 204Q180 190 190 170" fill="none" stroke="#e9b48a" strokeWidth="8" strokeLinecap="round" />
      <path d="M136 206Q124 222 132 234" fill="none" stroke="#e9b48a" strokeWidth="8" strokeLinecap="round" />
      <circle cx="149" cy="180" r="20" fill="#e9b48a" />
      <path
        d="M129 180C127 162 141 154 152 155C165 156 171 166 169 181C164 171 156 168 148 169C140 170 134 174 129 180Z"
        fill="#2b2540"
      />
      <circle cx="143" cy="183" r="2.4" fill="#2b2540" />
      <circle cx="156" cy="183" r="2.4" fill="#2b2540" />
      <path d="M143 191Q149.5 196 156 191" fill="none" stroke="#2b2540" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
