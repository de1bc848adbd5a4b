import type { ReactNode } from "react";
import { Link } from "react-router";

import type { CaseStudySummary } from "~/features/case-studies";
import { CoverImage } from "~/features/media";
import { toneText } from "~/features/site-content";
import type { Stat } from "~/platform/pages/types";
import { GlitchText } from "~/ui/brand/glitch-text";

import { type HardResult, HardResultCard } from "./hard-result";
import { HeroGlow } from "./hero";

/**
 * The home page opens on the work, not on a slogan alone: the promise and the figures on one side,
 * the featured case studies (cover, client, headline result) on the other. On a phone the work is a
 * row that scrolls sideways under the actions.
 */
export function HomeHero({
  eyebrow,
  headline,
  highlight,
  intro,
  stats,
  statsSource,
  work,
  result,
  children,
}: {
  eyebrow: string;
  headline: string;
  highlight: string;
  intro: string;
  stats: Stat[];
  /** How the figures are counted (the settings). */
  statsSource: string;
  work: CaseStudySummary[];
  /** The client's result shown before the agency's own figures. */
  result: HardResult | null;
  children: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden">
      <HeroGlow />
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pt-14 pb-16 sm:px-6 sm:pt-24 lg:grid-cols-[1.1fr_1fr] lg:gap-14 lg:pb-24">
        <div>
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{eyebrow}</p>
          <h1 className="mt-4 text-[2.6rem] leading-[1.02] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl">
            {headline} <GlitchText text={highlight} trigger="once" className="text-brand-gradient" />
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-muted">{intro}</p>
          {/* On a phone the buttons share the row, or each fill one: never two pills of odd widths. */}
          <div className="mt-9 flex flex-wrap gap-4 max-sm:gap-3 max-sm:[&>*]:flex-1 max-sm:[&>*]:whitespace-nowrap">
            {children}
          </div>
          {result && <HardResultCard result={result} />}
          <section
            aria-label="Our numbers"
            className={`border-t border-border pt-6 ${result ? "mt-8" : "mt-12"}`}
          >
            <ul className="grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-4">
              {stats.map((stat) => (
                <li key={`${stat.value}-${stat.label}`}>
                  <p
                    className={`font-display text-3xl font-bold tracking-tight ${toneText[stat.tone ?? "primary"]}`}
                  >
                    {stat.value}
                  </p>
                  <p className="mt-1 text-sm text-muted">{stat.label}</p>
                </li>
              ))}
            </ul>
            {statsSource && <p className="mt-4 max-w-xl text-xs text-pretty text-muted">{statsSource}</p>}
          </section>
        </div>
        {work.length > 0 && <FeaturedWork work={work} />}
      </div>
    </section>
  );
}

function FeaturedWork({ work }: { work: CaseStudySummary[] }) {
  const [lead, ...rest] = work;
  return (
    <section aria-labelledby="case-studies-heading">
      <h2 id="case-studies-heading" className="sr-only">
        Case Studies
      </h2>
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 [scrollbar-width:none] gap-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-2 lg:gap-5 lg:overflow-visible lg:px-0 lg:pb-0">
        {lead && (
          <li className="w-[82%] shrink-0 snap-start sm:w-[60%] lg:col-span-2 lg:w-auto">
            <WorkTile caseStudy={lead} priority />
          </li>
        )}
        {rest.map((caseStudy) => (
          <li key={caseStudy.slug} className="w-[82%] shrink-0 snap-start sm:w-[60%] lg:w-auto">
            <WorkTile caseStudy={caseStudy} compact />
          </li>
        ))}
      </ul>
      <p className="mt-5 text-right">
        <Link to="/work" className="inline-flex min-h-11 items-center text-sm font-semibold text-primary">
          View All Case Studies →
        </Link>
      </p>
    </section>
  );
}

/** A featured study: its cover, client and headline result; the whole tile opens the study. */
function WorkTile({
  caseStudy,
  priority = false,
  compact = false,
}: {
  caseStudy: CaseStudySummary;
  priority?: boolean;
  compact?: boolean;
}) {
  const result = caseStudy.metrics[0];
  return (
    <article className="group relative h-full overflow-hidden rounded-2xl border border-border bg-card shadow-xl shadow-black/5 transition-colors hover:border-primary dark:shadow-black/30">
      <CoverImage
        src={caseStudy.coverImage}
        alt=""
        priority={priority}
        sizes={compact ? "(min-width: 1024px) 290px, 82vw" : "(min-width: 1024px) 600px, 82vw"}
        className="transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
      />
      {/* On a phone the result sits under the title, which then keeps the card's whole width. */}
      <div className="flex flex-col gap-3 p-4 lg:flex-row lg:items-start lg:justify-between lg:gap-4">
        <div className="min-w-0">
          <p className="truncate text-xs font-semibold tracking-wider text-secondary uppercase">
            {caseStudy.clientName || caseStudy.category}
          </p>
          <h3 className={`mt-1 font-semibold text-balance ${compact ? "line-clamp-2 text-sm" : "text-base"}`}>
            <Link
              to={caseStudy.href ?? `/work/${caseStudy.slug}`}
              className="group-has-[:focus-visible]:underline after:absolute after:inset-0 focus-visible:outline-none"
            >
              {caseStudy.title}
            </Link>
          </h3>
        </div>
        {result && !compact && (
          <p className="flex shrink-0 items-baseline gap-2 lg:block lg:text-right">
            <span className="block font-display text-2xl leading-none font-bold text-primary">
              {result.value}
            </span>
            <span className="block text-xs text-muted lg:mt-1">{result.label}</span>
          </p>
        )}
      </div>
    </article>
  );
}
