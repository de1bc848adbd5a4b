import type { RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";

import { databaseVersion } from "#db/client";
import { services } from "~/content/services";
import { listProjects } from "~/services/projects.server";

type Entry = { status: number; body: Buffer; headers: [string, string][]; etag: string; version: string };

/** Rendered pages kept at most; the least recently used goes first. */
const MAX_ENTRIES = 500;
/** Static pages change only with the year in their footer. */
const staticVersion = () => `static-${new Date().getFullYear()}`;

/**
 * The pages whose content never changes while the process runs: the marketing copy lives in the code
 * and the portfolio is seeded, not edited. (The contact page is not one: its form carries a signed
 * start time.)
 */
export function staticPagePaths(): string[] {
  return [
    "/",
    "/about",
    "/work",
    "/privacy",
    "/terms",
    "/cookies",
    ...services.map((service) => `/services/${service.slug}`),
    ...listProjects().map((project) => `/work/${project.slug}`),
  ];
}

/**
 * Serves public pages from memory instead of rendering them for every visitor:
 * - the static pages, rendered once at start-up (`warm`);
 * - the blog list (any query) and posts, rendered on first request and kept until the next write to
 *   the database, so publishing shows at once.
 * Requests with cookies (the signed-in admin may see drafts) and everything else go to the renderer.
 */
export function createPageCache(build: ServerBuild, siteUrl: string) {
  const handle = createRequestHandler(build, "production");
  const staticPaths = new Set(staticPagePaths());
  const entries = new Map<string, Entry>();

  const versionFor = (path: string, hasQuery: boolean): string | null => {
    if (!hasQuery && staticPaths.has(path)) return staticVersion();
    if (path === "/blog" || /^\/blog\/[^/]+$/.test(path)) return databaseVersion();
    return null;
  };

  async function render(url: string, version: string): Promise<Entry> {
    const response = await handle(new Request(new URL(url, siteUrl)));
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
    const version = versionFor(req.path, req.url.includes("?"));
    if (version === null) return next();
    try {
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
    for (const path of staticPaths) await render(path, staticVersion());
  }

  return { middleware, warm };
}
