import { data, type ServerBuild } from "react-router";

import { log } from "../log.server";

export const STORAGE_UNAVAILABLE_MESSAGE =
  "We can't save changes right now because the site's storage is unavailable. Nothing was saved; please try again in a few minutes.";

// SQLite's result codes (better-sqlite3 puts them on `code`, e.g. SQLITE_IOERR_WRITE) and Node's
// file-system codes that mean "the disk or database cannot take a write at the moment".
const SQLITE_FAULT = /^SQLITE_(?:READONLY|FULL|IOERR|BUSY|LOCKED|CANTOPEN|PERM)/;
const FS_FAULT = new Set(["EROFS", "ENOSPC", "EDQUOT", "EFBIG", "EACCES", "EPERM", "EIO"]);

/** True for errors caused by the storage (read-only, full, locked, failing), not by the request. */
export function isStorageFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (SQLITE_FAULT.test(code) || FS_FAULT.has(code));
}

type RouteFunction = (args: { request: Request }) => unknown;

function guarded(fn: RouteFunction): RouteFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      if (!isStorageFault(error)) throw error;
      log.error(
        { err: error, method: args.request.method, path: new URL(args.request.url).pathname },
        "Storage unavailable",
      );
      // JSON `{ error }` from an /api route; the error page (root ErrorBoundary) shows it on a page.
      throw data(
        { error: STORAGE_UNAVAILABLE_MESSAGE },
        { status: 503, headers: { "Retry-After": "120", "Cache-Control": "no-store" } },
      );
    }
  };
}

/**
 * Every loader and action of the build, with a storage fault (full or read-only disk, locked
 * database) turned into a 503 with a clear message instead of a 500. Reads do not write, so they
 * keep working while writes wait for the disk.
 */
export function withStorageFaultsAs503(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module = { ...route.module } as typeof route.module & {
        action?: RouteFunction;
        loader?: RouteFunction;
      };
      if (module.action) module.action = guarded(module.action);
      if (module.loader) module.loader = guarded(module.loader);
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes } as ServerBuild;
}
