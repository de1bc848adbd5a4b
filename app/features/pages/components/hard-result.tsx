import { Link } from "react-router";

import { attribution, Avatar } from "~/features/site-content";

/** One client's result and who said it: the proof the home page leads with. */
export type HardResult = {
  /** The case study's address in the page's language. */
  href: string;
  /** The client's testimonial the card quotes. */
  testimonialId: string;
  clientName: string;
  value: string;
  label: string;
  quote: string;
  name: string;
  role: string;
  company: string;
  image: string | null;
};

/**
 * A hard, attributed result: the figure large, what it measures and for whom, then the client's own
 * words and name. It sits above the agency's own figures, which read as context after it.
 */
export function HardResultCard({ result }: { result: HardResult }) {
  return (
    <section aria-label="A client's result" className="mt-10">
      <figure className="relative overflow-hidden rounded-2xl border border-border bg-card p-5 shadow-xl shadow-black/5 sm:p-6 dark:shadow-black/30">
        <div
          aria-hidden="true"
          className="absolute inset-y-0 left-0 w-1.5 bg-gradient-to-b from-primary via-secondary to-accent"
        />
        <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <span className="font-display text-5xl leading-none font-extrabold tracking-tight text-primary sm:text-6xl">
            {result.value}
          </span>
          <span className="text-lg leading-snug font-semibold text-balance">
            {result.label}{" "}
            <span className="block text-sm font-normal text-muted">for {result.clientName}</span>
          </span>
        </p>
        <blockquote className="mt-4 text-pretty text-fg/90">
          <p>“{result.quote}”</p>
        </blockquote>
        <figcaption className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <span className="flex items-center gap-3">
            <Avatar name={result.name} src={result.image} size={40} />
            <span className="text-sm">
              <span className="block font-semibold">{result.name}</span>
              <span className="block text-muted">{attribution(result)}</span>
            </span>
          </span>
          <Link
            to={result.href}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline"
          >
            Read the case study<span className="sr-only">: {result.clientName}</span> →
          </Link>
        </figcaption>
      </figure>
    </section>
  );
}
