import type { RequestHandler } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";

import { rememberLanding } from "~/features/analytics/index.server";
import { hasSessionCookie } from "~/features/staff/index.server";
import { CSP_DIRECTIVES, serializeCsp } from "~/platform/http/csp.server";
import { noteDoubledSlashes } from "~/platform/http/request-scope.server";
import { keepTheAnswersOwn } from "~/platform/http/said-once.server";
import { isAllowedWrite } from "~/platform/http/same-origin.server";
import { log } from "~/platform/log.server";

/**
 * Every security header, here only. Pages carry their own Content-Security-Policy (with the hashes of
 * their inline scripts, set by entry.server via csp.server); every other answer (API, files, errors)
 * gets the base policy.
 */
export function securityHeaders(production: boolean): RequestHandler[] {
  const basePolicy = serializeCsp(CSP_DIRECTIVES);
  return [
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Set below, for the admin only (docs/decisions/017).
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: "same-origin" },
      // The same rule as the policy's frame-ancestors 'none', for browsers that only know this one.
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    }),
    (req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      // The admin's window is cut off from any page that opened it or that it opens. Public pages are
      // the same for everyone and hold nothing to protect that way, and the header costs each visit a
      // fresh browser process (docs/decisions/017).
      // Tested as the router matches: case-insensitive and decoded (rejectMalformedPaths runs later).
      if (ADMIN_PATH.test(safeDecode(req.path))) res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
      onHeaders(res, () => keepTheAnswersOwn(res));
      // Vite's development server injects scripts of its own: the policy applies to the build.
      if (production) {
        onHeaders(res, () => {
          if (!res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", basePolicy);
        });
      }
      next();
    },
  ];
}

const ADMIN_PATH = /^\/admin(\/|$)/i;
const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * The admin's answers are never stored by a browser cache or a CDN, and every dynamic answer says it
 * varies with the cookie (a signed-in admin sees drafts where a visitor gets a 404). Static files
 * (/assets, /uploads, images) depend on nobody and keep their own caching.
 */
export const privateForSessions: RequestHandler = (req, res, next) => {
  onHeaders(res, () => {
    if (
      res.hasHeader("Content-Type") &&
      /^(image|video|font)\/|javascript|text\/css/.test(String(res.getHeader("Content-Type")))
    )
      return;
    res.vary("Cookie");
    if (hasSessionCookie(req.get("cookie"))) res.setHeader("Cache-Control", "private, no-store");
  });
  next();
};

/** The methods any route of the site answers; the rest go no further. */
const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * A method no route serves (TRACE, CONNECT, WebDAV's…) is the client's mistake: 405, not the 500 the
 * router's Request would give for the ones fetch forbids.
 */
export const rejectUnservedMethods: RequestHandler = (req, res, next) => {
  if (SERVED_METHODS.includes(req.method)) return next();
  res
    .status(405)
    .set("Allow", SERVED_METHODS.join(", "))
    .type("text/plain")
    .send(`Method Not Allowed: ${req.method}`);
};

/** A Host header that is not a host (e.g. `[`) is the client's mistake: 400, not 500. */
export const rejectMalformedHost: RequestHandler = (req, res, next) => {
  try {
    new URL(`http://${req.get("host") ?? ""}`);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad Request: malformed Host header");
  }
};

/**
 * A URL whose path cannot be decoded (e.g. /%E0%A4%A), or a request line naming a whole address
 * (`GET http://other.example/x`, a proxy's form, not a site's), is the client's mistake: 400, not 500.
 */
export const rejectMalformedPaths: RequestHandler = (req, res, next) => {
  if (!req.originalUrl.startsWith("/")) {
    res.status(400).type("text/plain").send("Bad Request: the request must name a path");
    return;
  }
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400).type("text/plain").send("Bad Request: malformed URL");
  }
};

/**
 * The router reads a request's address as a browser reads a link: `.` and `..` segments (plain or
 * `%2e`) resolved, a backslash as a slash, a `#` and what follows it dropped. Everything before it (the
 * page cache, the static files, what is counted) sees the path as sent: one request, two addresses
 * (`/work/%2e%2e/` was the home page kept under that path). Browsers never send such a path, so a GET or
 * HEAD is sent to the path as the router reads it (301, query kept, single slashes, so that it never
 * names another site) and anything else is refused (400): no part of the server sees such a path.
 */
export const resolveDotSegments: RequestHandler = (req, res, next) => {
  const sent = req.originalUrl;
  const path = sent.split(/[?#]/, 1)[0]!;
  // Read after a host of our own so that a path like `/.//other.example` stays a path here.
  const read = URL.parse(`http://site${sent}`);
  if (read?.pathname === path && !sent.includes("#")) return next();
  if (!read || (req.method !== "GET" && req.method !== "HEAD")) {
    res
      .status(400)
      .type("text/plain")
      .send("Bad Request: a path a browser would not send (. or .. segments)");
    return;
  }
  res.redirect(301, `${read.pathname.replace(/\/{2,}/g, "/")}${read.search}`);
};

/**
 * A path with doubled slashes (`/blog//a-post`, a link pasted or joined badly) matches no page as sent.
 * A GET or HEAD of one is answered as the path with single slashes, noted so that the route's answer
 * becomes one 301 to that page when there is one and stays the 404 when there is none, never a 301 to
 * a 404 (route-access.server). The page cache leaves such a request to the renderer.
 */
export const collapseDoubledSlashes: RequestHandler = (req, _res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const queryAt = req.originalUrl.indexOf("?");
  const path = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
  if (!path.includes("//")) return next();
  const search = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
  req.url = req.originalUrl = `${path.replace(/\/{2,}/g, "/")}${search}`;
  noteDoubledSlashes();
  next();
};

/** One line per request: method, path (no query string; upload tokens masked), status, duration. */
export const requestLog = pinoHttp({
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
export function sameOriginWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    const allowed = isAllowedWrite(
      {
        method: req.method,
        origin: req.get("origin"),
        fetchSite: req.get("sec-fetch-site"),
        requestOrigin: `${req.protocol}://${req.get("host") ?? ""}`,
      },
      siteOrigin,
    );
    if (allowed) return next();
    const message = "Cross-site requests are not allowed";
    if (req.path.startsWith("/api/")) res.status(403).json({ error: message });
    else res.status(403).type("text/plain").send(message);
  };
}

/** How long, and for how many bytes, a connection is kept to drop an unread body after its answer. */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * A route may answer before the request body is read: 401, 404, a 413 once a limit is passed (by
 * Content-Length or while the body streams in), a 503. The rest of the body is then not read: the
 * answer says `Connection: close`, and once it is sent the connection lingers briefly, dropping what
 * the client still sends, so that a client busy sending reads the answer rather than a reset (a
 * lingering close, as Apache and nginx do). It is closed as soon as the client stops, or after
 * LINGER_MS or LINGER_BYTES, whichever comes first.
 */
export const closeUnreadBodies: RequestHandler = (req, res, next) => {
  const hasBody = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;
  if (!hasBody) return next();
  onHeaders(res, () => {
    if (req.complete || req.destroyed) return;
    res.setHeader("Connection", "close");
    // Node ends a `Connection: close` socket with destroySoon() once the answer is sent: linger instead.
    const socket = req.socket;
    socket.destroySoon = () => {
      socket.end();
      const close = () => socket.destroy();
      const timer = setTimeout(close, LINGER_MS);
      socket.once("close", () => clearTimeout(timer));
      socket.once("end", close);
      let allowance = LINGER_BYTES;
      req.removeAllListeners("data");
      req.on("error", () => {});
      req.on("data", (chunk: Buffer) => {
        allowance -= chunk.length;
        if (allowance < 0) close();
      });
      req.resume();
    };
  });
  next();
};

/**
 * Notes where a visitor arrived from (landings.server): a campaign, another site, or nowhere (typed,
 * a bookmark), so an enquiry sent without JavaScript several pages later is put down to the ad that
 * brought them, and not to the ad that brought someone else with the same address and browser before.
 * Only page requests, before the page cache answers them; the check is a string test for the common
 * case (a click from one of this site's pages).
 */
export const rememberLandings: RequestHandler = (req, _res, next) => {
  if (req.method === "GET" && !/^\/((api|admin|uploads|images|assets)\/|healthz$)/.test(req.path)) {
    const referrer = req.get("referer") ?? "";
    const host = req.get("host") ?? "";
    if (!referrer.includes(`//${host}/`)) {
      rememberLanding(
        { ip: req.ip ?? req.socket.remoteAddress ?? "unknown", userAgent: req.get("user-agent") ?? "" },
        { pathAndQuery: req.originalUrl, referrer, siteHost: host },
      );
    }
  }
  next();
};
