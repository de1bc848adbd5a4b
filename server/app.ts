// The site as one Express app, built by Vite with the routes (React Router's node-custom-server
// layout). ../server.ts runs it: through Vite in development, from build/server/index.js in production.
import path from "node:path";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import * as vitalsScript from "virtual:web-vitals-script";

import { analyticsTask, pageViewRoute } from "~/features/analytics/index.server";
import { listAuditPeopleWith } from "~/features/audit/index.server";
import { backupStatus, restoreIfEmpty, startBackup, stopBackup } from "~/features/backups/index.server";
import {
  caseStudyEndTask,
  checkCaseStudyLinksWith,
  checkUncheckedCaseStudies,
} from "~/features/case-studies/index.server";
import { checkEndTargetsWith } from "~/features/editor/index.server";
import {
  countConfirmedSignUp,
  countConversion,
  experimentArms,
  experimentsTask,
  followMovedPage,
  noteNewsletterSignUp,
  showArm,
} from "~/features/experiments/index.server";
import { importTask } from "~/features/imports/index.server";
import { ensureUploadFolders } from "~/features/media/index.server";
import { newsletterTask } from "~/features/newsletter/index.server";
import {
  checkUncheckedPages,
  closestPage,
  countPageProblemsWith,
  featuredWork,
  followMovedPageKeysWith,
  layerCopyWith,
  markPagesUncounted,
  pageChecker,
  pageEntries,
  publicSlugSpelling,
  readCopyForRequest,
  redirectMovedPagesWith,
  storedPageChecks,
} from "~/features/pages/index.server";
import {
  checkLinksWith,
  countUncheckedWith,
  postAddressesChangedWith,
  postSchedulerTask,
  writingChecksTask,
} from "~/features/posts/index.server";
import { retentionTask } from "~/features/privacy/index.server";
import { redirectMovedPage } from "~/features/redirects/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { missingSocialCard, refreshAllSocialCards, startArtwork } from "~/features/social-cards/index.server";
import {
  countUsers,
  ensureAdmin,
  hasLiveSession,
  listStaff,
  purgeExpiredSessions,
} from "~/features/staff/index.server";
import { countConversionsWith, countSignUpsWith } from "~/platform/conversions.server";
import { closeDb, getDb } from "~/platform/db.server";
import { type Env, getEnv, renamedEnvWarnings, trustProxy } from "~/platform/env.server";
import { eventLoopDelay, watchEventLoop } from "~/platform/event-loop.server";
import { checkDatabase } from "~/platform/health.server";
import { requestContext } from "~/platform/http/request-context";
import { requestScope, runInRequestScope } from "~/platform/http/request-scope.server";
import { spellSlugsWith } from "~/platform/http/slug-spelling.server";
import { withStorageFaultsAs503 } from "~/platform/http/storage-faults.server";
import { jobsTask } from "~/platform/jobs/job-worker.server";
import { log } from "~/platform/log.server";
import { markdownPages } from "~/platform/pages/markdown-pages.server";
import { findClosestPageWith, findFeaturedWorkWith } from "~/platform/pages/not-found.server";
import { behavioursScript, behavioursUrl } from "~/platform/pages/page-behaviours";
import { createPageCache } from "~/platform/pages/page-cache.server";
import { readPageCopyWith } from "~/platform/pages/page-copy.server";
import { keepRunningOnEscapedErrors } from "~/platform/process-guard.server";
import { listeningAddress } from "~/platform/site-address.server";
import { defineTask, startTasks, stopTasks, taskHealth } from "~/platform/tasks.server";

import { immutableFiles } from "./immutable-files";
import {
  closeUnreadBodies,
  collapseDoubledSlashes,
  privateForSessions,
  rejectMalformedHost,
  rejectMalformedPaths,
  rejectUnservedMethods,
  rememberLandings,
  requestLog,
  resolveDotSegments,
  sameOriginWrites,
  securityHeaders,
} from "./middleware";
import { countNotFound, ownerRedirects } from "./redirects";

const production = import.meta.env.PROD;
const mode = production ? "production" : "development";

// Every loader and action with storage faults answered as 503; one wrapped copy per build (Vite
// hands out a new one in development when a route changes).
const wrapped = new WeakMap<ServerBuild, ServerBuild>();
let productionBuild: Promise<ServerBuild> | undefined;
function loadBuild(): Promise<ServerBuild> {
  // The production build never changes: resolved once, not on every request.
  if (production) return (productionBuild ??= wrapBuild());
  return wrapBuild();
}
async function wrapBuild(): Promise<ServerBuild> {
  const build = (await import("virtual:react-router/server-build")) as ServerBuild;
  if (!wrapped.has(build)) wrapped.set(build, withStorageFaultsAs503(build));
  return wrapped.get(build)!;
}

function createApp(env: Env, pages: ReturnType<typeof createPageCache>) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy(env));
  const sameOrigin = sameOriginWrites(env.SITE_URL);
  app.use(securityHeaders(production));
  // The page beacon: one request per page view, ahead of React Router and of the middleware below,
  // which it does not need (see the route). Its writes come from the site's own pages only.
  app.all("/api/event", sameOrigin, pageViewRoute);
  app.use(requestLog);
  // Everything after this runs as the request (its address, its id in the log, who is signed in).
  app.use((req, _res, next) => runInRequestScope(clientAddress(req), next, req.id as string | number));
  app.use(closeUnreadBodies);
  app.use(rejectUnservedMethods);
  app.use(rejectMalformedHost);
  app.use(rejectMalformedPaths);
  app.use(resolveDotSegments);
  app.use(privateForSessions);
  app.use(sameOrigin);
  app.use(compression());

  // Images are shown by other sites' pages too: a newsletter's cover in a mail client (Apple Mail,
  // Thunderbird load it themselves), a post's social card. They are public, so they say so (decision 029).
  app.use(["/images", "/uploads"], (_req, res, next) => {
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });

  app.use(countNotFound);
  app.use(ownerRedirects);

  // How long work held the event loop lately: the operator's early sign of a stall.
  watchEventLoop();
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      if (checkDatabase()) {
        const backup = backupStatus();
        // The off-site backup's state when it is on (decision 031); the site still answers ok when it
        // is behind: the warning is for the operator, not a reason to take the site out of service.
        res.json({
          status: "ok",
          ...(backup.enabled && { backup }),
          ...taskHealth(),
          eventLoop: eventLoopDelay(),
        });
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
      // A folder is not a page: no 301 to it with a slash added, then a 404.
      redirect: false,
      dotfiles: "ignore",
      immutable: true,
      maxAge: "1y",
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      },
    }),
  );

  // A social card that is not on disk yet (e.g. a restored volume) is drawn when it is asked for; an
  // earlier card of a post or case study redirects to its current one (docs/decisions/024).
  const cardOptions = {
    immutable: true,
    maxAge: "1y",
    headers: {
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  };
  app.get("/uploads/cards/:name", (req, res, next) => {
    const sendCard = async (lookUpsLeft: number) => {
      const found = await missingSocialCard(req.params.name);
      if (!found) return next();
      if ("redirect" in found) return res.redirect(found.status, found.redirect);
      res.sendFile(found.file, cardOptions, (error?: NodeJS.ErrnoException) => {
        if (!error) return;
        // Removed between the look-up and the read: by a newer card of the same subject (then to that
        // one), or by a title changed and changed back (then drawn again). Looked up once more.
        if (error.code !== "ENOENT" || res.headersSent || lookUpsLeft === 0) return next(error);
        sendCard(lookUpsLeft - 1).catch(next);
      });
    };
    sendCard(1).catch(next);
  });

  // The build's scripts and styles and the page scripts, from memory with their compressed copies.
  const immutable = immutableFiles();
  // The public pages' Web Vitals script, bundled into the build and named by its content (decision 048).
  immutable.addScript(vitalsScript.url, vitalsScript.source);
  // The page script's behaviours, public and admin (page-behaviours.ts), named by their content.
  for (const react of [false, true]) immutable.addScript(behavioursUrl(react), behavioursScript(react));
  if (production) immutable.addFolder("build/client/assets", "/assets");
  app.use(immutable.handler);
  if (production) {
    // The rest of the build's files: images, fonts and the few without a hash in their name.
    app.use(
      "/assets",
      express.static("build/client/assets", {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
      }),
    );
    app.use(express.static("build/client", { maxAge: "1h", index: false, redirect: false }));
  }
  app.use(rememberLandings);
  app.use(collapseDoubledSlashes);
  // Every public page as Markdown (`.md`, `Accept: text/markdown`) and /llms-full.txt, from the page
  // cache. Before the experiments: a copy is always made from the page's control.
  app.use(markdownPages({ pages, siteUrl: env.SITE_URL }).middleware);
  // A page under test: the arm this request is shown, before the page cache keeps one copy per arm.
  app.use(experimentArms);
  app.use(pages.middleware);
  // Given a function for the build, React Router builds its route matcher afresh for every request
  // (milliseconds with the admin's routes, on every sign-up, form post and API call); given the build
  // itself, once. One handler per build (development: Vite hands out a new one when a route changes).
  const handlers = new WeakMap<ServerBuild, express.RequestHandler>();
  const handlerFor = (build: ServerBuild) => {
    let handler = handlers.get(build);
    if (!handler) {
      handler = createRequestHandler({
        build,
        mode,
        getLoadContext: (req) => requestContext({ clientIp: clientAddress(req), routes: build.routes }),
      });
      handlers.set(build, handler);
    }
    return handler;
  };
  app.all("/{*path}", async (req, res, next) => handlerFor(await loadBuild())(req, res, next));
  return app;
}

/**
 * What a feature learns of one above it, which it cannot import: a 404 thrown by a post or case study
 * names the page the address most likely meant (the pages feature knows them all) and shows a piece of
 * work, and a slug sent in another case is answered with its page's own spelling (the pages feature
 * knows every slug); the audit log's filter offers the members of staff; a service given a new address
 * leaves a redirect from its old one (the redirects feature reads the pages to check its rules).
 */
function connectFeatures() {
  findClosestPageWith((pathname) => closestPage(pathname));
  findFeaturedWorkWith((pathname, except) => featuredWork(pathname, except));
  spellSlugsWith(publicSlugSpelling);
  // The published words, or a draft in a preview (the contact page's, the 404's).
  readPageCopyWith(readCopyForRequest);
  redirectMovedPagesWith(redirectMovedPage);
  // A readdressed service keeps its experiments, running ones shown at the new address.
  followMovedPageKeysWith(followMovedPage);
  listAuditPeopleWith(() => listStaff().map((s) => ({ id: s.id, name: s.name || s.username })));
  // A page under test shows the request's arm; an enquiry, a sign-up or a contact-page visit counts for it.
  layerCopyWith(showArm);
  countConversionsWith(countConversion);
  // The checks while writing ask whether an internal link's page exists (the pages feature knows them all).
  checkLinksWith(pageChecker);
  checkCaseStudyLinksWith(pageChecker);
  // An end's redirect must go to a page the site answers.
  checkEndTargetsWith(pageChecker);
  // Imported, restored and marked case studies are counted by the same background count as posts.
  countUncheckedWith(checkUncheckedCaseStudies);
  // And pages (seeded, imported, restored, or marked after a change of the site's pages).
  countUncheckedWith(checkUncheckedPages);
  // A page's links may lead to a post: one going live, leaving the site or moving has every page counted again.
  postAddressesChangedWith(markPagesUncounted);
  // A page's count is of the checks beside its form (the form and the site's pages are the root's).
  countPageProblemsWith(storedPageChecks);
  // A newsletter sign-up counts once its address is confirmed.
  countSignUpsWith({ signedUp: noteNewsletterSignUp, confirmed: countConfirmedSignUp });
}

const clientAddress = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

/**
 * Checks the environment (a bad value throws EnvError naming it), creates, migrates and seeds the
 * database, the admin from ADMIN_*, the upload folders, the mail worker, the post scheduler, and in production renders
 * the static pages. Returns the app to serve and what stops it all again.
 */
export async function startSite() {
  const env = getEnv();
  for (const warning of renamedEnvWarnings(process.env)) log.warn(warning);
  connectFeatures();
  // An empty volume with a replica configured: the database and uploads come back before anything opens them.
  await restoreIfEmpty(env);
  const seeded = seedDatabase(getDb());
  const written = Object.entries(seeded).filter(([, n]) => n > 0);
  if (written.length) {
    const words = (kind: string) => kind.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
    log.info(
      `Seeded ${written.map(([kind, n]) => `${n} ${words(kind)}`).join(", ")} into ${env.DATABASE_PATH}`,
    );
  }
  const admin = await ensureAdmin(env.ADMIN_USERNAME, env.ADMIN_PASSWORD, {
    name: env.ADMIN_NAME,
    email: env.ADMIN_EMAIL,
  });
  if (admin) log.info(`Created admin user "${admin.username}" from ADMIN_USERNAME`);
  purgeExpiredSessions();
  ensureUploadFolders();
  // Litestream copies each committed change off the machine; new uploads are copied as they arrive.
  await startBackup(env);
  // Covers for content without one (new, or edited since its artwork was drawn), in the background.
  startArtwork().catch((error: unknown) => log.error({ err: error }, "Checking the cover artwork failed"));
  // Cards of live posts and case studies that are not on disk (a new or restored volume), in the background.
  refreshAllSocialCards();
  // The site's recurring work, each task started now and stopped before the database closes: e-mails
  // and CRM deliveries (every 30 s), newsletters at NEWSLETTER_RATE_PER_MINUTE (a send resumes after a
  // restart), analytics roll-ups (hourly), retention (daily), scheduled posts and case studies' ends (at their
  // minute, and one missed while the site was down at once), imports from WordPress (resumed where they were).
  for (const task of [
    jobsTask,
    newsletterTask,
    analyticsTask,
    retentionTask,
    postSchedulerTask(),
    caseStudyEndTask(),
    importTask,
    writingChecksTask,
    experimentsTask,
  ])
    defineTask(task);
  startTasks();
  if (env.NODE_ENV === "production" && !env.SITE_URL.startsWith("https:")) {
    log.warn(
      `SITE_URL is ${env.SITE_URL}: the admin cookie is only marked Secure when the site is served over https`,
    );
  }
  const pages = createPageCache({
    loadBuild,
    siteUrl: env.SITE_URL,
    mode,
    signedIn: hasLiveSession,
    pagesOf: pageEntries,
  });
  if (production) await pages.warm(env.PAGES_WARMED_AT_START);
  return {
    app: createApp(env, pages),
    port: env.PORT,
    host: env.HOST,
    siteUrl: env.SITE_URL,
    /** The address the site answers on, once it listens on `port`: SITE_URL, else localhost (recorded for the operator commands). */
    addressOn: (port: number) => listeningAddress(env, port),
    /** Whether anyone can sign in yet: the start-up banner says how to make the first account. */
    hasStaff: () => countUsers() > 0,
    /** Stops the background tasks (waiting for the work under way) and the backup, then closes the database. */
    stop: async () => {
      // Waits for the work under way (the newsletter e-mails in hand are sent and recorded).
      await stopTasks();
      // Nothing writes any more: Litestream copies the last changes before the close checkpoints the WAL away.
      await stopBackup();
      closeDb();
    },
  };
}

export { log };
/** Errors that escape every request's handling are logged with the request's id, not fatal (server.ts). */
export function guardProcess() {
  keepRunningOnEscapedErrors(log, () => requestScope()?.requestId);
}
// For the test that proves the production build's policy refuses a script injected into a page.
export { pageCsp } from "~/platform/http/csp.server";
export { firstAdminHint, startupBanner } from "~/platform/startup-banner";
