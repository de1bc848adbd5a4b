import { Link } from "react-router";

import type { CaseStudy, GalleryImage, Testimonial } from "#db/schema";
import { CoverImage } from "~/features/media";
import { QuoteAuthor, toneText } from "~/features/site-content";
import { useWords } from "~/platform/i18n/use-words";
import { endedNote } from "~/platform/pages/ended-note";
import type { Tone } from "~/platform/pages/types";
import { useServices } from "~/platform/site/use-services";
import { stableHash } from "~/platform/text/stable-hash";

import { GalleryFigure, GalleryPair, isWide } from "./case-study-gallery";

/** What the article shows of a case study: its fields, the approach already made safe HTML. */
export type CaseStudyShown = Pick<
  CaseStudy,
  | "title"
  | "category"
  | "createdAt"
  | "status"
  | "clientName"
  | "excerpt"
  | "coverImage"
  | "coverAlt"
  | "metrics"
  | "challenge"
  | "credits"
  | "tags"
  | "gallery"
  | "outcome"
> &
  Partial<Pick<CaseStudy, "endedAt" | "endRedirect">> & { html: string };

type Quote = Pick<Testimonial, "quote" | "name" | "image" | "role" | "company">;

const tones: Tone[] = ["primary", "secondary", "accent"];

/** Paragraphs typed in a plain text field. */
function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => (
      <p key={paragraph} className="mt-5 first:mt-0">
        {paragraph.trim()}
      </p>
    ));
}

/** A chapter of the story: its number and heading on the left at 1024 px and wider, the text beside. */
function Chapter({
  id,
  number,
  title,
  children,
}: {
  id: string;
  number: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto mt-20 grid max-w-6xl gap-6 px-4 sm:px-6 lg:mt-28 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)] lg:gap-16"
    >
      <div className="lg:sticky lg:top-28 lg:self-start">
        <p aria-hidden="true" className="font-display text-sm font-semibold text-secondary tabular-nums">
          {number}
        </p>
        <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">
          {title}
        </h2>
      </div>
      <div className="min-w-0 text-lg leading-[1.8] text-pretty sm:text-xl">{children}</div>
    </section>
  );
}

const columnsFor: Record<number, string> = {
  1: "",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** The figures, large, in a band across the page: the story's headline before it is told. */
function BigNumbers({ metrics }: { metrics: CaseStudy["metrics"] }) {
  const { t } = useWords();
  return (
    <section aria-label={t("study.resultsAtAGlance")} className="mt-16 border-y border-border lg:mt-20">
      <ul
        className={`mx-auto grid max-w-6xl divide-border px-4 sm:px-6 ${columnsFor[metrics.length] ?? "sm:grid-cols-2 lg:grid-cols-4"} divide-y sm:divide-y-0`}
      >
        {metrics.map((metric, index) => (
          <li
            key={`${metric.value}-${metric.label}`}
            className="flex min-w-0 items-baseline gap-4 py-5 sm:block sm:py-10 sm:pr-6 md:border-l md:border-border md:pl-8 md:first:border-l-0 md:first:pl-0"
          >
            <p
              className={`max-w-full shrink-0 font-display text-5xl leading-none font-extrabold tracking-tight max-sm:max-w-[60%] max-sm:min-w-[40%] md:text-6xl lg:text-7xl ${toneText[tones[index % tones.length]!]}`}
            >
              {metric.value}
            </p>
            <p className="text-lg text-muted sm:mt-3">{metric.label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The client's words, set large in the middle of the story. */
function PullQuote({ quote }: { quote: Quote }) {
  return (
    <figure className="mx-auto mt-20 max-w-5xl px-4 text-center sm:px-6 lg:mt-28">
      <span aria-hidden="true" className="block font-display text-8xl leading-none text-primary">
        “
      </span>
      <blockquote className="-mt-6 text-3xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">
        <p>{quote.quote}</p>
      </blockquote>
      <QuoteAuthor quote={quote} size={56} className="mt-8 inline-flex text-left" />
    </figure>
  );
}

/** An outcome up to this long (a sentence or two) is set at the finale's largest size. */
const OUTCOME_SET_LARGEST = 220;

/**
 * The finale, in the client's colours (else the agency's): what changed, set large (the figures were
 * shown at full size under the cover, and are not said again), with the client's words beside it
 * when the story keeps them for its end.
 */
function Impact({
  outcome,
  quote,
  colours,
}: {
  outcome: string;
  quote: Quote | null;
  colours?: { background: string; text: string };
}) {
  const { t } = useWords();
  return (
    <section
      aria-labelledby="results-heading"
      className={`mt-20 lg:mt-28 ${colours ? "" : "bg-primary text-primary-fg"}`}
      style={colours && { backgroundColor: colours.background, color: colours.text }}
    >
      <div
        className={`mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:gap-20 lg:py-24 ${quote ? "lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]" : ""}`}
      >
        {/* What changed is the loudest line of the finale: its heading is a label over it. */}
        <div className={quote ? "" : "max-w-5xl"}>
          <h2 id="results-heading" className="text-sm font-semibold tracking-widest uppercase opacity-80">
            {t("study.results")}
          </h2>
          <div
            className={`mt-6 font-display leading-tight font-bold tracking-tight text-pretty ${quote || outcome.length > OUTCOME_SET_LARGEST ? "text-2xl sm:text-3xl lg:text-4xl" : "text-3xl sm:text-4xl lg:text-5xl"}`}
          >
            <Paragraphs text={outcome} />
          </div>
        </div>
        {quote && (
          <figure className="border-t-2 border-current/30 pt-8 lg:self-end">
            <blockquote className="text-lg leading-snug font-medium text-balance sm:text-xl">
              <p>“{quote.quote}”</p>
            </blockquote>
            <QuoteAuthor quote={quote} size={48} className="mt-6 flex" quiet="opacity-80" />
          </figure>
        )}
      </div>
    </section>
  );
}

/**
 * Where the client's words fall: set large in the middle of the story, or kept for its finale. Chosen
 * by the client's name (as their colours are), so studies read side by side do not all take the same
 * turns, and one study reads the same way in every language.
 */
function quoteAtTheEnd({ clientName, title, outcome }: CaseStudyShown): boolean {
  return Boolean(outcome) && stableHash(clientName || title) % 2 === 1;
}

/** Who it was for and what was done: the credits at the end of the story. */
function Credits({ caseStudy }: { caseStudy: CaseStudyShown }) {
  // A credit links to its service's page while visitors can see it; otherwise (hidden, or a credit
  // that is no service of this site) it is the words alone.
  const services = useServices();
  const { t, localPath } = useWords();
  const credited = caseStudy.credits.map((credit) => {
    const service = services.find((listed) => listed.title === credit);
    return { title: credit, to: service ? localPath(`/services/${service.slug}`) : null };
  });
  return (
    <aside aria-label={t("study.details")} className="mx-auto mt-20 max-w-6xl px-4 sm:px-6 lg:mt-24">
      <p className="text-sm font-semibold tracking-widest text-muted uppercase">{t("study.credits")}</p>
      <dl className="mt-6 grid gap-8 border-t border-border pt-8 sm:grid-cols-2 lg:grid-cols-4">
        {caseStudy.clientName && (
          <div>
            <dt className="text-sm text-muted">{t("study.client")}</dt>
            <dd className="mt-2 text-lg font-semibold">{caseStudy.clientName}</dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-muted">{t("study.category")}</dt>
          <dd className="mt-2 text-lg font-semibold">{caseStudy.category}</dd>
        </div>
        {credited.length > 0 && (
          <div>
            <dt className="text-sm text-muted">{t("study.whatWeDid")}</dt>
            <dd className="mt-2">
              <ul className="grid gap-1.5">
                {credited.map((service) => (
                  <li key={service.title}>
                    {service.to ? (
                      <Link to={service.to} className="font-semibold text-primary hover:underline">
                        {service.title}
                      </Link>
                    ) : (
                      <span className="font-semibold">{service.title}</span>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {caseStudy.tags.length > 0 && (
          <div>
            <dt className="text-sm text-muted">{t("study.channels")}</dt>
            <dd className="mt-2">
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {caseStudy.tags.map((tag) => (
                  <li key={tag} className="rounded-full border border-border px-3 py-1 text-sm text-muted">
                    {tag}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </aside>
  );
}

/** Where the gallery's pictures fall in the story: one across the page after the challenge, the rest in pairs. */
function placeGallery(gallery: GalleryImage[]) {
  const bleedAt = gallery.findIndex(isWide);
  const bleed = bleedAt >= 0 ? gallery[bleedAt] : undefined;
  const rest = gallery.filter((_, index) => index !== bleedAt);
  const later: GalleryImage[][] = [];
  for (let i = 2; i < rest.length; i += 2) later.push(rest.slice(i, i + 2));
  return { bleed, pair: rest.slice(0, 2), later };
}

/**
 * A case study as readers see it, told as a long story: the headline and cover across the page, the
 * figures large, the challenge and the approach as chapters with the work's pictures between them, the
 * client's words, the results as a finale and the credits. `preview` (a revision in the admin) leaves
 * out the way back to the portfolio and shows the title as a heading inside the admin's page.
 */
export function CaseStudyArticle({
  caseStudy,
  quote,
  preview = false,
  shared = false,
  sourceTag,
  colours,
}: {
  caseStudy: CaseStudyShown;
  quote?: Quote | null;
  /** The client's colours, for the finale (the artwork's); without them, the agency's. */
  colours?: { background: string; text: string };
  preview?: boolean;
  /** Opened by a preview link: its ribbon says it is a draft, not "only you can see this". */
  shared?: boolean;
  /** On a translation: the source's language tag, for what stays in its words (the pictures' captions, the quote). */
  sourceTag?: string;
}) {
  const Title = preview ? "h2" : "h1";
  const { t, localPath } = useWords();
  const { bleed, pair, later } = placeGallery(caseStudy.gallery);
  const atTheEnd = quoteAtTheEnd(caseStudy);
  return (
    <article>
      <header className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
        {!preview && (
          <Link to={localPath("/work")} className="text-sm font-semibold text-primary hover:underline">
            {t("study.back")}
          </Link>
        )}
        <div className="mt-10 flex flex-wrap items-center gap-3 text-sm">
          {caseStudy.clientName && (
            <span className="font-semibold tracking-widest wrap-anywhere text-secondary uppercase">
              {caseStudy.clientName}
            </span>
          )}
          <span className="rounded-full bg-primary/15 px-3 py-1 font-semibold wrap-anywhere text-primary">
            {caseStudy.category}
          </span>
          <time dateTime={caseStudy.createdAt.toISOString()} className="text-muted">
            {caseStudy.createdAt.getUTCFullYear()}
          </time>
          {caseStudy.status === "draft" && !shared && (
            <span className="rounded-full border border-accent px-3 py-1 font-semibold text-accent">
              {caseStudy.endedAt
                ? endedNote("case study", caseStudy.endedAt, caseStudy.endRedirect ?? null)
                : "Draft: only you can see this"}
            </span>
          )}
        </div>
        <Title className="mt-5 max-w-5xl text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl">
          {caseStudy.title}
        </Title>
        <p className="mt-6 max-w-3xl text-xl text-pretty text-muted sm:text-2xl">{caseStudy.excerpt}</p>
      </header>

      <div className="mt-12 lg:mt-16">
        <CoverImage
          src={caseStudy.coverImage}
          alt={caseStudy.coverAlt || `Cover artwork for the ${caseStudy.title} case study`}
          priority
          sizes="100vw"
          className="max-h-[85vh]"
        />
      </div>

      {caseStudy.metrics.length > 0 && <BigNumbers metrics={caseStudy.metrics} />}

      {caseStudy.challenge && (
        <Chapter id="challenge-heading" number="01" title={t("study.challenge")}>
          <Paragraphs text={caseStudy.challenge} />
        </Chapter>
      )}

      {bleed && (
        <div lang={sourceTag} className="contents">
          <GalleryFigure image={bleed} sizes="100vw" bleed className="mt-20 lg:mt-28" />
        </div>
      )}

      {caseStudy.html && (
        <Chapter id="approach-heading" number={caseStudy.challenge ? "02" : "01"} title={t("study.approach")}>
          <div className="prose-article" dangerouslySetInnerHTML={{ __html: caseStudy.html }} />
        </Chapter>
      )}

      <div lang={sourceTag} className="contents">
        <GalleryPair images={pair} />

        {quote && !atTheEnd && <PullQuote quote={quote} />}

        {later.map((images, index) => (
          <GalleryPair key={`${images[0]!.url}-${index}`} images={images} />
        ))}
      </div>

      {caseStudy.outcome && (
        <Impact outcome={caseStudy.outcome} quote={atTheEnd ? (quote ?? null) : null} colours={colours} />
      )}

      <Credits caseStudy={caseStudy} />
    </article>
  );
}
