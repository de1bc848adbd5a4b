import { createHash } from "node:crypto";

/**
 * Public pages (entry.server) and public data (the feeds, the public blog API): a CDN may keep them
 * for 5 minutes and serve them stale while it fetches anew; a browser revalidates with the ETag every
 * time (a 304 when nothing changed).
 */
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/** A weak ETag of a body (pages and data alike, so the page cache keeps both the same way). */
export function weakEtag(body: string): string {
  return `W/"${createHash("sha1").update(body, "utf8").digest("base64url")}"`;
}

/** A 200 with `body`, its ETag and PUBLIC_CACHE (or a 304 when the client has it already). */
export function publicResponse(request: Request, body: string, headers: Record<string, string>): Response {
  const etag = weakEtag(body);
  const all = { "Cache-Control": PUBLIC_CACHE, ...headers, ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers: all });
  return new Response(body, { headers: all });
}
