import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Northwall Digital";
export const DEFAULT_DESCRIPTION =
  "Dublin digital marketing agency: SEO, pay-per-click ads, websites and strategy that grow your business year over year.";
export const DEFAULT_KEYWORDS =
  "digital marketing agency Dublin, SEO agency Dublin, PPC agency Ireland, Google Ads Dublin, digital marketing Ireland, social media marketing Dublin";

type PageMeta = {
  title: string;
  description?: string;
  keywords?: string;
  /** The page's own path, e.g. "/services/seo": the canonical URL never carries a query string. */
  path?: string;
  noindex?: boolean;
};

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The public origin, from the root loader (SITE_URL). */
export function siteUrlFrom(matches: MatchWithData[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** The head tags of a page: one helper, so no page copies a meta block. */
export function pageMeta(
  { title, description = DEFAULT_DESCRIPTION, keywords = DEFAULT_KEYWORDS, path, noindex }: PageMeta,
  matches: MatchWithData[] = [],
): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}` },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    {
      name: "robots",
      content: noindex
        ? "noindex, nofollow"
        : "index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1",
    },
  ];
  if (path && !noindex) {
    tags.push({ tagName: "link", rel: "canonical", href: `${siteUrlFrom(matches)}${path}` });
  }
  return tags;
}
