import { Link } from "react-router";

import type { CaseStudy } from "#db/schema";
import { CoverImage } from "~/features/media/index";
import { useWords } from "~/platform/i18n/use-words";

export type CaseStudySummary = Pick<
  CaseStudy,
  "slug" | "title" | "clientName" | "excerpt" | "category" | "coverImage" | "metrics" | "tags"
> & {
  /** Its address in the page's language (a translation's own slug under its prefix); `/work/<slug>` when absent. */
  href?: string;
};

/** Only what a card shows travels to the browser (not the write-up). */
export function toCaseStudySummary({
  slug,
  title,
  clientName,
  excerpt,
  category,
  coverImage,
  metrics,
  tags,
  href,
}: CaseStudySummary): CaseStudySummary {
  return { slug, title, clientName, excerpt, category, coverImage, metrics, tags, ...(href && { href }) };
}

export const CARD_METRICS = 2;
export const CARD_TAGS = 3;

/** On a phone a compact card is a row: a square thumbnail beside the title and its first result. */
const COMPACT = {
  article: "max-sm:flex-row max-sm:rounded-xl",
  cover:
    "max-sm:w-28 max-sm:shrink-0 max-sm:[&_picture]:h-full max-sm:[&_img]:aspect-auto max-sm:[&_img]:h-full max-sm:[&_img]:object-left max-sm:[&_img]:min-h-28",
  body: "max-sm:p-4",
  hidden: "max-sm:hidden",
  heading: "max-sm:mt-1 max-sm:text-base max-sm:leading-snug",
  metrics: "max-sm:mt-2 max-sm:grid-cols-1 max-sm:[&>li]:bg-transparent max-sm:[&>li]:p-0",
  moreMetrics: "max-sm:hidden",
};
const none = { article: "", cover: "", body: "", hidden: "", heading: "", metrics: "", moreMetrics: "" };

/** A portfolio card: the whole card opens /work/{slug}; at most 2 metrics and 3 tags. */
export function CaseStudyCard({
  caseStudy: caseStudy,
  headingLevel = "h2",
  wide = false,
  compact = false,
  href = caseStudy.href ?? `/work/${caseStudy.slug}`,
}: {
  caseStudy: CaseStudySummary;
  headingLevel?: "h2" | "h3";
  /** Spanning two columns: its cover fills the card's full height, so it needs a larger file. */
  wide?: boolean;
  /** Shown as a short row on a phone (an index of the work rather than a wall of posters). */
  compact?: boolean;
  /** Its address (a translation's is under its language's prefix). */
  href?: string;
}) {
  const Heading = headingLevel;
  const { t } = useWords();
  const c = compact ? COMPACT : none;
  return (
    // Given room (a card spanning two columns), the cover sits beside the text instead of above it, at
    // the 16:9 every card shows (centred in the tile's height, inset like a print): stretched to the
    // tile's height it was cropped to its left part, cutting the words drawn on it ("Harbour Coff").
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card transition-colors hover:border-primary @2xl:flex-row ${c.article}`}
    >
      <div
        className={`overflow-hidden @2xl:w-[56%] @2xl:shrink-0 @2xl:self-center @2xl:py-6 @2xl:pl-6 @2xl:[&_img]:rounded-xl [&>picture]:block ${c.cover}`}
      >
        <CoverImage
          src={caseStudy.coverImage}
          alt=""
          sizes={
            wide
              ? "(min-width: 1024px) 50vw, (min-width: 640px) 100vw, 100vw"
              : compact
                ? "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 112px"
                : "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          }
          className="transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col p-6 ${c.body}`}>
        <p className="text-xs font-semibold tracking-wider text-secondary uppercase">{caseStudy.category}</p>
        <Heading
          className={`mt-2 text-lg font-semibold @2xl:text-3xl @2xl:font-bold @2xl:tracking-tight @2xl:text-balance ${c.heading}`}
        >
          <Link
            to={href}
            className="group-has-[:focus-visible]:underline after:absolute after:inset-0 focus-visible:outline-none"
          >
            {caseStudy.title}
          </Link>
        </Heading>
        <p className={`mt-2 flex-1 text-sm text-muted @2xl:mt-4 @2xl:text-base ${c.hidden}`}>
          {caseStudy.excerpt}
        </p>
        {caseStudy.metrics.length > 0 && (
          <ul className={`mt-5 grid grid-cols-2 gap-3 ${c.metrics}`} aria-label={t("work.results")}>
            {caseStudy.metrics.slice(0, CARD_METRICS).map(({ value, label }, index) => (
              <li
                key={`${value} ${label}`}
                className={`rounded-xl bg-bg px-3 py-2 ${index > 0 ? c.moreMetrics : ""}`}
              >
                <span className={`block text-xl font-bold text-primary ${compact ? "max-sm:inline" : ""}`}>
                  {value}
                </span>
                <span className={`block text-xs text-muted ${compact ? "max-sm:ml-2 max-sm:inline" : ""}`}>
                  {label}
                </span>
              </li>
            ))}
          </ul>
        )}
        <ul className={`mt-4 flex flex-wrap gap-2 ${c.hidden}`} aria-label={t("work.tags")}>
          {caseStudy.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag} className="rounded-full border border-border px-3 py-1 text-xs text-muted">
              {tag}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
