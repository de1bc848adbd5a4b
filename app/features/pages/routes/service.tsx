import { type CaseStudySummary, toCaseStudySummary } from "~/features/case-studies";
import { CaseStudyCard } from "~/features/case-studies";
import {
  creditedTestimonialIds,
  serviceProofCards,
  signaturePlaces,
  studiesInLanguage,
} from "~/features/case-studies/index.server";
import { Benefits } from "~/features/pages/components/benefits";
import { FeatureGrid } from "~/features/pages/components/feature-grid";
import { ServiceHero } from "~/features/pages/components/service-hero";
import { listServices, publishedCopy } from "~/features/pages/copy/page-copy.server";
import { copyForRequest } from "~/features/pages/copy/page-preview.server";
import { TestimonialCard, type TestimonialSummary } from "~/features/site-content";
import { publicTestimonial } from "~/features/site-content/index.server";
import { serviceCardSubject, socialCardFor } from "~/features/social-cards/index.server";
import { redirectToSlugSpelling } from "~/platform/http/slug-spelling.server";
import type { Language } from "~/platform/i18n/languages";
import { requestLanguage } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageNotFound } from "~/platform/pages/not-found.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { AnimatedDivider } from "~/ui/brand/animated-divider";
import { buttonClass, ButtonLink } from "~/ui/button-link";
import { ClosingCta } from "~/ui/layout/closing-cta";
import { EvenGrid } from "~/ui/layout/even-grid";
import { PageSection } from "~/ui/layout/page-section";
import { SectionHeading } from "~/ui/layout/section-heading";

import type { Route } from "./+types/service";

/**
 * Served without React (see docs/decisions/011). The words are the service's page copy (kept until
 * it is published again); the proof is the case studies that credit the service and their clients'
 * words, so the page follows them.
 */
export const handle: RouteHandle = { cache: "content", content: ["case-studies", "site"], sitemap: true };

/** The case studies a service page shows as its proof. */
export const SERVICE_CASE_STUDIES = 3;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const service = withFacts(loaderData.copy, siteFactsFrom(matches));
  const path = `/services/${loaderData.slug}`;
  const breadcrumbs = [
    { name: "Home", path: "/" },
    { name: "Services", path: "/#services" },
    { name: service.title, path },
  ];
  const { card } = loaderData;
  return pageMeta(
    {
      ...service.meta,
      path,
      breadcrumbs,
      ...(card && { image: card.url, imageAlt: card.alt, imageSize: card }),
    },
    matches,
  );
};

export function loader({ request, params }: Route.LoaderArgs) {
  const service = copyForRequest("service", `services/${params.slug}`);
  if (!service) {
    redirectToSlugSpelling(request, "services/:slug", params.slug);
    pageNotFound(request);
  }
  // Studies credit a service by its title in the default language; under a prefix only the translated
  // ones show, while their clients' quotes show wherever the quote itself is translated.
  const published = publishedCopy("service", `services/${params.slug}`);
  const credit = published?.title ?? service.title;
  const lang = requestLanguage();
  const services = listServices();
  const place = Math.max(
    0,
    services.findIndex((listed) => listed.slug === params.slug),
  );
  const live = lang === siteLanguages().default ? undefined : lang;
  // The hero's signature: one of the crediting studies that no service before it in the list opens on,
  // so services that share clients open on different work; the cards below show the others. Only the
  // studies shown are read (as cards), however many credit the service.
  const proof = serviceProofCards(credit, {
    lang: live,
    signatureAt:
      signaturePlaces(
        services.map((listed) => listed.title),
        live,
      )[place] ?? place,
    others: SERVICE_CASE_STUDIES,
  });
  const [signature = null, ...rest] = studiesInLanguage(
    proof.signature ? [proof.signature, ...proof.others] : [],
    lang,
  );
  // The service's own social card, of its published words (drawn when they were published; a draft
  // previewed shares what visitors would).
  return {
    slug: params.slug,
    copy: service,
    // Under a prefix, the translation's own card (its words).
    card:
      requestLanguage() !== siteLanguages().default
        ? socialCardFor(serviceCardSubject(params.slug, service, requestLanguage()))
        : published
          ? socialCardFor(serviceCardSubject(params.slug, published))
          : null,
    signature: signature && toCaseStudySummary(signature),
    // Every other service in the list shows its proof first, so the six pages do not share one order.
    proofFirst: place % 2 === 1,
    caseStudies: rest.map(toCaseStudySummary),
    // The client of the work the page opens on speaks for it, where they gave a quote.
    quote: clientQuote(
      [
        ...(proof.signature?.testimonialId ? [proof.signature.testimonialId] : []),
        ...creditedTestimonialIds(credit, place),
      ],
      lang,
    ),
  };
}

/**
 * A published quote from one of the studies' clients, taken from the service's place in the list
 * onwards (`ids` start there), so services that share clients do not all show the same one.
 */
function clientQuote(ids: Iterable<string>, lang: Language): TestimonialSummary | null {
  for (const id of ids) {
    // In another language only a quote translated into it.
    const quote = publicTestimonial(id, lang);
    if (quote) {
      const { quote: words, name, role, company, image } = quote;
      return { quote: words, name, role, company, image };
    }
  }
  return null;
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const service = withFacts(loaderData.copy, useSiteFacts(), { service: loaderData.copy.title });
  const { caseStudies, quote, signature, proofFirst } = loaderData;
  const work = caseStudies.length > 0 && <ServiceWork {...service.work} caseStudies={caseStudies} />;
  const { actions, ...hero } = service.hero;
  return (
    <>
      <ServiceHero {...hero} signature={signature}>
        {actions.map((action, index) => {
          const variant = index === 0 ? "primary" : "outline";
          // A part of this page is a plain link (no router navigation); a page is a router link.
          return action.to.startsWith("#") ? (
            <a key={index} href={action.to} className={buttonClass(variant)}>
              {action.label}
            </a>
          ) : (
            <ButtonLink key={index} to={action.to} variant={variant}>
              {action.label}
            </ButtonLink>
          );
        })}
      </ServiceHero>
      <AnimatedDivider />
      {proofFirst && work}
      {service.sections.map((section, index) => (
        <FeatureGrid
          key={section.id}
          section={section}
          layout={index === 0 && !section.numbered ? "split" : "cards"}
          part={index > 0}
        />
      ))}
      {!proofFirst && work}
      <Benefits heading={service.benefits.heading} items={service.benefits.items}>
        {quote && (
          // The quote is set open inside the box, not a second frame narrowing its words.
          <div className="[&_figure]:border-0 [&_figure]:bg-transparent [&_figure]:p-0 [&_figure]:shadow-none">
            <p className="mb-3 text-xs font-semibold tracking-widest text-muted uppercase">
              {service.benefits.quoteLabel}
            </p>
            <TestimonialCard testimonial={quote} />
          </div>
        )}
      </Benefits>
      <ClosingCta {...service.closing} />
    </>
  );
}

/** The service's proof: the studies that credit it, each figure on the card of the study it came from (rows on a phone). */
function ServiceWork({
  heading,
  intro,
  caseStudies,
}: {
  heading: string;
  intro: string;
  caseStudies: CaseStudySummary[];
}) {
  return (
    <PageSection labelledBy="service-work-heading">
      <SectionHeading id="service-work-heading" title={heading}>
        {intro}
      </SectionHeading>
      <EvenGrid columns={3} className="mt-10">
        {caseStudies.map((caseStudy) => (
          <CaseStudyCard key={caseStudy.slug} caseStudy={caseStudy} headingLevel="h3" compact />
        ))}
      </EvenGrid>
    </PageSection>
  );
}
