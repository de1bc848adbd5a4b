/** The agency's wordmark, "Northwall." in the brand colours; the link around it gives it its name. */
export function Wordmark() {
  return (
    <>
      <span className="text-primary">North</span>wall<span className="text-secondary">.</span>
    </>
  );
}
