import type { RequestHandler } from "express";
import { isbot } from "isbot";

import { recordNotFound, resolveRedirect } from "~/features/redirects/index.server";
import { log } from "~/platform/log.server";

/** The owner's redirects (decision 030), ahead of every page: GET and HEAD only, the query carried over. */
export const ownerRedirects: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const search = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
  const found = resolveRedirect(req.path, search);
  if (!found) return next();
  res.set("Cache-Control", "public, max-age=300");
  res.redirect(found.status, found.location);
};

/**
 * Counts each page a person asked for and did not find (a 404 answer to a browser's page request, not a
 * crawler's or a script's), so the owner sees what to redirect.
 */
export const countNotFound: RequestHandler = (req, res, next) => {
  const page =
    req.method === "GET" &&
    (req.get("accept") ?? "").includes("text/html") &&
    !/^\/(api|admin|assets)(\/|$)/.test(req.path) &&
    !isbot(req.get("user-agent") ?? "");
  if (page)
    res.on("finish", () => {
      if (res.statusCode !== 404) return;
      const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
      recordNotFound(req.path, req.get("referer") ?? null, client).catch((error: unknown) =>
        log.error({ err: error }, "Counting a 404 failed"),
      );
    });
  next();
};
