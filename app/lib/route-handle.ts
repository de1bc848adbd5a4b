/**
 * What kind of page a route is: its `handle` export is the only place that says so. The root layout
 * reads `hydrate`, the page cache `cache`, the sitemap `sitemap` (from the build's routes, no lists).
 * - hydrate: true → React hydrates the page (the admin). Every other page is HTML plus the one page
 *   script (page-behaviours, page-toasts, page-forms), without React (docs/decisions/014).
 * - cache: "static" → rendered once and kept (content in the code or seeded); "content" → kept until
 *   the next database write (the blog); absent → rendered for every request.
 * - sitemap: listed in /sitemap.xml (a route with a parameter lists its pages, see page-entries).
 */
export type RouteHandle = {
  hydrate?: boolean;
  cache?: "static" | "content";
  sitemap?: boolean;
};

export function routeHandle(handle: unknown): RouteHandle {
  return typeof handle === "object" && handle !== null ? (handle as RouteHandle) : {};
}
