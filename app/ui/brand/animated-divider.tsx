/** A thin gradient rule that shimmers; a static gradient when reduced motion is preferred. */
export function AnimatedDivider() {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-7xl overflow-hidden">
      <div className="animated-divider h-px" />
    </div>
  );
}
