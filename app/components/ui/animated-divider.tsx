/** A thin gradient rule that shimmers; a static gradient when reduced motion is preferred. */
export function AnimatedDivider() {
  return <div aria-hidden="true" className="animated-divider mx-auto h-px w-full max-w-7xl" />;
}
