import { asc, count, desc, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import { z } from "zod";

import { notFoundHits, type Redirect, redirects } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { pageChecker, pageExistsAt } from "~/features/pages/index.server";
import type { Tx } from "~/platform/db.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, FieldError } from "~/platform/http/errors.server";
import { type ClientLimit, clientLimit } from "~/platform/rate-limit.server";
import { withoutTrailing } from "~/platform/text/trailing";

/** Paths the site itself needs: a redirect there could lock the admin out or break the pages. */
const RESERVED = [
  "/admin",
  "/api",
  "/assets",
  "/uploads",
  "/images",
  "/healthz",
  "/newsletter",
  "/.well-known",
];
/** Files the site answers at its root besides its pages (the feeds, robots.txt and the sitemap are pages' own). */
const RESERVED_FILES = ["/favicon.ico", "/og-default.png"];
/** How many missing paths are kept (a scanner trying thousands of paths cannot fill the disk). */
export const NOT_FOUND_KEPT = 2000;
export const NOT_FOUND_DAYS = 90;

/** "/Old-Page/" → "/Old-Page": one spelling of a path (query and fragment are not part of it). */
export const normalPath = (path: string) => (path.length > 1 ? withoutTrailing(path, "/") : path);

/**
 * A path as the site's own routes would read it, to compare with them: without its query, decoded,
 * its slashes collapsed, without a trailing one, in lower case ("/%41dmin//Login/" → "/admin/login").
 */
function comparable(path: string): string {
  let decoded = path.split(/[?#]/)[0]!;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Kept as written: a malformed escape is no address of this site either way.
  }
  return normalPath(decoded.replace(/[\\/]+/g, "/")).toLowerCase();
}

/**
 * Whether `path` is one of this site's own live addresses, which no redirect may hide: the home page,
 * every page, live post and case study, the feeds, robots.txt and the sitemap, uploads and images,
 * and what the site needs to work (/admin, /api, /newsletter/…, /.well-known/…). Compared whatever
 * its case, encoding or slashes. The form, the API, the WordPress and Ghost imports and a site archive
 * all ask this one question.
 */
export function isOwnAddress(path: string, pageAt: (path: string) => boolean = pageExistsAt): boolean {
  const wanted = comparable(path);
  if (RESERVED_FILES.includes(wanted)) return true;
  if (RESERVED.some((reserved) => wanted === reserved || wanted.startsWith(`${reserved}/`))) return true;
  // An imported address with its query ("/?p=12", WordPress's short link) answers only that query:
  // the page without it stays reachable.
  if (/\?./.test(path)) return false;
  return wanted === "/" || wanted === "" || pageAt(wanted);
}

const OWN_ADDRESS = "That address belongs to the site itself and can't be redirected";

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
  .refine((path) => path === "/" || !isOwnAddress(path), OWN_ADDRESS);

/** Local paths are read against this stand-in origin: whatever parses to another origin leaves the site. */
const SITE = "http://site.invalid";
const TARGET_HINT = "Use a path on this site (/services/seo) or a full address (https://…)";
/** Typed as a whole address: the owner means another site (or this one by its full name). */
const isAbsolute = (target: string) => /^https?:\/\//i.test(target);

/**
 * A target as browsers will read it (`new URL`): a full http(s) address, kept as its canonical form, or
 * a path that stays on this site. `/\evil.example` or `//evil.example` look like paths but are other
 * sites to a browser, so they are refused rather than saved.
 */
function parseTarget(value: string): string | null {
  try {
    if (isAbsolute(value)) return new URL(value).href;
    if (!value.startsWith("/") || /[\\\s]/.test(value)) return null;
    const url = new URL(value, SITE);
    if (url.origin !== SITE || url.pathname.startsWith("//")) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

const toTarget = z
  .string({ error: "Enter where it should go" })
  .trim()
  .min(1, "Enter where it should go")
  .max(2000, "That address is too long")
  .transform((value, ctx) => {
    const target = parseTarget(value);
    if (target !== null) return target;
    ctx.addIssue({ code: "custom", message: TARGET_HINT });
    return z.NEVER;
  });

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
  search = "",
): { location: string; status: number; rule: Redirect } | null {
  const wanted = normalPath(path);
  // An imported old address may carry its query ("/?p=12", WordPress's short link): that one first.
  const withQuery = search && list.find((rule) => rule.fromPath === `${wanted}${search}`);
  if (withQuery) return { location: withQuery.toPath, status: withQuery.status, rule: withQuery };
  const exact = list.find((rule) => rule.fromPath === wanted);
  if (exact) return { location: exact.toPath, status: exact.status, rule: exact };
  const prefix = list
    .filter((rule) => rule.prefix && wanted.startsWith(`${rule.fromPath}/`))
    .sort((a, b) => b.fromPath.length - a.fromPath.length)[0];
  if (!prefix) return null;
  // "/old//evil.example" must not become "//evil.example": the rest is a path, one slash apart.
  const rest = wanted.slice(prefix.fromPath.length).replace(/\/{2,}/g, "/");
  return { location: `${prefix.toPath.replace(/\/$/, "")}${rest}`, status: prefix.status, rule: prefix };
}

/**
 * The location a rule may send a visitor to: on the saved target's own site — this site for a path,
 * the other site only when the owner saved its full address. Anything else (a row saved before targets
 * were parsed, a carried-over rest that a browser would read as another host) is no redirect at all.
 */
function stayingWith(target: string, location: string): string | null {
  try {
    const home = isAbsolute(target) ? new URL(target).origin : SITE;
    const url = new URL(location, SITE);
    if (url.origin !== home) return null;
    if (home !== SITE) return url.href;
    return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** A post's or case study's address on this site ("/blog/slug", "/work/slug"): content that may be a draft. */
const CONTENT_PAGE = /^\/(blog|work)\/[^/?#]+\/?(?:[?#]|$)/;

/**
 * Whether a rule's target is a post or case study that is not live (a draft, a private or
 * password-protected post imported as one, one unpublished since): its redirect waits until it is,
 * rather than sending visitors and search engines on to a 404.
 */
export const waitsForItsPage = (target: string) => CONTENT_PAGE.test(target) && !pageExistsAt(target);

/**
 * The redirect for a request's path (its query is carried over), or null; also null while the one page
 * an exact rule leads to is a post or case study that is not live (it takes effect once that is published).
 */
export function resolveRedirect(path: string, search = ""): { location: string; status: number } | null {
  const found = resolveWith(all(), path, search);
  if (!found) return null;
  const carried = search && !found.location.includes("?") && !found.rule.fromPath.includes("?");
  const wanted = carried ? `${found.location}${search}` : found.location;
  const location = stayingWith(found.rule.toPath, wanted);
  // A prefix rule carries any rest over: what is not there under it is the 404's to say, as before.
  if (location === null || (!found.rule.prefix && waitsForItsPage(location))) return null;
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
  if (target && !pageExistsAt(target))
    throw new FieldError(
      "to",
      `Nothing is at ${target} on this site, so visitors would land on the “not found” page: choose a page that exists, e.g. /services/seo or /#services`,
    );
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

/**
 * A page of this site moved from `from` to `to` (a service given a new address), written in the
 * caller's transaction: a permanent redirect from the old path; the redirects that led to it now lead
 * straight to the new one, keeping any part or query (no chain); one from the new path is removed, as
 * the page lives there now (and a move back would otherwise loop).
 */
export function redirectMovedPage(from: string, to: string, tx: Tx) {
  tx.delete(redirects).where(eq(redirects.fromPath, to)).run();
  tx.insert(redirects)
    .values({ fromPath: from, toPath: to, status: 301 })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: to, status: 301, prefix: false } })
    .run();
  for (const rule of tx.select().from(redirects).all()) {
    if (rule.fromPath === from || localPath(rule.toPath) !== from) continue;
    const rest = rule.toPath.slice(rule.toPath.split(/[?#]/)[0]!.length);
    tx.update(redirects)
      .set({ toPath: `${to}${rest}` })
      .where(eq(redirects.id, rule.id))
      .run();
  }
  cache = undefined;
}

/**
 * The redirects an import brings, from the old site's addresses to their new ones: each added unless a
 * redirect from that address exists (so an import run again adds nothing) or the address is one of
 * this site's own (isOwnAddress). No audit entry each: the import is audited as a whole. Returns how many were added.
 */
export function addImportedRedirects(rules: { from: string; to: string }[]): number {
  const fresh = newImportedRules(rules);
  if (fresh.length === 0) return 0;
  getDb().transaction((tx) => {
    for (const rule of fresh)
      tx.insert(redirects)
        .values({ fromPath: rule.from, toPath: rule.to, status: 301 })
        .onConflictDoNothing({ target: redirects.fromPath })
        .run();
  });
  cache = undefined;
  return fresh.length;
}

/**
 * How many of an import's old addresses would become redirects now (the rules above: one each, none
 * from the site's own addresses or from an address already redirected): the import's preview figure.
 */
export const countNewImportedRedirects = (froms: string[]): number =>
  newImportedRules(froms.map((from) => ({ from, to: "" }))).length;

/** An import's rules that add a redirect: one per old address, none from the site's own or a taken one. */
function newImportedRules(rules: { from: string; to: string }[]) {
  const taken = new Set(all().map((rule) => rule.fromPath));
  const pageAt = pageChecker();
  return rules
    .map((rule) => ({ from: rule.from.includes("?") ? rule.from : normalPath(rule.from), to: rule.to }))
    .filter(
      (rule) =>
        rule.from.startsWith("/") &&
        rule.from !== "/" &&
        rule.from !== normalPath(rule.to) &&
        !isOwnAddress(rule.from, pageAt) &&
        !taken.has(rule.from) &&
        taken.add(rule.from),
    );
}

/** Rows written by one insert: well under SQLite's limit of bound values (32,766) at seven columns a row. */
const INSERTED_AT_ONCE = 500;

/** An old address with its query, as an import keeps WordPress's short links ("/?p=12"). */
const WITH_QUERY = /^(\/[^\s?#]*)\?[^\s#]{1,200}$/;

/**
 * An archived rule checked as the form checks one, or why not. One from an imported address with its
 * query (which the form never makes) is checked as the imports add them: one exact path and query,
 * never under one of the site's own addresses.
 */
type ArchivedRule = { from: unknown; to: unknown; status: unknown; prefix: unknown };

function archivedRule(rule: ArchivedRule): RedirectInput | string {
  const prefix = rule.prefix === 1 || rule.prefix === true;
  const withQuery = typeof rule.from === "string" ? WITH_QUERY.exec(rule.from) : null;
  const parsed = RedirectSchema.safeParse({ ...rule, from: withQuery ? "/with-query" : rule.from, prefix });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "not a redirect";
  if (!withQuery) return parsed.data;
  const from = rule.from as string;
  if (prefix || normalPath(withQuery[1]!) !== withQuery[1] || isOwnAddress(from)) return OWN_ADDRESS;
  return { ...parsed.data, from };
}

/**
 * Puts a site archive's redirects in place of this site's, each checked as the form checks one
 * (RedirectSchema: 301 or 302, a target a browser reads as meant, never from one of the site's own
 * addresses — asked after the archive's posts and pages are written, in the same transaction). One
 * from an address already taken is left out. Returns how many were written and why the others were not.
 */
export function replaceRedirects(rules: (ArchivedRule & { id?: unknown; createdAt?: unknown })[]): {
  added: number;
  refused: string[];
} {
  const refused: string[] = [];
  const taken = new Set<string>();
  const rows: (typeof redirects.$inferInsert)[] = [];
  for (const rule of rules) {
    const checked = archivedRule(rule);
    const from = String(rule.from).slice(0, 100);
    if (typeof checked === "string") {
      refused.push(`redirect from ${from}: ${checked}`);
      continue;
    }
    if (taken.has(checked.from)) {
      refused.push(`redirect from ${from}: there is already a redirect from there`);
      continue;
    }
    taken.add(checked.from);
    const { from: fromPath, to: toPath, status, prefix } = checked;
    // Kept as the archive had them, so the restored site lists the same rules.
    const id = typeof rule.id === "string" && rule.id.length <= 100 ? rule.id : undefined;
    const createdAt = typeof rule.createdAt === "number" ? new Date(rule.createdAt) : undefined;
    rows.push({ id, fromPath, toPath, status, prefix, createdAt });
  }
  getDb().transaction((tx) => {
    tx.delete(redirects).run();
    // Many rows a statement: one statement a row cost half a millisecond each, seconds for a big site.
    for (let at = 0; at < rows.length; at += INSERTED_AT_ONCE)
      tx.insert(redirects)
        .values(rows.slice(at, at + INSERTED_AT_ONCE))
        .run();
  });
  cache = undefined;
  return { added: rows.length, refused };
}

/** The redirects were written outside this module (a site archive restored): read them again. */
export function redirectsChanged() {
  cache = undefined;
}

export function deleteRedirect(id: string): boolean {
  const removed = getDb().delete(redirects).where(eq(redirects.id, id)).returning().get();
  cache = undefined;
  if (removed) audit("redirect.removed", `${removed.fromPath} → ${removed.toPath}`);
  return Boolean(removed);
}

/**
 * Hits one client may add to the log in a window: a person who follows a few broken links is counted,
 * a scanner trying thousands of paths only for its first few (an IPv6 client by its /64).
 */
export const NOT_FOUND_PER_CLIENT = { points: 30, seconds: 10 * 60 };
let perClient: ClientLimit | undefined;

/**
 * Counts a visitor's 404: the path (without its query), when, and the page that linked there. At most
 * NOT_FOUND_KEPT paths are kept between the daily prunes: a new path then takes the place of the least
 * telling one (fewest hits, then longest unseen), so the paths people keep hitting stay listed.
 * Returns whether the hit was counted.
 */
export async function recordNotFound(path: string, referrer: string | null, clientIp: string) {
  perClient ??= clientLimit("not-found-client", NOT_FOUND_PER_CLIENT.points, NOT_FOUND_PER_CLIENT.seconds);
  if (await perClient.take(clientIp)) return false;
  const now = new Date();
  const cleanPath = normalPath(path).slice(0, 500);
  const cleanReferrer = referrer?.slice(0, 500) || null;
  getDb().transaction((tx) => {
    const known = tx
      .select({ path: notFoundHits.path })
      .from(notFoundHits)
      .where(eq(notFoundHits.path, cleanPath))
      .get();
    if (!known) makeRoom(tx);
    tx.insert(notFoundHits)
      .values({ path: cleanPath, referrer: cleanReferrer, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: notFoundHits.path,
        set: {
          count: sql`${notFoundHits.count} + 1`,
          lastSeenAt: now,
          ...(cleanReferrer ? { referrer: cleanReferrer } : {}),
        },
      })
      .run();
  });
  return true;
}

/** Frees a place for one more path when the log is full: the one hit least, then seen longest ago. */
function makeRoom(tx: Tx) {
  const total = tx.select({ n: count() }).from(notFoundHits).get()?.n ?? 0;
  if (total < NOT_FOUND_KEPT) return;
  const leastTelling = tx
    .select({ path: notFoundHits.path })
    .from(notFoundHits)
    .orderBy(asc(notFoundHits.count), asc(notFoundHits.lastSeenAt))
    .limit(total - NOT_FOUND_KEPT + 1);
  tx.delete(notFoundHits).where(inArray(notFoundHits.path, leastTelling)).run();
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
