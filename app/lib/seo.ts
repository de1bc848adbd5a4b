import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Northwall Digital";
export const DEFAULT_DESCRIPTION =
  "Dublin digital marketing agency: SEO, pay-per-click ads, websites and strategy that grow your business year over year.";

type PageMeta = { title: string; description?: string };

/** The head tags of a page. (Canonical URLs, Open Graph and structured data grow here.) */
export function pageMeta({ title, description = DEFAULT_DESCRIPTION }: PageMeta): MetaDescriptor[] {
  return [
    { title: title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}` },
    { name: "description", content: description },
  ];
}
