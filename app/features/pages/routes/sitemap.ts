import { setImmediate as nextTurn } from "node:timers/promises";

import {
  type KnownVersions,
  knownVersions,
  pageVersions,
} from "~/features/pages/copy/page-translations.server";
import { pageEntries } from "~/features/pages/page-entries.server";
import { getEnv } from "~/platform/env.server";
import { publicResponse } from "~/platform/http/public-response.server";
import { buildRoutesContext } from "~/platform/http/request-context";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { escapeXml } from "~/platform/text/xml";

import type { Route } from "./+types/sitemap";

/** Kept by the page cache until the posts change (the rest it lists is in the code or seeded). */
export const handle: RouteHandle = { cache: "content", content: ["posts", "case-studies"] };

/** How long the sitemap holds the event loop at a time: every other request waits behind it. */
const HOLD_MS = 50;

/**
 * /sitemap.xml: every page whose route's handle says `sitemap: true`, with lastmod. Thousands of posts
 * and case studies: their versions in other languages are read in one query a kind, and the list is
 * written a slice at a time, the loop given back between.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = getEnv().SITE_URL;
  const entries = pageEntries(
    { routes: context.get(buildRoutesContext) },
    (handle) => handle.sitemap === true,
  );
  const manyLanguages = siteLanguages().languages.length > 1;
  await nextTurn();
  const known = manyLanguages ? await knownVersions() : undefined;
  const urls: string[] = [];
  let since = performance.now();
  for (const e of entries) {
    if (performance.now() - since > HOLD_MS) {
      await nextTurn();
      since = performance.now();
    }
    urls.push(
      `  <url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${e.lastmod.toISOString()}</lastmod>${known ? alternatesOf(origin, e.path, known) : ""}</url>`,
    );
  }
  // The xhtml namespace only where a page has versions in other languages.
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${manyLanguages ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ""}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls.join("\n")}\n</urlset>\n`;
  return publicResponse(request, xml, { "Content-Type": "application/xml; charset=utf-8" });
}

/** A page's versions in the site's languages (each version lists them all, itself and x-default too). */
function alternatesOf(origin: string, path: string, known?: KnownVersions): string {
  const versions = pageVersions(path, known).filter((version) => version.exists);
  if (versions.length < 2) return "";
  const link = (hreflang: string, href: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(origin + href)}"/>`;
  const fallback = versions.find((version) => version.lang === siteLanguages().default);
  return [
    ...versions.map((version) => link(version.lang, version.path)),
    ...(fallback ? [link("x-default", fallback.path)] : []),
  ].join("");
}
