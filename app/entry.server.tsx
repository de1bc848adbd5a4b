import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";

import { pageCsp } from "~/platform/http/csp.server";
import { PUBLIC_CACHE, weakEtag } from "~/platform/http/public-response.server";
import { log } from "~/platform/log.server";
import { deferHydration } from "~/platform/pages/deferred-hydration.server";
import { renderWhole } from "~/platform/pages/render-whole.server";

import { loader as rootLoader } from "./root";

export const streamTimeout = 5_000;

/**
 * Renders the whole page before answering (pages are small): the complete body gets an ETag, a
 * matching If-None-Match gets 304, and public pages get CDN-friendly caching. Admin pages and any
 * answer that sets a cookie stay private.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  withFrameData(request, routerContext, loadContext);
  let status = responseStatusCode;
  const rendered = await renderWhole(<ServerRouter context={routerContext} url={request.url} />, {
    deadline: streamTimeout + 1000,
    onError(error) {
      // A page's error boundary that hands a client's mistake (a 4xx) to the frame above it: the page
      // shown is that frame's error page, with the status already set; nothing failed.
      if (isRouteErrorResponse(error) && error.status < 500) {
        log.info(
          { status: error.status, path: new URL(request.url).pathname },
          "Error page shown by the frame above",
        );
        return;
      }
      status = 500;
      log.error({ err: error, path: new URL(request.url).pathname }, "Rendering failed");
    },
  });
  const html = deferHydration(rendered);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Vite's development server injects scripts of its own; the policy applies to the build.
  if (process.env.NODE_ENV === "production") responseHeaders.set("Content-Security-Policy", pageCsp(html));
  // Admin pages say so themselves (their routes' `headers`); an answer setting a cookie is private.
  if (responseHeaders.has("Set-Cookie")) {
    responseHeaders.set("Cache-Control", "private, no-store");
  } else if (status === 200 && !responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", PUBLIC_CACHE);
  }
  const etag = weakEtag(html);
  responseHeaders.set("ETag", etag);
  if (status === 200 && request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return new Response(html, { status, headers: responseHeaders });
}

/**
 * A request the router refuses before any loader runs (a POST where there is no form: 405) still gets
 * the site's frame in the address's language: the root's data (its language, words and facts) is made
 * for it, as for any page, instead of the frame falling back to English.
 */
function withFrameData(request: Request, routerContext: EntryContext, context: RouterContextProvider) {
  const handled = routerContext.staticHandlerContext;
  if (handled.loaderData.root !== undefined || !handled.errors) return;
  try {
    handled.loaderData.root = rootLoader({
      request,
      context,
      params: {},
      url: new URL(request.url),
      pattern: "/",
    } as Parameters<typeof rootLoader>[0]);
  } catch (error) {
    log.error(
      { err: error, path: new URL(request.url).pathname },
      "The error page's frame could not be read",
    );
  }
}

/**
 * A page's data, fetched by the site's own links instead of the page, gets an ETag like the page: the
 * page cache keeps public answers that have one (a long post's data is as costly to make as its page).
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  if (request.method !== "GET" || response.status !== 200 || response.headers.has("Set-Cookie")) {
    return response;
  }
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.set("ETag", weakEtag(body));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Errors from loaders, actions and rendering go to the log with their stack; visitors see the error
 * page. A request the router refuses itself (a POST where there is no form, a method it does not know,
 * a GET of an action-only address: 405 or 400) is the client's mistake, mostly scanners: one info line,
 * so the error level stays for what the agency has to look at.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const where = { method: request.method, path: new URL(request.url).pathname };
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.info({ ...where, status: error.status }, `Refused: ${error.status} ${error.statusText}`);
    return;
  }
  log.error({ err: error, ...where }, "Request failed");
};
