import { data, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";

import { testimonials } from "#db/schema";
import { caseStudySlugRedirect,getCaseStudyBySlug, nextCaseStudy } from "~/features/case-studies/case-studies.server";
import { CaseStudyGallery } from "~/features/case-studies/components/case-study-gallery";
import { CoverImage } from "~/features/media";
import { ClosingCta } from "~/features/pages";
import { services } from "~/features/pages";
import { Avatar } from "~/features/site-content";
import { StatGrid } from "~/features/site-content";
import { attribution } from "~/features/site-content";
import { getItem } from "~/features/site-content/index.server";
import { socialCardFor, studyCardSubject } from "~/features/social-cards/index.server";
import { getSessionUser } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import type { Tone } from "~/platform/pages/types";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { ErrorPage } from "~/ui/error-page";

import type { Route } from "./+types/case-study";

/** Served without React (docs/decisions/011), kept until a case study or the site's content changes. */
export const handle: RouteHandle = { cache: "content", content: ["case-studies"], sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.caseStudy.title} | Case Study`,
          description: loaderData.caseStudy.excerpt,
          keywords: [
            ...loaderData.caseStudy.tags,
            loaderData.caseStudy.category,
            "case study",
            "Dublin digital marketing",
          ].join(", "),
          path: `/work/${loaderData.caseStudy.slug}`,
          image: loaderData.card?.url,
          imageAlt: loaderData.card?.alt,
          imageSize: loaderData.card ?? undefined,
          breadcrumbs: [
            { name: "Home", path: "/" },
            { name: "Work", path: "/work" },
            { name: loaderData.caseStudy.title, path: `/work/${loaderData.caseStudy.slug}` },
          ],
        },
        matches,
      )
    : pageMeta({ title: "Project Not Found", noindex: true });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  // The signed-in admin may open a draft (its preview); nobody else can.
  const includeDrafts = Boolean(await getSessionUser(request));
  const caseStudy = getCaseStudyBySlug(params.slug, { includeDrafts });
  if (!caseStudy) {
    const moved = caseStudySlugRedirect(params.slug);
    if (moved) throw redirect(`/work/${moved}`, 301);
    throw data(null, { status: 404 });
  }
  const { legacyMarkdown: _old, body, testimonialId, ...fields } = caseStudy;
  const next = nextCaseStudy(caseStudy);
  const quote = testimonialId ? getItem(testimonials, testimonialId) : undefined;
  return data(
    {
      caseStudy: { ...fields, html: sanitizePostHtml(body) },
      quote: quote?.status === "published" ? quote : null,
      // Its social card (drawn when it was saved): named here, never drawn on a visitor's request.
      card: caseStudy.status === "published" ? socialCardFor(studyCardSubject(caseStudy)) : null,
      next: next && {
        slug: next.slug,
        title: next.title,
        clientName: next.clientName,
        category: next.category,
      },
    },
    { headers: includeDrafts ? { "Cache-Control": "private, no-store" } : {} },
  );
}

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

export default function CaseStudyPage({ loaderData: { caseStudy, quote, next } }: Route.ComponentProps) {
  const credited = caseStudy.credits.map(
    (credit) => services.find((service) => service.title === credit) ?? { title: credit, slug: null },
  );
  return (
    <>
      <article>
        <header className="mx-auto max-w-5xl px-4 pt-12 sm:px-6">
          <Link to="/work" className="text-sm font-semibold text-primary hover:underline">
            ← Back to Portfolio
          </Link>
          <div className="mt-8 flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded-full bg-primary/15 px-3 py-1 font-semibold text-primary">
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
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-6xl">{caseStudy.title}</h1>
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
                          {service.slug ? (
                            <Link
                              to={`/services/${service.slug}`}
                              className="font-semibold text-primary hover:underline"
                            >
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

      {next && (
        <nav aria-label="Next project" className="mx-auto mt-20 max-w-5xl px-4 sm:px-6">
          <Link
            to={`/work/${next.slug}`}
            className="group flex flex-col gap-2 rounded-3xl border border-border bg-card p-8 transition-[border-color] hover:border-primary sm:flex-row sm:items-end sm:justify-between"
          >
            <span>
              <span className="block text-sm font-semibold tracking-widest text-muted uppercase">
                Next project
              </span>
              <span className="mt-2 block text-2xl font-bold tracking-tight group-hover:text-primary">
                {next.title}
              </span>
              <span className="mt-1 block text-sm text-muted">{next.category}</span>
            </span>
            <span
              aria-hidden="true"
              className="text-3xl text-primary transition-transform group-hover:translate-x-1"
            >
              →
            </span>
          </Link>
        </nav>
      )}

      <ClosingCta
        heading="Want Results Like These?"
        text="Tell us about your goals and we will show you how we would approach them."
        actions={[
          { label: "Start Your Project", to: "/contact" },
          { label: "View More Work", to: "/work" },
        ]}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <ErrorPage
      title="Project Not Found"
      message="The project you're looking for doesn't exist."
      actions={[{ label: "Back to Portfolio", to: "/work" }]}
    />
  );
}
