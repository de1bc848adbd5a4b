import type { RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from "react-router";

import { databaseVersion } from "#db/client";

import { pageEntries } from "./page-entries.server";
import { requestContext } from "./request-context";
import { type RouteHandle, routeHandle } from "./route-handle";

type Entry = { status: number; body: Buffer; headers: [string, string][]; etag: string; version: string };

/** Rendered pages kept at most; the least recently used goes first. */
const MAX_ENTRIES = 500;
/** Static pages change only with the year in their footer. */
const staticVersion = () => `static-${new Date().getFullYear()}`;

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

/**
 * Serves public pages from memory instead of rendering them for every visitor, by the kind of page
 * each route's handle declares (see route-handle.ts):
 * - `cache: "static"`, rendered once (at start-up in production, `warm`) and kept; a query string
 *   still goes to the renderer;
 * - `cache: "content"`, rendered on first request (any query) and kept until the next database write.
 * Requests with cookies (the signed-in admin may see drafts) and every other page go to the renderer.
 * A new build (development: Vite reloaded the app) starts an empty cache, so dev behaves as production.
 */
export function createPageCache(loadBuild: () => Promise<ServerBuild>, siteUrl: string, mode: string) {
  let current: {
    build: ServerBuild;
    tree: RouteObject[];
    render: ReturnType<typeof createRequestHandler>;
    kinds: Map<string, RouteHandle["cache"]>;
  };
  const entries = new Map<string, Entry>();

  async function forBuild() {
    const build = await loadBuild();
    if (current?.build !== build) {
      entries.clear();
      current = {
        build,
        tree: routeTree(build.routes),
        render: createRequestHandler(build, mode),
        kinds: new Map(),
      };
    }
    return current;
  }

  /** The cache kind of the route a path matches, remembered per path (at most MAX_ENTRIES of them). */
  const kindOf = (path: string): RouteHandle["cache"] => {
    if (current.kinds.has(path)) return current.kinds.get(path);
    const kind = routeHandle(matchRoutes(current.tree, path)?.at(-1)?.route.handle).cache;
    if (current.kinds.size >= MAX_ENTRIES) current.kinds.clear();
    current.kinds.set(path, kind);
    return kind;
  };

  const versionFor = (path: string, hasQuery: boolean): string | null => {
    const cache = kindOf(path);
    if (cache === "static" && !hasQuery) return staticVersion();
    if (cache === "content") return databaseVersion();
    return null;
  };

  async function render(url: string, version: string): Promise<Entry> {
    const { build, render: handle } = await forBuild();
    const context = requestContext({ clientIp: "unknown", routes: build.routes });
    const response = await handle(new Request(new URL(url, siteUrl)), context);
    const entry = {
      status: response.status,
      body: Buffer.from(await response.arrayBuffer()),
      headers: [...response.headers],
      etag: response.headers.get("etag") ?? "",
      version,
    };
    if (entry.status === 200 && entry.etag && !response.headers.has("set-cookie")) {
      entries.delete(url);
      entries.set(url, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    }
    return entry;
  }

  function send(res: ExpressResponse, entry: Entry, ifNoneMatch: string | undefined, head: boolean) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.status === 200 && ifNoneMatch === entry.etag) {
      res.status(304).end();
      return;
    }
    res.status(entry.status).end(head ? undefined : entry.body);
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie) return next();
    try {
      await forBuild();
      const version = versionFor(req.path, req.url.includes("?"));
      if (version === null) return next();
      const cached = entries.get(req.url);
      let entry: Entry;
      if (cached && cached.version === version) {
        entries.delete(req.url);
        entries.set(req.url, cached);
        entry = cached;
      } else {
        entry = await render(req.url, version);
      }
      send(res, entry, req.get("if-none-match"), req.method === "HEAD");
    } catch (error) {
      next(error);
    }
  };

  /** Renders the static pages now, so the first visitors do not wait for them. */
  async function warm() {
    const { build } = await forBuild();
    for (const { path } of pageEntries(build, (handle) => handle.cache === "static")) {
      await render(path, staticVersion());
    }
  }

  return { middleware, warm };
}
