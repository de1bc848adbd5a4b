import { and, asc, eq, like, ne } from "drizzle-orm";

import { autosaves, pageCopy, pageRevisions, pageTranslations } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, type Db, getDb, pathsChanged, type Tx } from "~/platform/db.server";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";
import { SLUG_PATTERN, slugify } from "~/platform/text/slug";

import { checkPageCopy, type PageActor, PAGES_NOT_FOR_CONTRIBUTORS } from "./page-copy.server";
import { countMarkedPages, markPagesUncounted, recordPageChecks } from "./page-problems.server";
import type { ServiceCopy } from "./page-schemas";

/**
 * The owner's services as a list they rearrange: each is its `services/<slug>` row, `position` its place
 * (the home grid, the phone menu, the sitemap and the link picker read it through listServices) and
 * `hidden` whether visitors see it. Every change is one writer transaction, audited, and empties the
 * pages that show the list: the phone menu is on every page, so that is every page ("site").
 */

const PREFIX = "services/";
const keyOf = (slug: string) => `${PREFIX}${slug}`;
const pathOf = (slug: string) => `/services/${slug}`;

/** The longest address a service may have (the page key's own limit). */
export const SERVICE_SLUG_MAX = 80;

/**
 * Addresses kept free: words an admin or a later page under /services/ would want as a verb or a list
 * ("/services/new", "/services/all"), and the site's own sections, which would read as a mistake there.
 */
export const RESERVED_SERVICE_SLUGS = new Set([
  "new",
  "edit",
  "add",
  "all",
  "index",
  "admin",
  "api",
  "services",
  "service",
  "work",
  "blog",
  "about",
  "contact",
]);

export type ServiceRow = {
  slug: string;
  title: string;
  hidden: boolean;
  path: string;
  /** A draft of the service's words is waiting to be published. */
  draftWaiting: boolean;
};

/** Writes land in one writer transaction taken at once (another connection waits, then reads the result). */
const writer = { behavior: "immediate" } as const;

function rowsInOrder(tx: Tx | Db = getDb()) {
  return tx
    .select()
    .from(pageCopy)
    .where(like(pageCopy.key, `${PREFIX}%`))
    .orderBy(asc(pageCopy.position), asc(pageCopy.key))
    .all();
}

/** Every service, hidden ones too, in the site's order: the admin's services screen. */
export function listAllServices(): ServiceRow[] {
  return rowsInOrder().map((row) => {
    const slug = row.key.slice(PREFIX.length);
    return {
      slug,
      title: String((row.draft ?? row.published).title),
      hidden: row.hidden,
      path: pathOf(slug),
      draftWaiting: row.draft !== null,
    };
  });
}

function mayChange(actor: PageActor) {
  if (actor.role !== "owner" && actor.role !== "editor") throw new ForbiddenError(PAGES_NOT_FOR_CONTRIBUTORS);
}

/** After a change to the list: every page (the phone menu), the 404's suggestions and the sitemap, the paths named. */
function listChanged(paths: string[] = []) {
  contentChanged("site");
  pathsChanged(["/sitemap.xml", "/", ...paths]);
}

function serviceIn(tx: Tx, slug: string) {
  const row = tx
    .select()
    .from(pageCopy)
    .where(eq(pageCopy.key, keyOf(slug)))
    .get();
  if (!row) throw new NotFoundError("That service is not there any more: someone may have changed it");
  return row;
}

const titleOfRow = (row: { published: Record<string, unknown> }) => String(row.published.title);

/**
 * Moves a service one place up or down the list (among all services, hidden ones too, so the order
 * stays as the owner sees it on the screen). The places are written 0, 1, 2… again, so rows that
 * shared a place get their own. Returns false when it is already first (up) or last (down).
 */
export function moveService(slug: string, direction: "up" | "down", actor: PageActor): boolean {
  mayChange(actor);
  const moved = getDb().transaction((tx) => {
    const rows = rowsInOrder(tx);
    const at = rows.findIndex((row) => row.key === keyOf(slug));
    if (at < 0) throw new NotFoundError("That service is not there any more: someone may have changed it");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) return false;
    [rows[at], rows[to]] = [rows[to]!, rows[at]!];
    rows.forEach((row, position) => {
      if (row.position !== position)
        tx.update(pageCopy).set({ position }).where(eq(pageCopy.key, row.key)).run();
    });
    audit(
      "service.moved",
      `Service “${titleOfRow(rows[to]!)}” (${slug}) ${direction} to place ${to + 1}`,
      tx,
    );
    return true;
  }, writer);
  if (moved) listChanged();
  return moved;
}

export const LAST_VISIBLE_SERVICE =
  "This is the only service visitors can see: show another before hiding it, or the home page's services would be empty";

/**
 * Hides a service (its page answers 404 to visitors and it leaves every list; staff still edit it) or
 * shows it again. The last service visitors can see is never hidden: the home page's services section
 * and the menu's "Services" would lead to nothing. Returns false when it already was as asked.
 */
export function setServiceHidden(slug: string, hidden: boolean, actor: PageActor): boolean {
  mayChange(actor);
  const changed = getDb().transaction((tx) => {
    const row = serviceIn(tx, slug);
    if (row.hidden === hidden) return false;
    if (hidden) {
      const others = tx
        .select({ key: pageCopy.key })
        .from(pageCopy)
        .where(and(like(pageCopy.key, `${PREFIX}%`), eq(pageCopy.hidden, false), ne(pageCopy.key, row.key)))
        .all();
      if (others.length === 0) throw new ConflictError(LAST_VISIBLE_SERVICE);
    }
    tx.update(pageCopy).set({ hidden }).where(eq(pageCopy.key, row.key)).run();
    // Links to it on other pages now lead to a page or to none.
    markPagesUncounted(tx);
    audit(hidden ? "service.hidden" : "service.shown", `Service “${titleOfRow(row)}” (${slug})`, tx);
    return true;
  }, writer);
  if (changed) {
    listChanged([pathOf(slug)]);
    void countMarkedPages();
  }
  // A service shown again shares its own card (drawn in the background if it is not on disk).
  if (changed && !hidden) void refreshSocialCard("service", slug);
  return changed;
}

/**
 * A new service address as typed, checked: lower-case letters, digits and single hyphens, at most
 * SERVICE_SLUG_MAX, not a reserved word. "/services/x" typed whole is read as "x". Anything else is a
 * FieldError on `field` that says how to write it (with the spelling it could be, when there is one).
 */
export function checkServiceSlug(input: unknown, field = "slug"): string {
  if (typeof input !== "string" || !input.trim()) throw new FieldError(field, "Enter the address");
  const typed = input.trim().replace(/^\/?services\//, "");
  if (typed.length > SERVICE_SLUG_MAX) throw new FieldError(field, `At most ${SERVICE_SLUG_MAX} characters`);
  if (!SLUG_PATTERN.test(typed)) {
    const could = slugify(typed).slice(0, SERVICE_SLUG_MAX).replace(/-+$/, "");
    throw new FieldError(
      field,
      `Use lower-case letters a–z, digits and single hyphens${could && could !== typed ? `, e.g. ${could}` : ""}`,
    );
  }
  if (RESERVED_SERVICE_SLUGS.has(typed))
    throw new FieldError(field, `“${typed}” is kept for the site itself: choose another address`);
  return typed;
}

const takenMessage = (slug: string) => `${pathOf(slug)} is already a service's address: choose another`;

/**
 * Adds a service as a copy of `from`'s published words under its own title and address, hidden: every
 * part already holds real words to change in its page editor, and visitors see it once it is shown.
 * Its search title starts as the title, so no two pages share one. Placed last. Returns its slug.
 */
export function addService(
  input: { title?: unknown; slug?: unknown; from?: unknown },
  actor: PageActor,
): string {
  mayChange(actor);
  const title = typeof input.title === "string" ? input.title.trim() : "";
  if (!title) throw new FieldError("title", "Enter the service's name");
  const slug = checkServiceSlug(
    typeof input.slug === "string" && input.slug.trim() ? input.slug : slugify(title),
  );
  const fromSlug = typeof input.from === "string" ? input.from : "";
  getDb().transaction((tx) => {
    const source = tx
      .select()
      .from(pageCopy)
      .where(eq(pageCopy.key, keyOf(fromSlug)))
      .get();
    if (!fromSlug || !source) throw new FieldError("from", "Choose a service to start from");
    if (
      tx
        .select({ key: pageCopy.key })
        .from(pageCopy)
        .where(eq(pageCopy.key, keyOf(slug)))
        .get()
    )
      throw new FieldError("slug", takenMessage(slug));
    const base = source.published as ServiceCopy;
    const copy = fieldOnTitle(() =>
      checkPageCopy("service", { ...base, title, meta: { ...base.meta, title: title.slice(0, 70) } }),
    );
    const last = rowsInOrder(tx).reduce((most, row) => Math.max(most, row.position), -1);
    tx.insert(pageCopy)
      .values({ key: keyOf(slug), published: copy, position: last + 1, hidden: true, publishedBy: actor.id })
      .run();
    recordPageChecks(tx, keyOf(slug));
    audit("service.added", `Service “${title}” (${slug}), hidden, from “${base.title}”`, tx);
  }, writer);
  // Hidden: no public page shows it yet.
  return slug;
}

/** The title's own problem from the page's check (too long), as the add form's field error. */
function fieldOnTitle<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    const issues = (error as { issues?: { path: string; message: string }[] }).issues;
    const onTitle = issues?.find((issue) => issue.path === "title" || issue.path === "meta.title");
    if (onTitle) throw new FieldError("title", onTitle.message);
    throw error;
  }
}

/** Redirects a moved page: connected at start to the redirects feature (which reads this one's pages). */
type PageMoved = (from: string, to: string, tx: Tx) => void;
let redirectMovedPage: PageMoved | undefined;

/** Connects how a moved page's old address is redirected (the redirects feature, at start). */
export function redirectMovedPagesWith(redirect: PageMoved) {
  redirectMovedPage = redirect;
}

/** What else follows a service's row to its new key (an experiment on its words), in the same transaction. */
type PageKeyMoved = (fromKey: string, toKey: string, tx: Tx) => void;
let followMovedKey: PageKeyMoved = () => {};

/** Connects what follows a readdressed service's key (the experiments feature, at start). */
export function followMovedPageKeysWith(follow: PageKeyMoved) {
  followMovedKey = follow;
}

/** A link target that is the old address, or a part or query of it, written for the new one. */
function movedTarget(target: unknown, from: string, to: string): unknown {
  if (typeof target !== "string" || !target.startsWith(from)) return target;
  const rest = target.slice(from.length);
  return rest === "" || /^[/?#]/.test(rest) ? `${to}${rest}` : target;
}

/** The copy with every link target ("to") at the old address written for the new one; null when none was. */
function withMovedLinks(copy: unknown, from: string, to: string): { copy: unknown; moved: boolean } {
  let moved = false;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => {
        if (name !== "to") return [name, walk(field)];
        const next = movedTarget(field, from, to);
        if (next !== field) moved = true;
        return [name, next];
      }),
    );
  };
  const result = walk(copy);
  return { copy: result, moved };
}

/**
 * Gives a service a new address in one transaction: its row (words, draft, place, hidden), its
 * revisions and the staff's unsaved work in its form move to the new key, every page's buttons and
 * links to the old address point at the new one, and the old address answers 301 to the new
 * (redirects that led to the old one now lead straight there). Refused with a field error (`slug`)
 * when the address is malformed, reserved, taken or unchanged. Case studies credit a service by its
 * title, which does not change.
 */
export function readdressService(slug: string, newSlugTyped: unknown, actor: PageActor): string {
  mayChange(actor);
  const newSlug = checkServiceSlug(newSlugTyped);
  if (newSlug === slug) throw new FieldError("slug", "That is the address it has: type the new one");
  if (!redirectMovedPage) throw new Error("The redirects are not connected (redirectMovedPagesWith)");
  const redirect = redirectMovedPage;
  const [from, to] = [pathOf(slug), pathOf(newSlug)];
  getDb().transaction((tx) => {
    const row = serviceIn(tx, slug);
    if (
      tx
        .select({ key: pageCopy.key })
        .from(pageCopy)
        .where(eq(pageCopy.key, keyOf(newSlug)))
        .get()
    )
      throw new FieldError("slug", takenMessage(newSlug));
    // The new row first: the revisions' key must name a row that exists.
    tx.insert(pageCopy)
      .values({ ...row, key: keyOf(newSlug) })
      .run();
    tx.update(pageRevisions)
      .set({ pageKey: keyOf(newSlug) })
      .where(eq(pageRevisions.pageKey, row.key))
      .run();
    // Unsaved work in the service's form (the autosave, keyed by the page) is offered back at its new address.
    tx.update(autosaves)
      .set({ itemKey: keyOf(newSlug) })
      .where(and(eq(autosaves.kind, "page"), eq(autosaves.itemKey, row.key)))
      .run();
    // Its translations follow it (the old row's delete would take them with it).
    tx.update(pageTranslations)
      .set({ pageKey: keyOf(newSlug) })
      .where(eq(pageTranslations.pageKey, row.key))
      .run();
    tx.delete(pageCopy).where(eq(pageCopy.key, row.key)).run();
    for (const page of tx.select().from(pageCopy).all()) {
      const published = withMovedLinks(page.published, from, to);
      const draft = withMovedLinks(page.draft, from, to);
      if (published.moved || draft.moved)
        tx.update(pageCopy)
          .set({
            published: published.copy as Record<string, unknown>,
            draft: draft.copy as Record<string, unknown> | null,
          })
          .where(eq(pageCopy.key, page.key))
          .run();
    }
    redirect(from, to, tx);
    followMovedKey(row.key, keyOf(newSlug), tx);
    // The links that followed it, and those to its old address, are counted again.
    markPagesUncounted(tx);
    audit(
      "service.readdressed",
      `Service “${titleOfRow(row)}”: ${from} → ${to} (301 from the old address)`,
      tx,
    );
  }, writer);
  listChanged([from, to]);
  void countMarkedPages();
  // Its card is named by its address: drawn under the new one.
  void refreshSocialCard("service", newSlug);
  return newSlug;
}
