import { createHash } from "node:crypto";

/**
 * Public data (the feeds, the public blog API) is cached like the public pages (entry.server): a
 * CDN may keep it for 5 minutes and serve it stale while it fetches anew; a browser revalidates with
 * the ETag every time (a 304 when nothing changed).
 */
export const PUBLIC_DATA_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/** A weak ETag of a body, made the way entry.server makes the pages' (so the page cache keeps it). */
export function weakEtag(body: string): string {
  return `W/"${createHash("sha1").update(body, "utf8").digest("base64url")}"`;
}

/** A 200 with `body`, its ETag and PUBLIC_DATA_CACHE (or a 304 when the client has it already). */
export function publicResponse(request: Request, body: string, headers: Record<string, string>): Response {
  const etag = weakEtag(body);
  const all = { "Cache-Control": PUBLIC_DATA_CACHE, ...headers, ETag: etag };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers: all });
  return new Response(body, { headers: all });
}
