/**
 * Text with a glitch effect. "always" loops, "hover" plays while pointed at, "once" plays a single
 * 1000 ms burst 500 ms after the page appears. All of it is CSS (see app.css) and switched off when
 * the visitor prefers reduced motion; screen readers get the text once.
 */
export function GlitchText({
  text,
  trigger = "once",
}: {
  text: string;
  trigger?: "always" | "hover" | "once";
}) {
  return (
    <span className={`glitch glitch-${trigger}`} data-text={text}>
      {text}
    </span>
  );
}
