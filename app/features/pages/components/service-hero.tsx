import type { ReactNode } from "react";
import { Link } from "react-router";

import type { CaseStudySummary } from "~/features/case-studies";
import { CoverImage } from "~/features/media";

import { HeroGlow } from "./hero";

/**
 * A service page's opening: the promise on one side and, beside it, its signature: a piece of the work
 * that credits the service, with the figure it moved. Without such work the promise stands alone.
 */
export function ServiceHero({
  eyebrow,
  headline,
  highlight,
  intro,
  signature,
  children,
}: {
  eyebrow: string;
  headline: string;
  highlight: string;
  intro: string;
  signature: CaseStudySummary | null;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden">
      <HeroGlow />
      <div
        className={`mx-auto max-w-7xl px-4 pt-16 pb-16 sm:px-6 sm:pt-24 ${signature ? "grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-16" : "text-center"}`}
      >
        <div>
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{eyebrow}</p>
          <h1 className="mt-4 text-4xl leading-[1.05] font-bold tracking-tight text-balance sm:text-6xl">
            {headline} {highlight}
          </h1>
          <p className={`mt-6 max-w-2xl text-lg text-pretty text-muted ${signature ? "" : "mx-auto"}`}>
            {intro}
          </p>
          {children && (
            <div
              className={`mt-10 flex flex-wrap gap-4 max-sm:gap-3 max-sm:[&>*]:flex-1 max-sm:[&>*]:whitespace-nowrap ${signature ? "" : "justify-center"}`}
            >
              {children}
            </div>
          )}
        </div>
        {signature && (
          <figure className="group">
            <Link
              to={signature.href ?? `/work/${signature.slug}`}
              className="block rounded-3xl focus-visible:outline-offset-4"
            >
              <CoverImage
                src={signature.coverImage}
                alt={coverWords(signature)}
                priority
                sizes="(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw"
                className="rounded-3xl border border-border shadow-2xl shadow-black/10 dark:shadow-black/40"
              />
            </Link>
            {/* Under the picture, never over it: the picture is the work, and shows its own figure. */}
            <figcaption className="mt-4 flex items-baseline justify-between gap-4 px-1">
              <span className="min-w-0">
                <span className="block text-xs font-semibold tracking-wider text-secondary uppercase">
                  Recent work · {signature.clientName || signature.category}
                </span>
                <span className="mt-1 block font-semibold text-balance">{signature.title}</span>
              </span>
              <span
                aria-hidden="true"
                className="text-xl text-primary transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
              >
                →
              </span>
            </figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}

/** What the cover shows, for those who cannot see it: the client and the title, the name said once. */
function coverWords({ clientName, title }: CaseStudySummary): string {
  return !clientName || title.toLowerCase().startsWith(clientName.toLowerCase())
    ? title
    : `${clientName}: ${title}`;
}
