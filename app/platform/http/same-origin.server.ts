const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type WriteRequest = {
  method: string;
  origin?: string | null;
  fetchSite?: string | null;
  host?: string | null;
};

/**
 * Cross-site request forgery guard for every write: a browser names the page that sent a POST in
 * `Origin` (and `Sec-Fetch-Site`). A write is accepted when it comes from this site (SITE_URL or the
 * host it was sent to), or from a client that is not a browser page at all (no such headers).
 */
export function isAllowedWrite(
  { method, origin, fetchSite, host }: WriteRequest,
  siteOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (origin) {
    if (origin === siteOrigin) return true;
    try {
      return new URL(origin).host === host;
    } catch {
      return false; // "null" and other opaque origins
    }
  }
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  return true;
}
