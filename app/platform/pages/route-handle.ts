import type { ContentKind } from "~/platform/db.server";

import type { Access } from "../http/access";

/**
 * What kind of page a route is: its `handle` export is the only place that says so. The root layout
 * reads `hydrate`, the page cache `cache`, `content` and `query`, the sitemap `sitemap` (from the
 * build's routes, no lists).
 * - hydrate: true → React hydrates the page (the admin). Every other page is HTML plus the one page
 *   script (page-behaviours, page-toasts, page-forms), without React (docs/decisions/014).
 * - cache: "static" → rendered once and kept (content in the code or seeded); "content" → kept until
 *   the content it shows changes; absent → rendered for every request.
 * - content: for cache "content", the kinds of content the page shows (app/platform/db.server.ts); a write to
 *   another kind (a sign-up, an enquiry) keeps it. Absent: every kind.
 * - query: the query parameters the page reads. The page cache keeps only these (in this order), so
 *   other parameters (utm_*, cache-busters) neither make a new entry nor reach the renderer.
 * - sitemap: listed in /sitemap.xml (a route with a parameter lists its pages, see page-entries).
 * - shell: "admin" → the page brings its own frame (the admin's, or the sign-in card) instead of the
 *   site's header and footer; it renders its own `<main id="main">`.
 * - access: "editor" → editors may use the route as well as the owner; "contributor" → contributors too;
 *   absent → the owner only
 *   (app/platform/http/access.ts). Read from the route the request matched (route-access.server).
 * - settingUp: true → open to staff who still owe the second step the owner requires (the routes where
 *   one is added); every other staff route sends them there first.
 */
export type RouteHandle = {
  hydrate?: boolean;
  cache?: "static" | "content";
  content?: readonly ContentKind[];
  query?: readonly string[];
  sitemap?: boolean;
  shell?: "admin";
  access?: Access;
  settingUp?: boolean;
};

export function routeHandle(handle: unknown): RouteHandle {
  return typeof handle === "object" && handle !== null ? (handle as RouteHandle) : {};
}
