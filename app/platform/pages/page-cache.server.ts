import type { RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";

import { CONTENT_KINDS, type ContentKind, contentVersion, pathVersion } from "~/platform/db.server";
import { withoutTrailing } from "~/platform/text/trailing";

import { acceptedEncoding, encode, type Encoding, worthEncoding } from "../http/encoded-body.server";
import { requestContext } from "../http/request-context";
import { requestScope } from "../http/request-scope.server";
import { PageStore } from "./page-store.server";
import { type RouteHandle, routeHandle } from "./route-handle";
import { SHARED_PREVIEW_PARAM } from "./shared-preview.server";

export type Entry = {
  /** What it is kept under: its address, and the experiments' arms it shows (`/#3=b`). */
  url: string;
  status: number;
  body: Buffer;
  headers: [string, string][];
  etag: string;
  version: string;
  /** The body compressed, each encoding made once when first asked for (compressing costs more than sending). */
  encoded?: Map<Encoding, Promise<Buffer>>;
  /** The body's bytes and its compressed copies' (as they are made). */
  bytes: number;
};

/** Rendered pages kept at most, and their bytes with their compressed copies; the least recently used goes first. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * Pages at an address with a query the page reads (a category, a topic, a search, a page of the blog)
 * are kept apart, in a smaller store: a flood of made-up queries can push out only other queries'
 * pages, never the site's own pages (600 made-up categories emptied the whole cache).
 */
const MAX_QUERY_ENTRIES = 200;
const MAX_QUERY_BYTES = 8 * 1024 * 1024;
/** Pages rendered at start-up at most: well under what the cache keeps, room left for visitors' pages. */
export const WARMED = MAX_ENTRIES / 4;
/** Every page shows the year (the footer's ©, the years in business). */
const yearVersion = () => `${new Date().getFullYear()}`;

/** The build's flat route list as the nested tree `matchRoutes` needs, each node carrying its handle. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index as false,
      caseSensitive: route!.caseSensitive,
      handle: route!.module.handle,
      children: routeTree(routes, route!.id),
    }));
}

/** React Router's address for a page's data, which the site's own links fetch instead of the page. */
const isPageData = (path: string) => path.endsWith(".data");

/**
 * The page a path shows: itself, or the page whose data it is (`/_.data` is the home page's: `/` + `_.data`),
 * without the trailing slash the router ignores, so `/privacy/` is versioned as `/privacy` and a publish
 * that empties one empties the other.
 */
function pageOf(path: string): string {
  const page = !isPageData(path)
    ? path
    : path.endsWith("/_.data")
      ? path.slice(0, -"_.data".length)
      : path.slice(0, -".data".length);
  return withoutTrailing(page, "/", 1);
}

/**
 * A path as the router reads it, in one spelling: unreserved characters unescaped, other escapes in
 * capitals. A page has millions of spellings (each letter escaped or not, `%6f` or `%6F`): kept under
 * each, 1,500 of one service's pushed every other page out of the cache.
 */
function spelledOnce(path: string): string {
  if (!path.includes("%")) return path;
  return path.replace(/%[0-9a-f]{2}/gi, (escape) => {
    const character = String.fromCharCode(parseInt(escape.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(character) ? character : escape.toUpperCase();
  });
}

/**
 * The address a page is rendered from and kept under: its path and only the query parameters it
 * reads (`handle.query`, in that order), so `?utm_source=…` or a cache-buster is the same page.
 */
function reducedUrl(path: string, search: string, understood: readonly string[] = []): string {
  // A page's data (`/blog.data`) answers for the routes a client names in `_routes`, or for all of them.
  if (isPageData(path)) understood = [...understood, "_routes"];
  if (!search || !understood.length) return path;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of understood) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Serves public pages (their data as the site's own links fetch it, and the feeds) from memory instead
 * of rendering them for every visitor, by
 * the kind of page each route's handle declares (see route-handle.ts):
 * - `cache: "static"`, rendered once (at start-up in production, `warm`) and kept;
 * - `cache: "content"`, rendered on first request and kept until the content it shows
 *   (`handle.content`) changes: a sign-up or an enquiry keeps the blog.
 * Either is kept per path and the query parameters the page reads (`handle.query`), and for a page under
 * test once per experiment arm (the request scope's `experimentArms` tag); the other parameters are
 * dropped before rendering. Only a request with a live admin session goes to the renderer (the admin
 * may see drafts); a visitor's cookies are ignored. Concurrent requests for a page being rendered
 * wait for that one render. Every answer from here says `X-Page-Cache: hit` or `miss`.
 * A new build (development: Vite reloaded the app) starts an empty cache, so dev behaves as production.
 */
export function createPageCache({
  loadBuild,
  siteUrl,
  mode,
  signedIn,
  pagesOf,
}: {
  loadBuild: () => Promise<ServerBuild>;
  siteUrl: string;
  mode: string;
  /** Whether a Cookie header carries a live admin session: such a request is rendered for it. */
  signedIn: (cookieHeader: string | undefined) => Promise<boolean>;
  /** The concrete pages of the routes whose handle passes `select` (warmed at start). */
  pagesOf: (
    build: Pick<ServerBuild, "routes">,
    select: (handle: RouteHandle) => boolean,
  ) => { path: string; handle: RouteHandle }[];
}) {
  let current: {
    build: ServerBuild;
    tree: RouteObject[];
    render: ReturnType<typeof createRequestHandler>;
    kinds: Map<string, RouteHandle>;
  };
  const pages = new PageStore<Entry>({ entries: MAX_ENTRIES, bytes: MAX_BYTES });
  const queried = new PageStore<Entry>({ entries: MAX_QUERY_ENTRIES, bytes: MAX_QUERY_BYTES });
  const storeOf = (key: string) => (key.includes("?") ? queried : pages);
  /** Renders under way, by version and URL: a burst of misses for one page renders it once. */
  const rendering = new Map<string, Promise<Entry>>();

  async function forBuild() {
    const build = await loadBuild();
    if (current?.build !== build) {
      pages.clear();
      queried.clear();
      current = {
        build,
        tree: routeTree(build.routes),
        render: createRequestHandler(build, mode),
        kinds: new Map(),
      };
    }
    return current;
  }

  /** The handle of the route a path matches, remembered per path (at most MAX_ENTRIES of them). */
  const handleOf = (path: string): RouteHandle => {
    const known = current.kinds.get(path);
    if (known) return known;
    const handle = routeHandle(matchRoutes(current.tree, path)?.at(-1)?.route.handle);
    if (current.kinds.size >= MAX_ENTRIES) current.kinds.clear();
    current.kinds.set(path, handle);
    return handle;
  };

  // Every page shows the agency's facts (the layout's header and footer): "site" is always part of it;
  // and its own copy, whose publishing empties only the pages that show it (pathVersion).
  const versionFor = ({ cache, content = CONTENT_KINDS }: RouteHandle, page: string): string | null => {
    if (!cache) return null;
    const kinds = new Set<ContentKind>(cache === "content" ? [...content, "site"] : ["site"]);
    return [yearVersion(), ...[...kinds].map((kind) => contentVersion(kind)), pathVersion(page)].join("/");
  };

  function renderOnce(url: string, version: string, keptAs = url): Promise<Entry> {
    const key = `${version} ${keptAs}`;
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(url, version, keptAs).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  /**
   * Renders `url` as a visitor without a session gets it; kept (under `keptAs`) when it may be and
   * `version` is given.
   */
  async function render(url: string, version: string | null, keptAs = url): Promise<Entry> {
    const { build, render: handle } = await forBuild();
    const context = requestContext({ clientIp: "unknown", routes: build.routes });
    const response = await handle(new Request(new URL(url, siteUrl)), context);
    const body = Buffer.from(await response.arrayBuffer());
    const entry: Entry = {
      url: keptAs,
      status: response.status,
      body,
      headers: [...response.headers],
      etag: response.headers.get("etag") ?? "",
      version: version ?? "",
      // The address counts too: `?_routes=` and the query a page reads can make it long.
      bytes: body.length + Buffer.byteLength(keptAs),
    };
    // Only what anyone may be given is kept: never an answer that sets a cookie or says it is private.
    const kept =
      version !== null &&
      entry.status === 200 &&
      entry.etag &&
      !response.headers.has("set-cookie") &&
      !/\b(private|no-store)\b/.test(response.headers.get("cache-control") ?? "");
    if (kept) storeOf(keptAs).set(keptAs, entry);
    return entry;
  }

  /** The entry's body in the encoding the client takes, kept with it; null where it goes as it is. */
  function encodedBody(entry: Entry, res: ExpressResponse, acceptEncoding: string | undefined) {
    const encoding = acceptedEncoding(acceptEncoding);
    if (!encoding) return null;
    const type = res.getHeader("content-type");
    const cacheControl = res.getHeader("cache-control");
    if (!worthEncoding(String(type ?? ""), String(cacheControl ?? ""), entry.body.length)) return null;
    entry.encoded ??= new Map();
    let body = entry.encoded.get(encoding);
    if (!body) {
      body = encode(entry.body, encoding);
      body.then(
        (encoded) => storeOf(entry.url).grow(entry.url, entry, encoded.length),
        () => entry.encoded?.delete(encoding),
      );
      entry.encoded.set(encoding, body);
    }
    return { encoding, body };
  }

  async function send(
    res: ExpressResponse,
    entry: Entry,
    hit: boolean,
    { ifNoneMatch, acceptEncoding, head }: { ifNoneMatch?: string; acceptEncoding?: string; head: boolean },
  ) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
    if (entry.status === 200 && ifNoneMatch === entry.etag) {
      res.status(304).end();
      return;
    }
    // HEAD goes as before: the compression middleware sends its headers uncompressed.
    const encoded = head ? null : encodedBody(entry, res, acceptEncoding);
    if (encoded) {
      const body = await encoded.body;
      res.vary("Accept-Encoding");
      res.setHeader("Content-Encoding", encoded.encoding);
      res.setHeader("Content-Length", body.length);
      res.status(entry.status).end(body);
      return;
    }
    res.status(entry.status).end(head ? undefined : entry.body);
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Sent with doubled slashes: rendered, to be answered with a 301 to the page (route-access.server).
    if (requestScope()?.doubledSlashes) return next();
    try {
      await forBuild();
      // Another spelling of a page's address is left to the renderer, never kept: where the router
      // has a spelling of its own the answer is a 301 to it (route-access.server).
      const path = req.path;
      if (spelledOnce(path) !== path) return next();
      const page = pageOf(path);
      const handle = handleOf(page);
      const version = versionFor(handle, page);
      if (version === null || (await signedIn(req.headers.cookie))) return next();
      const queryAt = req.url.indexOf("?");
      // A preview link's draft: rendered for the link (features/preview-links), never kept.
      if (queryAt !== -1 && new URLSearchParams(req.url.slice(queryAt)).has(SHARED_PREVIEW_PARAM))
        return next();
      const url = reducedUrl(path, queryAt === -1 ? "" : req.url.slice(queryAt), handle.query);
      // A page under test is kept once per arm: the render reads this request's arms (request scope).
      const arms = requestScope()?.experimentArms?.tag;
      const keptAs = arms ? `${url}#${arms}` : url;
      const cached = storeOf(keptAs).get(keptAs);
      const hit = cached?.version === version;
      const entry = hit ? cached : await renderOnce(url, version, keptAs);
      await send(res, entry, hit, {
        ifNoneMatch: req.get("if-none-match"),
        acceptEncoding: req.get("accept-encoding"),
        head: req.method === "HEAD",
      });
    } catch (error) {
      next(error);
    }
  };

  /**
   * The answer a visitor without a session gets at `path` (kept, or rendered now), with its route's
   * handle, whoever asks: the Markdown copies and llms-full.txt are made from it, so they never show a
   * draft. A page the cache does not keep (the contact page) is rendered and not kept.
   */
  async function publicAnswer(path: string, search = ""): Promise<{ entry: Entry; handle: RouteHandle }> {
    await forBuild();
    const page = pageOf(path);
    const handle = handleOf(page);
    const version = versionFor(handle, page);
    const url = reducedUrl(path, search, handle.query);
    if (version === null) return { entry: await render(url, null), handle };
    const cached = storeOf(url).get(url);
    return { entry: cached?.version === version ? cached : await renderOnce(url, version), handle };
  }

  /** The handle of the route a page's path matches. */
  async function handleAt(path: string): Promise<RouteHandle> {
    await forBuild();
    return handleOf(pageOf(path));
  }

  /** The concrete pages of the routes whose handle passes `select`, in the routes' order. */
  async function pagesWhere(select: (handle: RouteHandle) => boolean): Promise<string[]> {
    const { build } = await forBuild();
    return pagesOf(build, select).map((page) => page.path);
  }

  /**
   * Renders the marketing pages now (every kept page but the blog's, which may be thousands), so the
   * first visitors do not wait for them. The site listens only after: a portfolio of thousands of
   * case studies would hold the start for minutes, and past what the cache keeps each page rendered
   * pushes out one rendered before. So at most WARMED pages, the routes of one page (home, /work, the
   * legal pages) before those of many (each case study, in the agency's order). Fewer with
   * PAGES_WARMED_AT_START (a test server's start is 0.4 core-seconds cheaper without).
   */
  async function warm(count = WARMED) {
    const { build } = await forBuild();
    const marketing = (handle: RouteHandle) =>
      handle.cache === "static" || (handle.cache === "content" && !handle.content?.includes("posts"));
    for (const { path, handle } of fewestFirst(pagesOf(build, marketing)).slice(0, Math.min(count, WARMED))) {
      await renderOnce(path, versionFor(handle, path)!);
    }
  }

  return { middleware, warm, publicAnswer, handleAt, pagesWhere };
}

/**
 * Pages in the order of how many their route has, fewest first (stable: the routes' order otherwise):
 * the pages of one route module share its handle.
 */
export function fewestFirst<T extends { handle: object }>(pages: T[]): T[] {
  const perRoute = new Map<object, number>();
  for (const { handle } of pages) perRoute.set(handle, (perRoute.get(handle) ?? 0) + 1);
  return pages
    .map((page, index) => ({ page, index, count: perRoute.get(page.handle)! }))
    .sort((a, b) => a.count - b.count || a.index - b.index)
    .map(({ page }) => page);
}
