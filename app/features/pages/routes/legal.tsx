import { Link } from "react-router";

import { copyForRequest } from "~/features/pages/copy/page-preview.server";
import { prefixOf } from "~/platform/i18n/languages";
import { useWords } from "~/platform/i18n/use-words";
import { pageNotFound } from "~/platform/pages/not-found.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { type SiteFacts, withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { escapeXml } from "~/platform/text/xml";

import type { Route } from "./+types/legal";

/** Marketing copy: served without React (see docs/decisions/011); kept until the page is published again. */
export const handle: RouteHandle = { cache: "static", sitemap: true };

/** /privacy, /terms and /cookies share this module; the path names the page. */
export function loader({ request }: Route.LoaderArgs) {
  // "/privacy", or its data as the site's own links fetch it ("/privacy.data").
  // Under a language's prefix ("/ga/privacy") the page is the same one, in that language.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  const slug = (prefixOf(pathname)?.rest ?? pathname).replace(/^\/|\/$/g, "");
  const copy = copyForRequest("legal", `legal/${slug}`);
  if (!copy) pageNotFound(request);
  // The bodies are rich text, sanitised when saved and again here, the facts in them as text.
  const facts = factsAsHtml(getSiteFacts());
  const bodies = copy.sections.map((section) => sanitizePostHtml(withFacts(section.body, facts)));
  return { slug, copy, bodies };
}

/** The agency's facts as they go into a rich part: as text, never as markup. */
const factsAsHtml = (site: SiteFacts): SiteFacts =>
  Object.fromEntries(
    Object.entries(site).map(([name, value]) => [name, typeof value === "string" ? escapeXml(value) : value]),
  ) as SiteFacts;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const copy = withFacts(loaderData.copy, siteFactsFrom(matches));
  const { title } = copy;
  const { title: searchTitle, description } = copy.meta;
  const path = `/${loaderData.slug}`;
  const breadcrumbs = [
    { name: "Home", path: "/" },
    { name: title, path },
  ];
  return pageMeta({ title: searchTitle, description, path, breadcrumbs }, matches);
};

const longDate = (iso: string, tag: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(tag, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

export default function Legal({ loaderData }: Route.ComponentProps) {
  const site = useSiteFacts();
  const { t, tag, localPath } = useWords();
  const { sections, ...page } = withFacts(loaderData.copy, site);
  return (
    <article className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-3 text-sm text-muted">
        {t("legal.updated")} <time dateTime={page.updated}>{longDate(page.updated, tag)}</time>
      </p>
      {sections.map((section, index) => (
        <section key={index} className="mt-10">
          <h2 className="text-2xl font-semibold">{section.heading}</h2>
          <div
            className="[&_a]:text-primary [&_a]:underline [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_p]:leading-relaxed [&_p]:text-muted [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6"
            dangerouslySetInnerHTML={{ __html: loaderData.bodies[index]! }}
          />
        </section>
      ))}
      <p className="mt-12">
        <Link to={localPath("/contact")} className="font-semibold text-primary underline">
          {t("legal.questions")}
        </Link>
      </p>
    </article>
  );
}
