import type { ReactNode } from "react";

/** The opening block of a marketing page: eyebrow, headline, intro, actions. */
export function Hero({
  eyebrow,
  headline,
  highlight,
  intro,
  children,
  as: Heading = "h1",
}: {
  eyebrow: string;
  headline: string;
  highlight: string;
  intro: string;
  children?: ReactNode;
  as?: "h1" | "h2";
}) {
  return (
    <section className="relative isolate overflow-hidden">
      <HeroGlow />
      <div className="mx-auto max-w-5xl px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{eyebrow}</p>
        <Heading className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {/* The gradient is the home page's one moment; here the headline is set plainly. */}
          {headline} {highlight}
        </Heading>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted">{intro}</p>
        {children && <div className="mt-10 flex flex-wrap justify-center gap-4">{children}</div>}
      </div>
    </section>
  );
}

/**
 * Two slow glows behind a page's opening. In the light theme they are pale tints of the brand colours
 * (a 10 % teal over white read as a grey smudge).
 */
export function HeroGlow() {
  return (
    <div aria-hidden="true" className="hero-glows pointer-events-none absolute inset-0 -z-10">
      <div className="float-slow glow-disc glow-violet absolute -top-56 -left-56 size-160" />
      <div className="float-slower glow-disc glow-cyan absolute -top-12 -right-56 size-160" />
    </div>
  );
}
