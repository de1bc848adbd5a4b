import { Link } from "react-router";

import type { CaseStudy, Testimonial } from "#db/schema";
import { CoverImage } from "~/features/media";
import { Avatar } from "~/features/site-content";
import { StatGrid } from "~/features/site-content";
import { attribution } from "~/features/site-content";
import type { Tone } from "~/platform/pages/types";
import { serviceNav } from "~/platform/site/site";

import { CaseStudyGallery } from "./case-study-gallery";

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
> & { html: string };

const tones: Tone[] = ["primary", "secondary", "accent"];

/** Paragraphs typed in a plain text field. */
function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => (
      <p key={paragraph} className="mt-4 text-[1.0625rem] leading-[1.8] first:mt-0">
        {paragraph.trim()}
      </p>
    ));
}

function StorySection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-16 first:mt-0">
      <h2 id={id} className="text-sm font-semibold tracking-widest text-secondary uppercase">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A case study as readers see it: its header, cover, results, story, details, gallery and the
 * client's quote. `preview` (a revision in the admin) leaves out the way back to the portfolio and
 * shows the title as a heading inside the admin's page.
 */
export function CaseStudyArticle({
  caseStudy,
  quote,
  preview = false,
}: {
  caseStudy: CaseStudyShown;
  quote?: Pick<Testimonial, "quote" | "name" | "image" | "role" | "company"> | null;
  preview?: boolean;
}) {
  const Title = preview ? "h2" : "h1";
  const credited = caseStudy.credits.map((credit) => ({
    title: credit,
    to: serviceNav.find((service) => service.label === credit)?.to ?? null,
  }));
  return (
    <article>
      <header className="mx-auto max-w-5xl px-4 pt-12 sm:px-6">
        {!preview && (
          <Link to="/work" className="text-sm font-semibold text-primary hover:underline">
            ← Back to Portfolio
          </Link>
        )}
        <div className="mt-8 flex flex-wrap items-center gap-3 text-sm">
          <span className="rounded-full bg-primary/15 px-3 py-1 font-semibold wrap-anywhere text-primary">
            {caseStudy.category}
          </span>
          <time dateTime={caseStudy.createdAt.toISOString()} className="text-muted">
            {caseStudy.createdAt.getUTCFullYear()}
          </time>
          {caseStudy.status === "draft" && (
            <span className="rounded-full border border-accent px-3 py-1 font-semibold text-accent">
              Draft: only you can see this
            </span>
          )}
        </div>
        {caseStudy.clientName && (
          <p className="mt-6 text-sm font-semibold tracking-widest text-muted uppercase">
            {caseStudy.clientName}
          </p>
        )}
        <Title className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {caseStudy.title}
        </Title>
        <p className="mt-6 max-w-3xl text-xl text-pretty text-muted">{caseStudy.excerpt}</p>
      </header>

      <div className="mx-auto mt-10 max-w-6xl px-4 sm:px-6">
        <CoverImage
          src={caseStudy.coverImage}
          alt={caseStudy.coverAlt || `Cover artwork for the ${caseStudy.title} case study`}
          priority
          sizes="(min-width: 1152px) 1104px, 100vw"
          className="rounded-3xl border border-border"
        />
      </div>

      {caseStudy.metrics.length > 0 && (
        <section aria-label="Results at a glance" className="mx-auto mt-10 max-w-5xl px-4 sm:px-6">
          <StatGrid
            stats={caseStudy.metrics.map((metric, index) => ({
              ...metric,
              tone: tones[index % tones.length],
            }))}
          />
        </section>
      )}

      <div className="mx-auto mt-16 grid max-w-5xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_15rem]">
        <div className="min-w-0">
          {caseStudy.challenge && (
            <StorySection id="challenge-heading" title="The challenge">
              <Paragraphs text={caseStudy.challenge} />
            </StorySection>
          )}
          {caseStudy.html && (
            <StorySection id="approach-heading" title="The approach">
              <div className="prose-article" dangerouslySetInnerHTML={{ __html: caseStudy.html }} />
            </StorySection>
          )}
        </div>
        <aside aria-label="Project details" className="lg:sticky lg:top-24 lg:self-start">
          <dl className="grid gap-6 rounded-2xl border border-border bg-card p-6 text-sm">
            {caseStudy.clientName && (
              <div>
                <dt className="text-muted">Client</dt>
                <dd className="mt-1 font-semibold">{caseStudy.clientName}</dd>
              </div>
            )}
            <div>
              <dt className="text-muted">Sector</dt>
              <dd className="mt-1 font-semibold">{caseStudy.category}</dd>
            </div>
            {credited.length > 0 && (
              <div>
                <dt className="text-muted">What we did</dt>
                <dd className="mt-1">
                  <ul className="grid gap-1">
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
                <dt className="text-muted">Channels</dt>
                <dd className="mt-2">
                  <ul className="flex flex-wrap gap-2" aria-label="Tags">
                    {caseStudy.tags.map((tag) => (
                      <li
                        key={tag}
                        className="rounded-full border border-border px-3 py-1 text-xs text-muted"
                      >
                        {tag}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
        </aside>
      </div>

      {caseStudy.gallery.length > 0 && (
        <section aria-labelledby="gallery-heading" className="mx-auto mt-16 max-w-6xl px-4 sm:px-6">
          <h2 id="gallery-heading" className="sr-only">
            The work
          </h2>
          <CaseStudyGallery images={caseStudy.gallery} />
        </section>
      )}

      {(caseStudy.outcome || quote) && (
        <div className="mx-auto mt-16 max-w-5xl px-4 sm:px-6">
          {caseStudy.outcome && (
            <StorySection id="results-heading" title="The results">
              <div className="max-w-3xl">
                <Paragraphs text={caseStudy.outcome} />
              </div>
            </StorySection>
          )}
          {quote && (
            <figure className="mt-14 max-w-3xl border-l-4 border-primary pl-6 sm:pl-8">
              <blockquote className="text-2xl leading-snug font-semibold tracking-tight text-pretty sm:text-3xl">
                <p>“{quote.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <Avatar name={quote.name} src={quote.image} size={48} />
                <span>
                  <span className="block font-semibold">{quote.name}</span>
                  <span className="block text-sm text-muted">{attribution(quote)}</span>
                </span>
              </figcaption>
            </figure>
          )}
        </div>
      )}
    </article>
  );
}
