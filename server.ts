import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";

import { closeDb, getDb } from "#db/client";
import { seedDatabase } from "#db/seed";
import { type Env, EnvError, getEnv } from "~/env.server";
import { CSP_DIRECTIVES } from "~/lib/csp.server";
import { log } from "~/lib/log.server";
import { createPageCache } from "~/lib/page-cache.server";
import { isAllowedWrite } from "~/lib/same-origin.server";
import { withStorageFaultsAs503 } from "~/lib/storage-faults.server";
import { checkDatabase } from "~/services/health.server";
import { startMailWorker } from "~/services/mail.server";
import { purgeExpiredSessions } from "~/services/sessions.server";
import { ensureUploadFolders } from "~/services/uploads.server";
import { ensureAdmin } from "~/services/users.server";

// Set by scripts/build-server.mjs: the bundled server serves the production build, the source runs Vite.
declare const __SERVE_BUILD__: boolean | undefined;
const serveBuild = typeof __SERVE_BUILD__ !== "undefined" && __SERVE_BUILD__;

function loadEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A URL whose path cannot be decoded (e.g. /%E0%A4%A) is the client's mistake: 400, not 500. */
const rejectMalformedPaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad Request: malformed URL");
  }
};

/** One line per request: method, path (no query string; upload tokens masked), status, duration. */
const requestLog = pinoHttp({
  logger: log,
  quietReqLogger: true,
  wrapSerializers: false,
  serializers: {
    req: (req: { method: string; url: string }) => ({
      method: req.method,
      path: req.url.split("?")[0]!.replace(/^\/api\/images\/put\/[^/]+/, "/api/images/put/…"),
    }),
    res: (res: { statusCode: number }) => ({ status: res.statusCode }),
  },
  customSuccessMessage: (req, res, ms) => `${req.method} ${res.statusCode} ${Math.round(ms)}ms`,
  customErrorMessage: (req, res) => `${req.method} ${res.statusCode} failed`,
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
});

/** Writes from other sites are refused before they reach any route (see isAllowedWrite). */
function sameOriginWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    const allowed = isAllowedWrite(
      {
        method: req.method,
        origin: req.get("origin"),
        fetchSite: req.get("sec-fetch-site"),
        host: req.get("host"),
      },
      siteOrigin,
    );
    if (allowed) return next();
    const message = "Cross-site requests are not allowed";
    if (req.path.startsWith("/api/")) res.status(403).json({ error: message });
    else res.status(403).type("text/plain").send(message);
  };
}

/**
 * A route may answer without reading the body (401, 404, 413 by Content-Length...). The rest of the
 * body is then read and dropped (up to 8 MB) so the connection stays usable and the client, still
 * sending, reliably gets the answer instead of a reset.
 */
const discardUnreadBodies: RequestHandler = (req, res, next) => {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    let allowance = 8 * 1024 * 1024;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      allowance -= chunk.length;
      if (allowance < 0) req.destroy();
    });
    req.resume();
  });
  next();
};

/** The routes read the client's address from this header; whatever a client sent in it is replaced. */
const exposeClientIp: RequestHandler = (req, _res, next) => {
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
};

async function reactRouterHandler(app: express.Express): Promise<RequestHandler> {
  if (serveBuild) {
    app.use(
      "/assets",
      express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
    const buildUrl = pathToFileURL(path.resolve("build/server/index.js")).href;
    const build = withStorageFaultsAs503((await import(buildUrl)) as ServerBuild);
    // Static pages are rendered once now, blog pages once per database change (see page-cache).
    const pages = createPageCache(build, getEnv().SITE_URL);
    await pages.warm();
    app.use(pages.middleware);
    return createRequestHandler({ build, mode: process.env.NODE_ENV });
  }
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  app.use(vite.middlewares);
  return createRequestHandler({
    build: async () =>
      withStorageFaultsAs503((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild),
    mode: "development",
  });
}

async function main() {
  const env = loadEnv();
  const seeded = seedDatabase(getDb());
  if (seeded.projects || seeded.posts) {
    log.info(`Seeded ${seeded.projects} projects and ${seeded.posts} posts into ${env.DATABASE_PATH}`);
  }
  const admin = await ensureAdmin(env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
  if (admin) log.info(`Created admin user "${admin.username}" from ADMIN_USERNAME`);
  purgeExpiredSessions();
  ensureUploadFolders();
  const stopMailWorker = startMailWorker();
  if (env.NODE_ENV === "production" && !env.SITE_URL.startsWith("https:")) {
    log.warn(
      `SITE_URL is ${env.SITE_URL}: the admin cookie is only marked Secure when the site is served over https`,
    );
  }

  let stopping = false;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  app.use(
    helmet({
      // Pages replace this with their own (with the hashes of their inline scripts); see entry.server.
      contentSecurityPolicy:
        env.NODE_ENV === "production" ? { useDefaults: false, directives: CSP_DIRECTIVES } : false,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: "same-origin" },
      crossOriginResourcePolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity:
        env.NODE_ENV === "production" ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    // A page sends its own policy after helmet's default: keep only the page's (the last one).
    onHeaders(res, () => {
      const policy = res.getHeader("Content-Security-Policy");
      if (Array.isArray(policy)) res.setHeader("Content-Security-Policy", policy[policy.length - 1]!);
    });
    next();
  });
  app.use(requestLog);
  app.use(discardUnreadBodies);
  // While stopping, answers tell keep-alive clients to go, so open connections drain quickly.
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    next();
  });
  app.use(rejectMalformedPaths);
  app.use(sameOriginWrites(env.SITE_URL));
  app.use(exposeClientIp);
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      if (checkDatabase()) {
        res.json({ status: "ok" });
        return;
      }
    } catch (error) {
      log.error({ err: error }, "Health check failed");
    }
    res.status(503).json({ status: "error" });
  });

  // Uploads have random, never reused names: cache them for good. They are data, never a page:
  // no sniffing, and a sandbox in case a browser were ever asked to render one.
  app.use(
    "/uploads",
    express.static(path.resolve(env.UPLOADS_DIR), {
      index: false,
      dotfiles: "ignore",
      immutable: true,
      maxAge: "1y",
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      },
    }),
  );
  app.all("/{*path}", await reactRouterHandler(app));

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info(`Listening on http://localhost:${port} (${env.NODE_ENV})`);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing open requests, then stopping`);
    stopMailWorker();
    server.close(() => {
      closeDb();
      log.info("Stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    // Requests still open after 10 s are cut off rather than blocking a deploy forever.
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

await main();
