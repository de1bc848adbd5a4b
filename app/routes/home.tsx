import { Link } from "react-router";

import { ClientStrip } from "~/components/sections/client-strip";
import { Hero } from "~/components/sections/hero";
import { PackageCard } from "~/components/sections/package-card";
import { ProjectCard, toProjectSummary } from "~/components/sections/project-card";
import { SectionHeading } from "~/components/sections/section-heading";
import { StatGrid } from "~/components/sections/stat-tile";
import { TestimonialCard } from "~/components/sections/testimonial-card";
import { AnimatedDivider } from "~/components/ui/animated-divider";
import { buttonClass, ButtonLink } from "~/components/ui/button-link";
import { homeHero } from "~/content/home";
import { services } from "~/content/services";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { siteFactsFrom, useSiteFacts } from "~/lib/use-site-facts";
import { listFeaturedProjects } from "~/services/projects.server";
import { publicClients, publicPackages, publicTestimonials } from "~/services/site-content.server";

import type { Route } from "./+types/home";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "content", content: ["work"], sitemap: true };

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
  return {
    caseStudies: listFeaturedProjects(CASE_STUDY_TEASERS).map(toProjectSummary),
    packages: publicPackages(),
    testimonials: publicTestimonials().filter((testimonial) => testimonial.featured),
    clients: publicClients(),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSiteFacts();
  return (
    <>
      <Hero {...homeHero}>
        <a href="#services" className={buttonClass("primary")}>
          Explore Our Services
        </a>
        <ButtonLink to="/work" variant="outline">
          View Our Work
        </ButtonLink>
      </Hero>

      <section aria-label="Our numbers" className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        <StatGrid stats={site.headlineStats} />
      </section>

      <AnimatedDivider />

      <section
        id="services"
        aria-labelledby="services-heading"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6"
      >
        <SectionHeading id="services-heading" title="Our Services">
          Everything you need to grow online, from one senior team.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.slug}>
              <Link
                to={`/services/${service.slug}`}
                className="group flex h-full flex-col rounded-2xl border border-border bg-card p-6 transition-colors hover:border-primary"
              >
                <h3 className="text-lg font-semibold group-hover:text-primary">{service.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted">{service.summary}</p>
                {/* At the foot of every card, whatever the summary's length: the links line up. */}
                <span className="mt-4 inline-block text-sm font-semibold text-primary" aria-hidden="true">
                  Learn more →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <AnimatedDivider />

      <section aria-labelledby="packages-heading" className="mx-auto max-w-5xl px-4 py-20 sm:px-6">
        <SectionHeading id="packages-heading" title="Packages">
          Simple monthly pricing with no long lock-in. Pick a package or ask for a custom plan.
        </SectionHeading>
        <div className="mt-12 grid gap-8 md:grid-cols-2">
          {loaderData.packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </div>
      </section>

      <AnimatedDivider />

      <section aria-labelledby="case-studies-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading id="case-studies-heading" title="Case Studies">
          Real results for real businesses.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {loaderData.caseStudies.map((project) => (
            <li key={project.slug}>
              <ProjectCard project={project} headingLevel="h3" />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink to="/work" variant="outline">
            View All Case Studies
          </ButtonLink>
        </div>
      </section>

      <ClientStrip clients={loaderData.clients} />

      <AnimatedDivider />

      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <SectionHeading id="testimonials-heading" title="What Our Clients Say" />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
