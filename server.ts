// Runs the site (server/app.ts): through Vite in development, from the build in production. Node runs
// this file as it is (types are stripped), so it imports only packages and the build.
import { enableCompileCache } from "node:module";

import type { RequestHandler } from "express";

import type * as Site from "./server/app.ts";

const production = process.env.NODE_ENV === "production";

// Images are decoded and encoded by libvips (sharp) on several threads. With glibc's malloc, a freed
// pixel buffer raises the size from which memory is mapped afresh, so later buffers come from
// per-thread arenas that keep what they once held: after a few large images the server sits on
// hundreds of MB it no longer uses (sharp's documentation warns of this). A fixed threshold returns
// every block over 128 KB to the system when it is freed. glibc reads it only when a process starts,
// so the server starts itself once more with it set (same process id, arguments and output).
// The same restart sets what keeps the process small (npm run loadtest measures it): two malloc arenas
// rather than eight per core for the image threads, and young objects in 8 MB semi-spaces rather than
// V8's up to 64 MB each, which stayed resident long after a burst of requests. A size given to node
// (its arguments or NODE_OPTIONS) is kept instead.
if (process.platform === "linux" && process.env.MALLOC_MMAP_THRESHOLD_ === undefined && process.execve) {
  const given = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const semiSpace = given.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=8"];
  process.execve(
    process.execPath,
    [process.execPath, ...semiSpace, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    },
  );
}

// V8's compiled code kept between starts (in the system's temporary folder, or NODE_COMPILE_CACHE): a
// restart compiles only what changed since, some 0.1 core-seconds less a start. A folder it cannot write
// leaves the start as it was.
if (production) enableCompileCache();

// Loaded only now: the process that restarts itself above would load it for nothing.
const { default: express } = await import("express");

async function loadSite(): Promise<{ site: typeof Site; before: RequestHandler[] }> {
  const build = "./build/server/index.js"; // a variable: the type checker must not look for the build
  if (production) return { site: (await import(build)) as typeof Site, before: [] };
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true }, appType: "custom" }),
  );
  return { site: (await vite.ssrLoadModule("./server/app.ts")) as typeof Site, before: [vite.middlewares] };
}

let loaded: Awaited<ReturnType<typeof loadSite>>;
let started: Awaited<ReturnType<typeof Site.startSite>>;
try {
  loaded = await loadSite();
  started = await loaded.site.startSite();
} catch (error) {
  // A bad environment variable: one readable line naming it, no stack.
  if (error instanceof Error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { site, before } = loaded;
// From here on one request's unhandled error is logged with its id instead of ending the process.
site.guardProcess();

let stopping = false;
const server = express();
server.disable("x-powered-by");
// While stopping, answers tell keep-alive clients to go, so open connections drain quickly.
server.use((_req, res, next) => {
  if (stopping) res.setHeader("Connection", "close");
  next();
});
server.use(...before, started.app);

const listener = server.listen(started.port, started.host, () => {
  const address = listener.address();
  const port = typeof address === "object" && address ? address.port : started.port;
  const siteAddress = started.addressOn(port);
  site.log.info(`Listening on http://localhost:${port} (${production ? "production" : "development"})`);
  if (process.stdout.isTTY) {
    console.log(site.startupBanner(siteAddress, { production, hasStaff: started.hasStaff() }));
  } else if (!started.hasStaff()) {
    // A log collector (Docker's logs) gets no banner: the one thing nobody can do without is said as a log line.
    site.log.warn(site.firstAdminHint(siteAddress));
  }
});

// Without this the process would log the error as escaped and go on running, serving nothing.
listener.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") {
    console.error(
      `Port ${started.port} on ${started.host} is taken by another program: stop it, or start the site with another PORT.`,
    );
  } else {
    console.error(`The site cannot listen on port ${started.port} of ${started.host}: ${error.message}`);
  }
  process.exit(1);
});

function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  site.log.info(`${signal} received: finishing open requests, then stopping`);
  listener.close(() => {
    void started.stop().then(() => {
      site.log.info("Stopped");
      process.exit(0);
    });
  });
  listener.closeIdleConnections();
  // Requests still open after 10 s are cut off rather than blocking a deploy forever.
  setTimeout(() => listener.closeAllConnections(), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
