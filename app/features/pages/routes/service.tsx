import { Benefits } from "~/features/pages/components/benefits";
import { ClosingCta } from "~/features/pages/components/closing-cta";
import { FeatureGrid } from "~/features/pages/components/feature-grid";
import { Hero } from "~/features/pages/components/hero";
import { findService } from "~/features/pages/content/services";
import { pageNotFound } from "~/features/pages/index.server";
import { StatGrid } from "~/features/site-content";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { AnimatedDivider } from "~/ui/animated-divider";
import { ButtonLink } from "~/ui/button-link";

import type { Route } from "./+types/service";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "static", sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const found = loaderData ? findService(loaderData.slug) : undefined;
  if (!found) return [];
  const service = withFacts(found, siteFactsFrom(matches));
  const path = `/services/${service.slug}`;
  const breadcrumbs = [
    { name: "Home", path: "/" },
    { name: "Services", path: "/#services" },
    { name: service.title, path },
  ];
  return pageMeta({ ...service.meta, path, breadcrumbs }, matches);
};

export function loader({ request, params }: Route.LoaderArgs) {
  const service = findService(params.slug);
  if (!service) pageNotFound(request);
  return { slug: service.slug };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  // The copy is static content; the loader only decides whether the slug exists.
  const service = withFacts(findService(loaderData.slug)!, useSiteFacts());
  return (
    <>
      <Hero {...service.hero}>
        <ButtonLink to="/contact">Get Started</ButtonLink>
        <ButtonLink to="/work" variant="outline">
          View Our Work
        </ButtonLink>
      </Hero>
      <section aria-label="Results" className="mx-auto max-w-4xl px-4 pb-12 sm:px-6">
        <StatGrid stats={service.claims} size="lg" />
      </section>
      <AnimatedDivider />
      {service.sections.map((section, index) => (
        <FeatureGrid
          key={section.id}
          section={section}
          layout={index === 0 && !section.numbered ? "split" : "cards"}
        />
      ))}
      <Benefits {...service.benefits} />
      <ClosingCta {...service.closing} />
    </>
  );
}
