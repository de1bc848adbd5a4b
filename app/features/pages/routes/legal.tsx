import { Link, useLocation } from "react-router";

import { findLegalPage, type LegalPage } from "~/features/pages/content/legal";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { type SiteFacts, withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";

import type { Route } from "./+types/legal";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "static", sitemap: true };

/** /privacy, /terms and /cookies share this module; the path names the page. */
const pageAt = (pathname: string, site: SiteFacts): LegalPage =>
  withFacts(findLegalPage(pathname.replace(/^\/|\/$/g, ""))!, site);

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const page = pageAt(location.pathname, siteFactsFrom(matches));
  const path = `/${page.slug}`;
  const breadcrumbs = [
    { name: "Home", path: "/" },
    { name: page.title, path },
  ];
  return pageMeta({ title: page.title, description: page.description, path, breadcrumbs }, matches);
};

const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-IE", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

export default function Legal() {
  const page = pageAt(useLocation().pathname, useSiteFacts());
  return (
    <article className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-3 text-sm text-muted">
        Last updated <time dateTime={page.updated}>{longDate(page.updated)}</time>
      </p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text} className="mt-4 leading-relaxed text-muted">
              {text}
            </p>
          ))}
        </section>
      ))}
      <p className="mt-12">
        <Link to="/contact" className="font-semibold text-primary underline">
          Questions? Contact us
        </Link>
      </p>
    </article>
  );
}
