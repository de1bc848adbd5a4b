const BANDS = [1, 2, 3, 4] as const;

/**
 * Text with a glitch effect. "always" loops, "hover" plays while pointed at, "once" plays a single
 * 1000 ms burst 500 ms after the page appears. All of it is CSS (see app.css) and switched off when
 * the visitor prefers reduced motion. The coloured slices are drawn from `data-text` by CSS, so the
 * text is in the page (and read out) once.
 */
export function GlitchText({
  text,
  trigger = "once",
  className = "",
}: {
  text: string;
  trigger?: "always" | "hover" | "once";
  /** On the inline block itself: a background clipped to the text then covers every line it wraps to. */
  className?: string;
}) {
  return (
    <span className={`glitch glitch-${trigger} ${className}`}>
      {text}
      {BANDS.map((band) => (
        <span key={band} aria-hidden="true" className={`glitch-band glitch-band-${band}`} data-text={text} />
      ))}
    </span>
  );
}
