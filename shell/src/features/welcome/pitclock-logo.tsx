/** The PitClock mark: a clock face in an ember circle (same drawing as public/favicon.svg). */
export function PitClockLogo({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 64 64"
      width="96"
      height="96"
      role="img"
      aria-label="PitClock logo"
    >
      <circle cx="32" cy="32" r="30" fill="#b3420e" />
      <circle cx="32" cy="34" r="19" fill="#faf7f4" />
      <path
        d="M32 22v12l8 5"
        fill="none"
        stroke="#221d1a"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M26 8h12" stroke="#faf7f4" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
