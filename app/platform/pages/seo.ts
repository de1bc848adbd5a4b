import type { MetaDescriptor } from "react-router";

import { LANGUAGES, pathIn } from "../i18n/languages";
import { pageLanguageFrom } from "../i18n/use-words";
import { shareableImageType } from "../images";
import { siteFactsFrom } from "../site/use-site-facts";
import { breadcrumbList, type Crumb, localBusiness, webPage } from "./structured-data";

export const SITE_NAME = "Northwall Digital";
export const DEFAULT_DESCRIPTION =
  "Dublin digital marketing agency: SEO, pay-per-click ads, websites and strategy that grow your business year over year.";
export const DEFAULT_KEYWORDS =
  "digital marketing agency Dublin, SEO agency Dublin, PPC agency Ireland, Google Ads Dublin, digital marketing Ireland, social media marketing Dublin";
export const DEFAULT_OG_IMAGE = {
  path: "/og-default.png",
  width: 1200,
  height: 630,
  alt: "Northwall Digital, Dublin digital marketing agency",
};

type PageMeta = {
  title: string;
  /** The title is the whole <title> (a post's own search title): no " | Northwall Digital" added. */
  titleAsIs?: boolean;
  description?: string;
  keywords?: string;
  /** The page's own path, e.g. "/services/seo": the canonical URL never carries a query string. */
  path?: string;
  noindex?: boolean;
  /**
   * A search's answer on the site: kept out of search engines' results as Google advises for a site's
   * own search (its text is whatever a visitor typed), its links still followed.
   */
  searchResults?: boolean;
  /**
   * Social preview image (a path on this site): a post's or case study's card, or the author's own
   * picture. Only a JPEG, PNG or WebP is ever named; anything else (an SVG) gives the default card.
   */
  image?: string;
  /** What `image` shows, for people who cannot see it (default: the title). */
  imageAlt?: string;
  /** The image's size, when known (every card is 1200×630). */
  imageSize?: { width: number; height: number };
  type?: "website" | "article";
  /** Structured data: "Article" pages add their own; LocalBusiness on home and contact. */
  schema?: "WebPage" | "LocalBusiness" | "Article";
  breadcrumbs?: Crumb[];
};

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The public origin, from the root loader (SITE_URL). */
export function siteUrlFrom(matches: MatchWithData[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/**
 * The head of a page: one helper, so no page copies a meta block. Title, description, keywords,
 * robots, canonical URL, Open Graph (en_IE with en_US alternate), Twitter card and JSON-LD.
 */
export function pageMeta(
  {
    title,
    titleAsIs,
    description = DEFAULT_DESCRIPTION,
    keywords = DEFAULT_KEYWORDS,
    path,
    noindex,
    searchResults,
    image,
    imageAlt,
    imageSize,
    type = "website",
    schema = "WebPage",
    breadcrumbs,
  }: PageMeta,
  matches: MatchWithData[] = [],
): MetaDescriptor[] {
  const site = siteFactsFrom(matches);
  const fullTitle = titleAsIs || title.includes(site.name) ? title : `${title} | ${site.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    {
      name: "robots",
      content: noindex
        ? "noindex, nofollow"
        : searchResults
          ? "noindex, follow"
          : "index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1",
    },
  ];
  if (noindex || !path) return tags;

  const origin = siteUrlFrom(matches);
  // The page in its own language: its address under the language's prefix, and its other versions.
  const language = pageLanguageFrom(matches);
  const ownPath = pathIn(language.lang, path, language.site);
  const versions = language.versions.filter((version) => version.exists);
  const url = `${origin}${ownPath}`;
  const ogImage =
    image && shareableImageType(image)
      ? { path: image, ...imageSize, alt: imageAlt || title }
      : { ...DEFAULT_OG_IMAGE, alt: `${site.name}, Dublin digital marketing agency` };
  const imageType = shareableImageType(ogImage.path);
  const imageUrl = new URL(ogImage.path, origin || "http://localhost").href;
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(imageType ? [{ property: "og:image:type", content: imageType }] : []),
    { property: "og:image:alt", content: ogImage.alt },
    { property: "og:locale", content: LANGUAGES[language.lang].ogLocale },
    ...(language.lang === "en" ? [{ property: "og:locale:alternate", content: "en_US" }] : []),
    ...versions
      .filter((version) => version.lang !== language.lang)
      .map((version) => ({ property: "og:locale:alternate", content: LANGUAGES[version.lang].ogLocale })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: ogImage.alt },
  );
  // Every version of the page names every other and itself, and x-default is the default language's
  // (Google's hreflang rules: reciprocal, self-referencing); a page in one language names none.
  if (versions.length > 1) {
    const defaultVersion = versions.find((version) => version.lang === language.site.default);
    tags.push(
      ...versions.map((version) => ({
        tagName: "link",
        rel: "alternate",
        hrefLang: version.lang,
        href: `${origin}${version.path}`,
      })),
      ...(defaultVersion
        ? [
            {
              tagName: "link",
              rel: "alternate",
              hrefLang: "x-default",
              href: `${origin}${defaultVersion.path}`,
            },
          ]
        : []),
    );
  }
  if (ogImage.width && ogImage.height) {
    tags.push(
      { property: "og:image:width", content: String(ogImage.width) },
      { property: "og:image:height", content: String(ogImage.height) },
    );
  }
  if (schema === "LocalBusiness") tags.push({ "script:ld+json": localBusiness(origin, site) });
  if (schema !== "Article")
    tags.push({
      "script:ld+json": webPage(origin, site, {
        title: fullTitle,
        description,
        path: ownPath,
        inLanguage: LANGUAGES[language.lang].tag,
      }),
    });
  // The trail in the page's language: its own address, and each page on it that is translated.
  const inOwnLanguage = (crumb: Crumb): Crumb =>
    crumb.path === path
      ? { ...crumb, path: ownPath }
      : language.translated.includes(crumb.path)
        ? { ...crumb, path: pathIn(language.lang, crumb.path, language.site) }
        : crumb;
  if (breadcrumbs?.length)
    tags.push({ "script:ld+json": breadcrumbList(origin, breadcrumbs.map(inOwnLanguage)) });
  return tags;
}
