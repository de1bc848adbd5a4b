import { Link } from "react-router";

import { toCaseStudySummary } from "~/features/case-studies";
import {
  listFeaturedCaseStudies,
  studiesInLanguage,
  type StudyInLanguage,
} from "~/features/case-studies/index.server";
import { type HardResult } from "~/features/pages/components/hard-result";
import { HomeHero } from "~/features/pages/components/home-hero";
import { copyForRequest } from "~/features/pages/copy/page-preview.server";
import { servicesForRequest } from "~/features/pages/copy/page-translations.server";
import { ClientStrip } from "~/features/site-content";
import { PackageCard } from "~/features/site-content";
import { TestimonialCard } from "~/features/site-content";
import {
  publicClients,
  publicPackages,
  publicTestimonial,
  publicTestimonials,
} from "~/features/site-content/index.server";
import type { Language } from "~/platform/i18n/languages";
import { requestLanguage } from "~/platform/i18n/request-language.server";
import { useWords } from "~/platform/i18n/use-words";
import { pageNotFound } from "~/platform/pages/not-found.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { buttonClass, ButtonLink } from "~/ui/button-link";
import { cardSpan } from "~/ui/layout/card-span";
import { ClosingCta } from "~/ui/layout/closing-cta";
import { EvenGrid } from "~/ui/layout/even-grid";
import { SectionHeading } from "~/ui/layout/section-heading";

import type { Route } from "./+types/home";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "content", content: ["case-studies"], sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        { ...withFacts(loaderData.copy.meta, siteFactsFrom(matches)), path: "/", schema: "LocalBusiness" },
        matches,
      )
    : [];

export const CASE_STUDY_TEASERS = 3;
/** The featured studies read to find the teasers in a language (not every one is translated). */
const FEATURED_READ = 50;

/** Everything on the page is the agency's to edit in the admin: its words (page copy) and its content. */
export function loader({ request }: Route.LoaderArgs) {
  // Under a language's prefix only once the home page is translated into it.
  const copy = copyForRequest("home", "home") ?? pageNotFound(request);
  // Under a language's prefix only what is translated into it, in its words; none hides its section.
  const lang = requestLanguage();
  const featured = studiesInLanguage(listFeaturedCaseStudies(FEATURED_READ), lang).slice(
    0,
    CASE_STUDY_TEASERS,
  );
  const result = hardResult(featured, lang);
  // Each piece of proof once on the page: the study the result card names takes a small tile, not
  // the large one beside the card, and its quote is not repeated among the testimonials.
  const teasers = result
    ? [
        ...featured.filter((study) => study.href !== result.href),
        ...featured.filter((study) => study.href === result.href),
      ]
    : featured;
  return {
    copy,
    services: servicesForRequest().map(({ slug, title, summary }) => ({ slug, title, summary })),
    caseStudies: teasers.map(toCaseStudySummary),
    result,
    packages: publicPackages(lang),
    testimonials: publicTestimonials(lang).filter(
      (testimonial) => testimonial.featured && testimonial.id !== result?.testimonialId,
    ),
    clients: publicClients(),
  };
}

/**
 * The one result the page leads with, before the agency's own figures: the headline figure of the first
 * featured case study whose client's quote is published, in that client's words. The owner changes it
 * by reordering the featured studies, or editing the study's results or its testimonial.
 */
function hardResult(featured: StudyInLanguage[], lang: Language): HardResult | null {
  for (const study of featured) {
    const metric = study.metrics[0];
    const quote = study.testimonialId ? publicTestimonial(study.testimonialId, lang) : undefined;
    if (!metric || !quote) continue;
    return {
      href: study.href,
      testimonialId: quote.id,
      clientName: study.clientName || quote.company,
      value: metric.value,
      label: metric.label,
      quote: quote.quote,
      name: quote.name,
      role: quote.role,
      company: quote.company,
      image: quote.image,
    };
  }
  return null;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSiteFacts();
  const { t } = useWords();
  const copy = withFacts(loaderData.copy, site);
  const { actions, ...hero } = copy.hero;
  return (
    <>
      <HomeHero
        {...hero}
        stats={site.headlineStats}
        statsSource={site.figuresSource}
        work={loaderData.caseStudies}
        result={loaderData.result}
      >
        {actions.map((action, index) => {
          const variant = index === 0 ? "primary" : "outline";
          // A part of this page is a plain link (no router navigation); a page is a router link.
          return action.to.startsWith("#") ? (
            <a key={action.to} href={action.to} className={buttonClass(variant)}>
              {action.label}
            </a>
          ) : (
            <ButtonLink key={action.to} to={action.to} variant={variant}>
              {action.label}
            </ButtonLink>
          );
        })}
      </HomeHero>

      <ClientStrip heading={copy.clients.heading} clients={loaderData.clients} />

      <section
        id="services"
        aria-labelledby="services-heading"
        className="mx-auto grid max-w-7xl scroll-mt-20 grid-cols-1 gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1fr_2fr] lg:gap-16 lg:py-28"
      >
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">
            {copy.services.eyebrow}
          </p>
          <h2 id="services-heading" className="mt-3 text-3xl font-bold tracking-tight sm:text-5xl">
            {copy.services.heading}
          </h2>
          <p className="mt-4 max-w-sm text-lg text-pretty text-muted">{copy.services.intro}</p>
        </div>
        <ol className="divide-y divide-border border-y border-border">
          {loaderData.services.map((service, index) => (
            <li key={service.slug}>
              <Link
                to={`/services/${service.slug}`}
                className="group grid grid-cols-[2.5rem_1fr_auto] items-baseline gap-x-4 py-6 sm:grid-cols-[3.5rem_1fr_auto] sm:py-7"
              >
                <span
                  aria-hidden="true"
                  className="font-display text-sm font-semibold text-muted tabular-nums"
                >
                  {String(index + 1).padStart(2, "0")}
                </span>
                <div>
                  <h3 className="text-xl font-bold tracking-tight group-hover:text-primary sm:text-2xl">
                    {service.title}
                  </h3>
                  <p className="mt-1.5 max-w-xl text-muted">{service.summary}</p>
                </div>
                <span
                  aria-hidden="true"
                  className="text-xl text-primary transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
                >
                  →
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </section>

      {/* What clients say comes before the prices: the proof, then what it costs. */}
      {loaderData.testimonials.length > 0 && (
        <section
          aria-labelledby="testimonials-heading"
          className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-20 lg:py-28"
        >
          <SectionHeading id="testimonials-heading" title={copy.testimonials.heading} />
          {/*
          On a phone the quotes are one row to swipe (a stack of them was most of the page's length);
          wider, a grid of two and then three columns whose rows are always full: with a count that
          does not divide, the first quote (and the last) spans two columns, so a seventh quote is
          never one card alone on a row. Scrolls with the keyboard too. One quote alone (a language
          with one translated) is set centred at a reading width rather than in the first column.
        */}
          {loaderData.testimonials.length === 1 ? (
            <ul aria-label={t("home.clientQuotes")} className="mx-auto mt-12 flex max-w-2xl [&>li]:w-full">
              <li className="flex [&>*]:w-full">
                <TestimonialCard testimonial={loaderData.testimonials[0]!} />
              </li>
            </ul>
          ) : (
            <ul
              aria-label={t("home.clientQuotes")}
              tabIndex={0}
              className="-mx-4 mt-12 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3"
            >
              {loaderData.testimonials.map((testimonial, index) => (
                <li
                  key={testimonial.id}
                  className={`flex w-[85%] shrink-0 snap-start sm:w-auto ${cardSpan(index, loaderData.testimonials.length)} [&>*]:w-full`}
                >
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {loaderData.packages.length > 0 && (
        <section aria-labelledby="packages-heading" className="bg-card/60 py-12 sm:py-20 lg:py-28">
          {/* Set as the services are: the heading beside the prices, which keep a card's reading width. */}
          <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_2fr] lg:gap-16">
            <SectionHeading
              id="packages-heading"
              title={copy.packages.heading}
              className="lg:sticky lg:top-28 lg:self-start"
            >
              {copy.packages.intro}
            </SectionHeading>
            <div>
              <EvenGrid columns={2} label={t("home.packages")}>
                {loaderData.packages.map((pkg) => (
                  <PackageCard key={pkg.id} pkg={pkg} />
                ))}
              </EvenGrid>
              <p className="mt-10 text-muted">
                {copy.packages.customPrompt}{" "}
                <Link
                  to={copy.packages.customLink.to}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {copy.packages.customLink.label}
                </Link>
              </p>
            </div>
          </div>
        </section>
      )}

      <ClosingCta {...copy.closing} />
    </>
  );
}
