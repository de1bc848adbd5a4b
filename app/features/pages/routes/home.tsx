import { Link } from "react-router";

import { testimonials as testimonialsTable } from "#db/schema";
import { toCaseStudySummary } from "~/features/case-studies";
import { listFeaturedCaseStudies } from "~/features/case-studies/index.server";
import { type HardResult } from "~/features/pages/components/hard-result";
import { HomeHero } from "~/features/pages/components/home-hero";
import { SectionHeading } from "~/features/pages/components/section-heading";
import { homeHero } from "~/features/pages/content/home";
import { services } from "~/features/pages/content/services";
import { ClientStrip } from "~/features/site-content";
import { PackageCard } from "~/features/site-content";
import { TestimonialCard } from "~/features/site-content";
import { publicClients, publicPackages, publicTestimonials } from "~/features/site-content/index.server";
import { getItem } from "~/platform/ordered-lists.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { buttonClass, ButtonLink } from "~/ui/button-link";
import { cardSpan } from "~/ui/layout/card-span";
import { ClosingCta } from "~/ui/layout/closing-cta";
import { EvenGrid } from "~/ui/layout/even-grid";

import type { Route } from "./+types/home";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "content", content: ["case-studies"], sitemap: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: `${siteFactsFrom(matches).name} | Dublin Digital Marketing, SEO & PPC Agency`,
      description: `Dublin digital marketing agency helping businesses grow with sustainable year-over-year growth: SEO, paid ads, websites, creative and automation. ${siteFactsFrom(matches).clientsServed} clients served.`,
      path: "/",
      schema: "LocalBusiness",
    },
    matches,
  );

export const CASE_STUDY_TEASERS = 3;

/** Everything on the page the agency edits in the admin; the rest is copy in the code. */
export function loader() {
  const featured = listFeaturedCaseStudies(CASE_STUDY_TEASERS);
  return {
    caseStudies: featured.map(toCaseStudySummary),
    result: hardResult(featured),
    packages: publicPackages(),
    testimonials: publicTestimonials().filter((testimonial) => testimonial.featured),
    clients: publicClients(),
  };
}

/**
 * The one result the page leads with, before the agency's own figures: the headline figure of the first
 * featured case study whose client's quote is published, in that client's words. The owner changes it
 * by reordering the featured studies, or editing the study's results or its testimonial.
 */
function hardResult(featured: ReturnType<typeof listFeaturedCaseStudies>): HardResult | null {
  for (const study of featured) {
    const metric = study.metrics[0];
    const quote = study.testimonialId ? getItem(testimonialsTable, study.testimonialId) : undefined;
    if (!metric || quote?.status !== "published") continue;
    return {
      slug: study.slug,
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
  return (
    <>
      <HomeHero
        {...homeHero}
        stats={site.headlineStats}
        statsSource={site.figuresSource}
        work={loaderData.caseStudies}
        result={loaderData.result}
      >
        <a href="#services" className={buttonClass("primary")}>
          Explore Our Services
        </a>
        <ButtonLink to="/work" variant="outline">
          View Our Work
        </ButtonLink>
      </HomeHero>

      <ClientStrip clients={loaderData.clients} />

      <section
        id="services"
        aria-labelledby="services-heading"
        className="mx-auto grid max-w-7xl scroll-mt-20 grid-cols-1 gap-10 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_2fr] lg:gap-16 lg:py-28"
      >
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">What we do</p>
          <h2 id="services-heading" className="mt-3 text-3xl font-bold tracking-tight sm:text-5xl">
            Our Services
          </h2>
          <p className="mt-4 max-w-sm text-lg text-pretty text-muted">
            Everything you need to grow online, from one senior team.
          </p>
        </div>
        <ol className="divide-y divide-border border-y border-border">
          {services.map((service, index) => (
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

      <section aria-labelledby="packages-heading" className="bg-card/60 py-20 lg:py-28">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <SectionHeading id="packages-heading" title="Packages">
            Simple monthly pricing with no long lock-in. Pick a package or ask for a custom plan.
          </SectionHeading>
          <EvenGrid columns={2} label="Packages" className="mt-12">
            {loaderData.packages.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} />
            ))}
          </EvenGrid>
          <p className="mt-10 text-center text-muted">
            Need something different?{" "}
            <Link to="/contact" className="font-semibold text-primary underline-offset-4 hover:underline">
              Ask for a custom plan
            </Link>
          </p>
        </div>
      </section>

      <section
        aria-labelledby="testimonials-heading"
        className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:py-28"
      >
        <SectionHeading id="testimonials-heading" title="What Our Clients Say" />
        {/*
          On a phone the quotes are one row to swipe (a stack of them was most of the page's length);
          wider, a grid of two and then three columns whose rows are always full: with a count that
          does not divide, the first quote (and the last) spans two columns, so a seventh quote is
          never one card alone on a row. Scrolls with the keyboard too.
        */}
        <ul
          aria-label="Client quotes"
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
      </section>

      <ClosingCta
        heading="Ready to grow, year over year?"
        text="Tell us where you want the business to be in a year. We reply within one working day with a plan, not a sales pitch."
        actions={[
          { label: "Start a Project", to: "/contact" },
          { label: "See Our Work", to: "/work" },
        ]}
      />
    </>
  );
}
