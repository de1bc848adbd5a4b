import type { RequestHandler } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { services } from "~/content/services";
import { listProjects } from "~/services/projects.server";
import { log } from "./log.server";

type Snapshot = { body: Buffer; headers: [string, string][]; etag: string };

/**
 * The pages whose content never changes while the process runs: the marketing copy lives in the code
 * and the portfolio is seeded, not edited. (The contact page is not one: its form carries a signed
 * start time. The blog changes whenever a post is published.)
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
 * Renders each static page once, at start-up, through the real request handler (so SITE_URL, the
 * CSP hashes and the ETag are exactly what a per-request render would give).
 */
export async function snapshotPages(build: ServerBuild, siteUrl: string, paths = staticPagePaths()): Promise<Map<string, Snapshot>> {
  const handle = createRequestHandler(build, "production");
  const snapshots = new Map<string, Snapshot>();
  for (const path of paths) {
    const response = await handle(new Request(new URL(path, siteUrl)));
    const etag = response.headers.get("etag");
    if (response.status !== 200 || !etag || response.headers.has("set-cookie")) {
      log.warn({ path, status: response.status }, "Not snapshotting a page that is not a plain 200");
      continue;
    }
    snapshots.set(path, { body: Buffer.from(await response.arrayBuffer()), headers: [...response.headers], etag });
  }
  return snapshots;
}

/** Serves a snapshot for a GET or HEAD of exactly its path (any query string goes to the renderer). */
export function serveSnapshots(snapshots: Map<string, Snapshot>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const snapshot = req.url.includes("?") ? undefined : snapshots.get(req.path);
    if (!snapshot) return next();
    for (const [name, value] of snapshot.headers) res.setHeader(name, value);
    if (req.get("if-none-match") === snapshot.etag) {
      res.status(304).end();
      return;
    }
    res.status(200).end(req.method === "HEAD" ? undefined : snapshot.body);
  };
}
