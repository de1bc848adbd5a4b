import { eq } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";

import { pageCopy } from "#db/schema";
import { staffWhoMayOpen } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { noteDraftPreview, requestScope } from "~/platform/http/request-scope.server";
import { requestLanguage } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { sharedPreviewTarget } from "~/platform/pages/shared-preview.server";
import { withoutTrailing } from "~/platform/text/trailing";

import { withAddedFields } from "./added-fields";
import { layeredCopy } from "./copy-layers.server";
import { pathsShowing, publishedCopy, titleOf } from "./page-copy.server";
import { kindOfKey, type PageKind } from "./page-schemas";
import { translatedCopy } from "./page-translations.server";

/**
 * A draft is previewed as the real page: the page's own address with `?preview`, honoured only for a
 * signed-in owner or editor (with the second step the owner requires). Everyone else is answered as a
 * visitor: the page cache drops the query and serves the published page, and the loaders read the
 * published copy. A preview is never kept by the page cache (it renders only visitors' requests, and
 * keeps nothing private), never by a browser or CDN (`private, no-store`) and never indexed.
 */
export const PREVIEW_PARAM = "preview";

/** Where the 404's words are previewed: an address no page has, under /admin so it is not counted as a visitor's 404. */
export const NOT_FOUND_PREVIEW_PATH = "/admin/pages/404-preview";

/** First for every request (root middleware): a preview asked for by whoever may see the drafts. */
export const draftPreview: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  if (!new URL(request.url).searchParams.has(PREVIEW_PARAM)) return next();
  if (!(await staffWhoMayOpen(request, "editor"))) return next();
  noteDraftPreview();
  const answer = await next();
  const headers = new Headers(answer.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
};

/** Whether this request shows `key`'s draft: staff's ?preview shows every page's, a preview link its page's. */
const isPreview = (key?: string) =>
  requestScope()?.draftPreview === true || (key !== undefined && sharedPreviewTarget("page") === key);

const rowOf = (key: string) => getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get();

/**
 * The copy a public page shows for this request: the published copy, or in a preview the draft waiting
 * (else the published copy), a hidden service's too, as the registered layers leave it (an experiment's
 * arm). Undefined where there is no such page.
 */
export function copyForRequest<K extends PageKind>(
  kind: K,
  key: string,
): ReturnType<typeof publishedCopy<K>> | undefined {
  // Under a language's prefix: the page's translation, or nothing (an untranslated page is absent there);
  // the 404 alone falls back to the default language's words, as a 404 must always be answered. The
  // experiments' words are the default language's: a translation is never under test.
  const lang = requestLanguage();
  if (lang !== siteLanguages().default && kindOfKey(key) === kind) {
    const translated = translatedCopy(key, lang, isPreview(key)) as ReturnType<typeof publishedCopy<K>>;
    if (translated || kind !== "not-found") return translated;
  }
  return layeredCopy(key, chosenCopy(kind, key));
}

function chosenCopy<K extends PageKind>(
  kind: K,
  key: string,
): ReturnType<typeof publishedCopy<K>> | undefined {
  if (!isPreview(key)) return publishedCopy(kind, key);
  if (kindOfKey(key) !== kind) return undefined;
  const row = rowOf(key);
  if (!row) return publishedCopy(kind, key);
  // A draft saved before the page gained a field shows that field's starting words, as publishing would.
  return withAddedFields(kind, row.draft ?? row.published) as ReturnType<typeof publishedCopy<K>>;
}

/** Any page's copy for this request by its key: what the features below this one read (connected at start). */
export function readCopyForRequest(key: string): Record<string, unknown> | undefined {
  const kind = kindOfKey(key);
  return kind ? copyForRequest(kind, key) : undefined;
}

/** Where a page's draft is previewed: its public address (the 404's: an address no page has) with ?preview. */
export function previewAddress(key: string): string {
  return `${pathsShowing(key)[0] ?? NOT_FOUND_PREVIEW_PATH}?${PREVIEW_PARAM}`;
}

/** The page whose words a public path shows, or null ("/" is home, "/privacy" legal/privacy). */
function pageKeyAt(pathname: string): string | null {
  const path = withoutTrailing(pathname, "/") || "/";
  if (path === "/") return "home";
  if (["/about", "/contact", "/work", "/blog"].includes(path)) return path.slice(1);
  const service = /^\/services\/([^/]+)$/.exec(path);
  if (service) return `services/${service[1]}`;
  const legal = /^\/([^/]+)$/.exec(path);
  return legal ? `legal/${legal[1]}` : null;
}

/** What the preview's bar says of a page: which it is, whether a draft waits, whether visitors see it. */
export type PreviewedPage = { key: string; title: string; draftWaiting: boolean; hidden: boolean };

function previewedPage(key: string | null): PreviewedPage | null {
  const row = key && kindOfKey(key) ? rowOf(key) : undefined;
  if (!row) return null;
  return {
    key: row.key,
    title: titleOf(row.key, row.draft ?? row.published),
    draftWaiting: row.draft !== null,
    hidden: row.hidden,
  };
}

/**
 * For the site's layout (root loader): null unless this request is a preview; else the page the
 * address shows and the 404's, for when the address turns out to be one.
 */
export function draftPreviewOf(
  url: URL,
): { page: PreviewedPage | null; notFound: PreviewedPage | null } | null {
  if (!isPreview()) return null;
  return { page: previewedPage(pageKeyAt(url.pathname)), notFound: previewedPage("not-found") };
}
