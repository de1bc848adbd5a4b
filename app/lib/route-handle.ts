/**
 * What kind of page a route is: its `handle` export is the only place that says so. The root layout
 * reads `hydrate`, the page cache `cache`, the sitemap `sitemap` (from the build's routes, no lists).
 * - hydrate: false → served as HTML plus the small page-behaviours script, without React.
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
