/**
 * A 24 × 24 line icon drawn in the text colour; decorative (the control around it is named). The admin
 * draws its section icons a little finer (`strokeWidth` 1.8).
 */
export function StrokeIcon({
  d,
  className,
  strokeWidth = 2,
}: {
  d: string;
  className: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
