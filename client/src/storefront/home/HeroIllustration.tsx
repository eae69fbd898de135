/** Our own drawing: a child hero in a cape, rising from an open storybook under a starry sky. */
export function HeroIllustration() {
  const pageLines = ['M78 292C120 284 170 286 214 302', 'M78 310C120 302 170 304 214 320', 'M78 328C110 322 140 322 172 328'];
  return (
    <svg className="hero-illustration" viewBox="0 0 480 420" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" gradientUnits="userSpaceOnUse" x1="0" y1="30" x2="0" y2="370">
          <stop offset="0" stopColor="#7b4cf0" />
          <stop offset="1" stopColor="#3d2391" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ffe08a" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffe08a" stopOpacity="0" />
        </radialGradient>
      </defs>

      {/* the night sky, with its moon and stars */}
      <circle cx="240" cy="196" r="162" fill="url(#hero-sky)" />
      <path d="M356 72a30 30 0 1 0 24 48a24 24 0 1 1 -24 -48z" fill="#ffd66b" />
      {[
        [150, 90, 2.2],
        [200, 58, 1.6],
        [300, 120, 1.6],
        [118, 172, 1.8],
        [372, 168, 2.2],
        [392, 236, 1.6],
        [96, 236, 1.6],
        [176, 140, 1.4],
      ].map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#fff" opacity="0.85" />
      ))}
      <path d="M132 104l3 9 9 3-9 3-3 9-3-9-9-3 9-3z" fill="#ffd66b" />
      <path d="M388 190l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" fill="#ffd66b" />
      <path
        d="M122 270c-22-46 4-96 36-128"
        fill="none"
        stroke="#ffd66b"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="1 10"
      />
      <path
        d="M358 270c22-46-4-96-36-128"
        fill="none"
        stroke="#b79cff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="1 10"
      />

      {/* soft shadow and glow */}
      <ellipse cx="240" cy="392" rx="196" ry="12" fill="#2b2540" opacity="0.12" />
      <ellipse cx="240" cy="290" rx="110" ry="50" fill="url(#hero-glow)" />

      {/* the open book */}
      <path
        d="M240 312C280 286 366 276 444 290L444 360C366 348 282 354 240 380C198 354 114 348 36 360L36 290C114 276 200 286 240 312Z"
        fill="#e85d3f"
      />
      <path d="M240 300C200 272 120 262 50 276L50 346C120 334 200 340 240 366Z" fill="#fff" />
      <path d="M240 300C280 272 360 262 430 276L430 346C360 334 280 340 240 366Z" fill="#f4effd" />
      <path d="M240 300V366" stroke="#d9cff0" strokeWidth="2" />
      {pageLines.map((d) => (
        <g key={d} fill="none" stroke="#d9cff0" strokeWidth="4" strokeLinecap="round">
          <path d={d} />
          <path d={d} transform="matrix(-1 0 0 1 480 0)" />
        </g>
      ))}

      {/* the hero: cape, legs, body, arms, head */}
      <path d="M226 208Q176 240 164 296Q208 284 252 296L256 210Z" fill="#ff7a59" />
      <rect x="227" y="254" width="12" height="42" rx="6" fill="#2b2540" />
      <rect x="243" y="254" width="12" height="42" rx="6" fill="#2b2540" />
      <ellipse cx="232" cy="297" rx="10" ry="5.5" fill="#ffb627" />
      <ellipse cx="251" cy="297" rx="10" ry="5.5" fill="#ffb627" />
      <rect x="221" y="202" width="40" height="62" rx="15" fill="#3fb6a8" />
      <path d="M241 220l3.2 6.6 7.2 1-5.2 5 1.3 7.2-6.5-3.4-6.5 3.4 1.3-7.2-5.2-5 7.2-1z" fill="#ffd66b" />
      <path d="M225 214Q206 238 220 254" fill="none" stroke="#e9b48a" strokeWidth="10" strokeLinecap="round" />
      <path d="M257 212Q276 190 284 162" fill="none" stroke="#e9b48a" strokeWidth="10" strokeLinecap="round" />
      <path d="M288 128l4 11 11 4-11 4-4 11-4-11-11-4 11-4z" fill="#ffd66b" />
      <circle cx="241" cy="176" r="29" fill="#e9b48a" />
      <path
        d="M212 176C210 150 230 138 246 140C264 141 274 156 271 178C264 164 252 158 240 160C229 161 219 167 212 176Z"
        fill="#4a2f1f"
      />
      <path d="M246 140c6-8 16-8 18-2-6 0-10 2-12 6z" fill="#4a2f1f" />
      <circle cx="231" cy="180" r="3.2" fill="#2b2540" />
      <circle cx="251" cy="180" r="3.2" fill="#2b2540" />
      <circle cx="224" cy="190" r="4.5" fill="#ff8a73" opacity="0.55" />
      <circle cx="258" cy="190" r="4.5" fill="#ff8a73" opacity="0.55" />
      <path d="M232 191Q241 199 250 191" fill="none" stroke="#2b2540" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
