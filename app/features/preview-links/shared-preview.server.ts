import { type MiddlewareFunction, redirect } from "react-router";

import { requestScope, setSharedPreview } from "~/platform/http/request-scope.server";
import { SHARED_PREVIEW_PARAM } from "~/platform/pages/shared-preview.server";
import { clientLimit } from "~/platform/rate-limit.server";

import { openPreviewLink, previewLinkPath } from "./preview-links.server";

/**
 * Opening preview links is capped per client: a token cannot be guessed (2^256), but each try reads the
 * database and renders a page no cache holds, so a client trying many is slowed to this.
 */
const opening = clientLimit("preview-link", 60, 60);

/** What a preview's answer says: never kept by a browser or CDN, never indexed, never sent as a Referer. */
export const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** 429 in plain words, with when to try again; null when this client may open one more link. */
export async function openingRefused(): Promise<Response | null> {
  const wait = await opening.take(requestScope()?.ip ?? "unknown");
  if (!wait) return null;
  return new Response(`Too many preview links opened from here: try again in ${wait} seconds.`, {
    status: 429,
    headers: { ...PREVIEW_HEADERS, "Retry-After": String(wait), "Content-Type": "text/plain; charset=utf-8" },
  });
}

function withPreviewHeaders(answer: Response): Response {
  const headers = new Headers(answer.headers);
  for (const [name, value] of Object.entries(PREVIEW_HEADERS)) headers.set(name, value);
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
}

/**
 * Root middleware: a draft's own address with `?share=<token>` shows that one draft, as the real page,
 * while the link is live. Any other answer (expired, revoked, unknown, or the draft has moved to another
 * address) goes to /preview/<token>, which says why or sends its holder to the draft's new address.
 */
export const sharedPreview: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const url = new URL(request.url);
  const token = url.searchParams.get(SHARED_PREVIEW_PARAM);
  if (token === null) return next();
  const refused = await openingRefused();
  if (refused) return refused;
  const opened = openPreviewLink(token);
  if (opened.state !== "live" || opened.address !== url.pathname) {
    throw redirect(previewLinkPath(encodeURIComponent(token)), { headers: PREVIEW_HEADERS });
  }
  setSharedPreview(opened.preview);
  return withPreviewHeaders(await next());
};

/** For the site's layout (root loader): what the "Preview" ribbon says, or null on any other request. */
export function sharedPreviewRibbon(): { expiresAt: string } | null {
  const shared = requestScope()?.sharedPreview;
  return shared ? { expiresAt: shared.expiresAt.toISOString() } : null;
}
