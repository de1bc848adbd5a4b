const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type WriteRequest = {
  method: string;
  origin?: string | null;
  fetchSite?: string | null;
  /** Where this request was sent: its scheme (as the proxy tells it) and its Host. */
  requestOrigin?: string | null;
};

/**
 * Cross-site request forgery guard for every write: a browser names the page that sent a POST in
 * `Origin` (and `Sec-Fetch-Site`). A write is accepted when it comes from this site (SITE_URL or the
 * origin it was sent to, scheme included: a plain-http page on the same host could have been written
 * by anyone on the network), or from a client that is not a browser page at all (no such headers).
 */
export function isAllowedWrite(
  { method, origin, fetchSite, requestOrigin }: WriteRequest,
  siteOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (origin) {
    if (origin === siteOrigin) return true;
    try {
      // An https site takes no write from its own address's plain-http twin (a page anyone on the
      // network can write), whatever a proxy says of the request's scheme.
      const from = new URL(origin);
      const site = new URL(siteOrigin);
      if (site.protocol === "https:" && from.protocol === "http:" && from.hostname === site.hostname)
        return false;
      return !!requestOrigin && from.origin === new URL(requestOrigin).origin;
    } catch {
      return false; // "null" and other opaque origins
    }
  }
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  return true;
}
