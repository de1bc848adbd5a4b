import {
  type MiddlewareFunction,
  redirect,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

import { type Access, accessOf, mayOpen, type Role } from "~/platform/http/access";
import { buildRoutesContext } from "~/platform/http/request-context";
import { requestScope, setRouteAccess } from "~/platform/http/request-scope.server";
import { routeOfPattern } from "~/platform/http/route-of-pattern";
import { slugSpelling } from "~/platform/http/slug-spelling.server";
import { type RouteHandle, routeHandle } from "~/platform/pages/route-handle";

/**
 * Who may open a request is decided on the route it matched, never on the URL's spelling: the router
 * matches paths case-insensitively and percent-decoded, so a check on the string can be walked around
 * (`/admin/posts/1/NEWSLETTER`). This middleware runs first for every page, data and resource request:
 * a path spelled differently from its route (case, encoding), or naming a post, case study or service
 * by its slug in another case, is sent to the page's own spelling in one 301, and the matched route's
 * `access` (absent: the owner's) is noted for requireApiAdmin.
 */
export const routeAccess: MiddlewareFunction<Response> = async ({ url, pattern, context }, next) => {
  if (requestScope()?.doubledSlashes) return answeredOnce(url, pattern, context, next);
  // A slug's own spelling is looked up only for a path sent on anyway (one 301 for both); a path
  // spelled as its route is, the slug page's not-found path looks it up (redirectToSlugSpelling).
  if (canonicalPath(url.pathname, pattern) !== url.pathname) {
    const canonical = canonicalPath(url.pathname, pattern, (slug) => slugSpelling(pattern, slug));
    throw redirect(`${canonical}${url.search}`, 301);
  }
  setRouteAccess(accessOfPattern(context.get(buildRoutesContext), pattern));
  return next();
};

/**
 * A path sent with doubled slashes, answered as the path without (server/middleware.ts): a page found
 * there becomes one 301 to its own spelling; a redirect (a slug's spelling, sign-in) or a 404 is
 * answered as it is. Never a 301 to a 404.
 */
async function answeredOnce(
  url: URL,
  pattern: string,
  context: Readonly<RouterContextProvider>,
  next: () => Promise<Response>,
): Promise<Response> {
  setRouteAccess(accessOfPattern(context.get(buildRoutesContext), pattern));
  const answer = await next();
  if (answer.status < 200 || answer.status >= 300) return answer;
  const canonical = canonicalPath(url.pathname, pattern, (slug) => slugSpelling(pattern, slug));
  throw redirect(`${canonical}${url.search}`, 301);
}

/**
 * The path as its route spells it: each fixed segment of the pattern replaces the request's (which
 * matched it ignoring case and encoding); a parameter is kept as sent unless `spell` names its stored
 * spelling (a slug sent in another case); a splat's rest is kept as sent.
 */
export function canonicalPath(
  pathname: string,
  pattern: string,
  spell: (value: string) => string | undefined = () => undefined,
): string {
  const want = pattern.split("/").filter(Boolean);
  const have = pathname.split("/");
  const segments = have.slice(1);
  let w = 0;
  for (let i = 0; i < segments.length && w < want.length; i++) {
    if (segments[i] === "") continue;
    const fixed = want[w++]!;
    if (fixed === "*") break;
    if (!fixed.startsWith(":")) segments[i] = fixed;
    else segments[i] = spelledParameter(segments[i]!, spell);
  }
  return `/${segments.join("/")}`;
}

/**
 * A parameter's segment in its stored spelling, percent-encoded as a link to it is; as sent when it
 * has none, or when it cannot be read (a malformed escape is the router's to refuse).
 */
function spelledParameter(segment: string, spell: (value: string) => string | undefined): string {
  let sent: string;
  try {
    sent = decodeURIComponent(segment);
  } catch {
    return segment;
  }
  const stored = spell(sent);
  // "." and ".." would be read as steps up the path by the browser: never an address to send to.
  if (stored === undefined || stored === sent || stored === "." || stored === "..") return segment;
  return encodeURIComponent(stored);
}

export function handleOfPattern(routes: ServerBuild["routes"], pattern: string): RouteHandle | undefined {
  const route = routeOfPattern(routes, pattern);
  return route && routeHandle(route.module.handle);
}

export function accessOfPattern(routes: ServerBuild["routes"], pattern: string): Access | undefined {
  const handle = handleOfPattern(routes, pattern);
  return handle && accessOf(handle);
}

/** Whether a role may use the route of `pattern` (e.g. to show a link only to those it will open for). */
export function mayUse(role: Role, context: Readonly<RouterContextProvider>, pattern: string): boolean {
  return mayOpen(role, accessOfPattern(context.get(buildRoutesContext), pattern));
}
