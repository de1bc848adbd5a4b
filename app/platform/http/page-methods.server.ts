import type { MiddlewareFunction } from "react-router";

import { buildRoutesContext } from "~/platform/http/request-context";
import { routeOfPattern } from "~/platform/http/route-of-pattern";

/** What a browser sends a page: GET and HEAD, and POST to the page's form action. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * A page (a route with a screen) answers only a page's methods. The router runs a page's form action
 * for any other method as for a POST (a DELETE of /blog signed an address up to the newsletter). A
 * resource route (the /api, a passkey's steps) answers its own methods, and an address no route has
 * (the not-found page's "*") the router's not-found answer, whatever the method.
 */
export const pageMethods: MiddlewareFunction<Response> = ({ request, pattern, context }, next) => {
  if (PAGE_METHODS.has(request.method) || pattern.includes("*")) return next();
  const route = routeOfPattern(context.get(buildRoutesContext), pattern);
  if (!route?.module.default) return next();
  return new Response("Method Not Allowed", {
    status: 405,
    headers: {
      Allow: route.module.action ? "GET, HEAD, POST" : "GET, HEAD",
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
};
