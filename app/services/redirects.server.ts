import { asc, count, desc, eq, lt, notInArray, sql } from "drizzle-orm";
import { z } from "zod";

import { getDb } from "#db/client";
import { notFoundHits, type Redirect, redirects } from "#db/schema";

import { audit } from "./audit.server";
import { ConflictError } from "./errors.server";

/** Paths the site itself needs: a redirect there could lock the admin out or break the pages. */
const RESERVED = ["/admin", "/api", "/assets", "/uploads", "/images", "/healthz", "/newsletter"];
/** How many missing paths are kept (a scanner trying thousands of paths cannot fill the disk). */
export const NOT_FOUND_KEPT = 2000;
export const NOT_FOUND_DAYS = 90;

/** "/Old-Page/" → "/Old-Page": one spelling of a path (query and fragment are not part of it). */
export const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

const fromPath = z
  .string({ error: "Enter the old address" })
  .trim()
  .min(1, "Enter the old address")
  .max(500, "That address is too long")
  .transform((value) => {
    try {
      return normalPath(new URL(value, "http://site.invalid").pathname);
    } catch {
      return value;
    }
  })
  .refine((path) => path.startsWith("/") && path !== "/", "Start with / and name a page, e.g. /old-services")
  .refine(
    (path) => !RESERVED.some((reserved) => path === reserved || path.startsWith(`${reserved}/`)),
    "That address belongs to the site itself and can't be redirected",
  );

const toTarget = z
  .string({ error: "Enter where it should go" })
  .trim()
  .min(1, "Enter where it should go")
  .max(2000, "That address is too long")
  .refine(
    (value) => (value.startsWith("/") && !value.startsWith("//")) || /^https?:\/\/[^/\s]+/i.test(value),
    "Use a path on this site (/services/seo) or a full address (https://…)",
  );

/** A redirect as the admin's form and the API send it. */
export const RedirectSchema = z.object({
  from: fromPath,
  to: toTarget,
  status: z.coerce
    .number()
    .refine((n) => n === 301 || n === 302, "Choose permanent (301) or temporary (302)")
    .default(301),
  prefix: z
    .preprocess((value) => value === true || value === "on" || value === "true", z.boolean())
    .default(false),
});
export type RedirectInput = z.infer<typeof RedirectSchema>;

let cache: Redirect[] | undefined;
const all = () => (cache ??= getDb().select().from(redirects).orderBy(asc(redirects.fromPath)).all());

/** Where `path` goes by these redirects (exact first, then the longest prefix), or null. */
function resolveWith(
  list: Redirect[],
  path: string,
): { location: string; status: number; rule: Redirect } | null {
  const wanted = normalPath(path);
  const exact = list.find((rule) => rule.fromPath === wanted);
  if (exact) return { location: exact.toPath, status: exact.status, rule: exact };
  const prefix = list
    .filter((rule) => rule.prefix && wanted.startsWith(`${rule.fromPath}/`))
    .sort((a, b) => b.fromPath.length - a.fromPath.length)[0];
  if (!prefix) return null;
  const rest = wanted.slice(prefix.fromPath.length);
  return { location: `${prefix.toPath.replace(/\/$/, "")}${rest}`, status: prefix.status, rule: prefix };
}

/** The redirect for a request's path (its query is carried over), or null. */
export function resolveRedirect(path: string, search = ""): { location: string; status: number } | null {
  const found = resolveWith(all(), path);
  if (!found) return null;
  const location = search && !found.location.includes("?") ? `${found.location}${search}` : found.location;
  return { location, status: found.status };
}

/** The path part of a target on this site, or null for another site's address. */
const localPath = (target: string) => (target.startsWith("/") ? normalPath(target.split(/[?#]/)[0]!) : null);

export function listRedirects(): Redirect[] {
  return all();
}

/**
 * Adds a redirect, refusing one that would loop or start a chain (a visitor and a search engine should
 * need one hop): a target that is itself redirected is refused with where to point instead, and the
 * redirects that led to the new one's old address are pointed straight at its target.
 */
export function addRedirect(input: RedirectInput): Redirect {
  const list = all();
  if (list.some((rule) => rule.fromPath === input.from))
    throw new ConflictError(`There is already a redirect from ${input.from}`, "from");
  const target = localPath(input.to);
  if (target === input.from || (input.prefix && target?.startsWith(`${input.from}/`)))
    throw new ConflictError("A page can't redirect to itself (or to a page under it)", "to");
  if (target) {
    const onward = resolveWith(list, target);
    if (onward) {
      const back = localPath(onward.location) === input.from;
      throw new ConflictError(
        back
          ? `That would loop: ${input.to} already redirects to ${input.from}`
          : `${input.to} already redirects to ${onward.location}: point this one straight there`,
        "to",
      );
    }
  }
  const created = getDb().transaction((tx) => {
    const row = tx
      .insert(redirects)
      .values({ fromPath: input.from, toPath: input.to, status: input.status, prefix: input.prefix })
      .returning()
      .get();
    // Redirects that led to the old address now go straight to its new one (no chain).
    for (const earlier of list.filter((rule) => localPath(rule.toPath) === input.from))
      tx.update(redirects).set({ toPath: input.to }).where(eq(redirects.id, earlier.id)).run();
    // The missing page is dealt with.
    tx.delete(notFoundHits).where(eq(notFoundHits.path, input.from)).run();
    audit("redirect.added", `${input.from}${input.prefix ? "…" : ""} → ${input.to} (${input.status})`, tx);
    return row;
  });
  cache = undefined;
  return created;
}

export function deleteRedirect(id: string): boolean {
  const removed = getDb().delete(redirects).where(eq(redirects.id, id)).returning().get();
  cache = undefined;
  if (removed) audit("redirect.removed", `${removed.fromPath} → ${removed.toPath}`);
  return Boolean(removed);
}

/** Counts a visitor's 404: the path (without its query), when, and the page that linked there. */
export function recordNotFound(path: string, referrer: string | null) {
  const now = new Date();
  const cleanReferrer = referrer?.slice(0, 500) || null;
  getDb()
    .insert(notFoundHits)
    .values({
      path: normalPath(path).slice(0, 500),
      referrer: cleanReferrer,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: notFoundHits.path,
      set: {
        count: sql`${notFoundHits.count} + 1`,
        lastSeenAt: now,
        ...(cleanReferrer ? { referrer: cleanReferrer } : {}),
      },
    })
    .run();
}

/** The missing paths, most often hit first. */
export function listNotFound(limit = 100) {
  return getDb()
    .select()
    .from(notFoundHits)
    .orderBy(desc(notFoundHits.count), desc(notFoundHits.lastSeenAt))
    .limit(limit)
    .all();
}

/** Keeps the 404 list to the last NOT_FOUND_DAYS and at most NOT_FOUND_KEPT paths (daily). */
export function pruneNotFound(now = new Date()): number {
  const db = getDb();
  let removed = db
    .delete(notFoundHits)
    .where(lt(notFoundHits.lastSeenAt, new Date(now.getTime() - NOT_FOUND_DAYS * 24 * 60 * 60 * 1000)))
    .run().changes;
  const total = db.select({ n: count() }).from(notFoundHits).get()?.n ?? 0;
  if (total > NOT_FOUND_KEPT) {
    const kept = db
      .select({ path: notFoundHits.path })
      .from(notFoundHits)
      .orderBy(desc(notFoundHits.lastSeenAt))
      .limit(NOT_FOUND_KEPT);
    removed += db.delete(notFoundHits).where(notInArray(notFoundHits.path, kept)).run().changes;
  }
  return removed;
}
