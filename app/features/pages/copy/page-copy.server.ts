import { and, desc, eq, like, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";

import { pageCopy, pageRevisions } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { renameCredit } from "~/features/case-studies/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, type Db, getDb, pathsChanged, type Tx } from "~/platform/db.server";
import type { Role } from "~/platform/http/access";
import { ConflictError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";
import { bodyProblem } from "~/platform/text/html-limits";
import { sanitizePostHtml, unsafeMarkupIn } from "~/platform/text/sanitize.server";

import { withAddedFields, withLegalMeta } from "./added-fields";
import { recordPageChecks } from "./page-problems.server";
import {
  type AboutCopy,
  type BlogCopy,
  type ContactCopy,
  type HomeCopy,
  kindOfKey,
  type LegalCopy,
  type NotFoundCopy,
  PAGE_KINDS,
  type PageKind,
  type ServiceCopy,
  showsText,
  type WorkCopy,
} from "./page-schemas";
import { startingCopy } from "./starting-copy";

export { type LegalListed, listLegalPages, listServices, type ServiceListed } from "./page-lists.server";

/** Who saves or publishes: their id (kept with the copy) and their role (what they may do). */
export type PageActor = { id: string; role: Role };

/** The fields a page's copy failed on, each named by its path ("hero.headline", "sections.2.body"). */
export class PageCopyInvalid extends Error {
  override name = "PageCopyInvalid";
  constructor(readonly issues: { path: string; message: string }[]) {
    super("Invalid page copy");
  }
}

type CopyOf = {
  home: HomeCopy;
  service: ServiceCopy;
  about: AboutCopy;
  contact: ContactCopy;
  work: WorkCopy;
  blog: BlogCopy;
  legal: LegalCopy;
  "not-found": NotFoundCopy;
};

export const PAGES_NOT_FOR_CONTRIBUTORS =
  "Contributors write posts: the owner or an editor changes the pages.";
export const LEGAL_FOR_THE_OWNER = "Only the site's owner publishes the legal pages.";

/**
 * Writes the starting copy of every page that has no row yet: the whole site on a new database, and
 * on one from before page copy was content, the words the code showed. Never touches the owner's words
 * in a row that exists (and a page they emptied of a draft stays so); the services are seeded only on a
 * site that has none. A row stored before its page gained a field is given that field's starting words
 * (withAddedFields), so every copy stored is one the page's schema takes. Returns how many pages it wrote.
 */
export function seedPageCopy(tx: Tx | Db): number {
  let written = 0;
  // The services are the owner's list once there is one: one renamed (or any they let go) is not added back.
  const servicesListed = tx
    .select({ key: pageCopy.key })
    .from(pageCopy)
    .where(like(pageCopy.key, "services/%"))
    .get();
  for (const { key, copy, position } of startingCopy) {
    if (servicesListed && key.startsWith("services/")) continue;
    written += tx
      .insert(pageCopy)
      .values({ key, published: copy, position })
      .onConflictDoNothing()
      .run().changes;
  }
  for (const row of tx.select().from(pageCopy).all()) {
    const kind = kindOfKey(row.key);
    if (!kind) continue;
    const published = withAddedFields(kind, row.published);
    const draft = row.draft && withAddedFields(kind, row.draft);
    if (JSON.stringify([published, draft]) === JSON.stringify([row.published, row.draft])) continue;
    // Counted again by the background count: the words checked changed.
    tx.update(pageCopy).set({ published, draft, checkProblems: null }).where(eq(pageCopy.key, row.key)).run();
  }
  return written;
}

/** The starting copy of `key`, for a database the start-up has not filled yet (a command, a bare test database). */
const startingOf = (key: string) => startingCopy.find((page) => page.key === key)?.copy;

/** The page's row, its copy given any field its kind gained since it was stored (withAddedFields). */
function rowOf(key: string) {
  const row = getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get();
  const kind = kindOfKey(key);
  if (!row || !kind) return row;
  return {
    ...row,
    published: withAddedFields(kind, row.published),
    draft: row.draft && withAddedFields(kind, row.draft),
  };
}

/** What visitors read on the page of `key` (`kind` says which schema it has); undefined when there is no such page. */
export function publishedCopy<K extends PageKind>(kind: K, key: string): CopyOf[K] | undefined {
  if (kindOfKey(key) !== kind) return undefined;
  const row = rowOf(key);
  if (row?.hidden) return undefined;
  return (row?.published ?? startingOf(key)) as CopyOf[K] | undefined;
}

/** Any page's published copy by its key (what the features below this one read, connected at start). */
export function readPublishedCopy(key: string): Record<string, unknown> | undefined {
  const kind = kindOfKey(key);
  return kind ? publishedCopy(kind, key) : undefined;
}

/** When the page's words were last published (the epoch for a page without a row yet). */
export function copyPublishedAt(key: string): Date {
  return rowOf(key)?.publishedAt ?? new Date(0);
}

/** A page's title as the admin lists it. */
export function titleOf(key: string, copy: Record<string, unknown>): string {
  const kind = kindOfKey(key);
  if (kind === "service" || kind === "legal") return String(copy.title);
  return {
    home: "Home",
    about: "About",
    contact: "Contact",
    work: "Work",
    blog: "Blog",
    "not-found": "Page not found (404)",
  }[kind ?? "home"];
}

export type PageState = "published" | "draft waiting";

export type PageListed = {
  key: string;
  kind: PageKind;
  title: string;
  state: PageState;
  hidden: boolean;
  publishedAt: Date;
  draftSavedAt: Date | null;
  /** The problems the checks found in the draft waiting, else the published words (null: not counted yet). */
  problems: number | null;
};

/** Every page with its state, in the admin's order: home, the services, about, contact, work, blog, legal, 404. */
export function listPages(): PageListed[] {
  const rows = getDb().select().from(pageCopy).all();
  const order = new Map(startingCopy.map((page, index) => [page.key, index]));
  const kindOrder: PageKind[] = ["home", "service", "about", "contact", "work", "blog", "legal", "not-found"];
  return rows
    .map((row) => ({ row, kind: kindOfKey(row.key)! }))
    .filter(({ kind }) => kind !== null)
    .sort(
      (a, b) =>
        kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind) ||
        a.row.position - b.row.position ||
        (order.get(a.row.key) ?? 0) - (order.get(b.row.key) ?? 0) ||
        a.row.key.localeCompare(b.row.key),
    )
    .map(({ row, kind }) => ({
      key: row.key,
      kind,
      title: titleOf(row.key, row.draft ?? row.published),
      state: row.draft ? "draft waiting" : "published",
      hidden: row.hidden,
      publishedAt: row.publishedAt,
      draftSavedAt: row.draft ? row.draftSavedAt : null,
      problems: row.checkProblems,
    }));
}

export type PageRead = PageListed & {
  published: Record<string, unknown>;
  /** Only for staff, and null when no draft waits. */
  draft?: Record<string, unknown> | null;
};

/** One page's copy: the published fields, and for staff the draft waiting (or null). */
export function getPage(key: string, { staff }: { staff: boolean }): PageRead {
  const kind = kindOfKey(key);
  const row = kind ? rowOf(key) : undefined;
  if (!kind || !row || (row.hidden && !staff)) throw new NotFoundError("Page not found");
  const listed: PageListed = {
    key,
    kind,
    title: titleOf(key, staff && row.draft ? row.draft : row.published),
    state: row.draft ? "draft waiting" : "published",
    hidden: row.hidden,
    publishedAt: row.publishedAt,
    draftSavedAt: row.draft ? row.draftSavedAt : null,
    problems: row.checkProblems,
  };
  return { ...listed, published: row.published, ...(staff && { draft: row.draft ?? null }) };
}

export const mayEditPages = (role: Role) => role === "owner" || role === "editor";

/** The most problems one answer names: a body of 90,000 wrong fields is not answered with each. */
const ISSUES_SHOWN = 50;
const unknownFields = (keys: string[]) =>
  `Unknown field: ${keys.slice(0, 10).join(", ")}${keys.length > 10 ? ` and ${keys.length - 10} more` : ""}`;

/**
 * The fields checked against the page's schema, the legal pages' rich parts refused when they hold
 * unsafe markup and then sanitised: the copy to store, or every problem at once (PageCopyInvalid).
 */
export function checkPageCopy(kind: PageKind, fields: unknown): Record<string, unknown> {
  // A legal page sent as before it had search words of its own (its `description` alone) is still taken.
  const parsed = (PAGE_KINDS[kind] as z.ZodType).safeParse(kind === "legal" ? withLegalMeta(fields) : fields);
  if (!parsed.success) {
    throw new PageCopyInvalid(
      parsed.error.issues.slice(0, ISSUES_SHOWN).map((issue) => ({
        path: issue.path.map(String).join(".") || (issue.code === "unrecognized_keys" ? "" : "(body)"),
        message: issue.code === "unrecognized_keys" ? unknownFields(issue.keys) : issue.message,
      })),
    );
  }
  const copy = parsed.data as Record<string, unknown>;
  if (kind !== "legal") return copy;
  const legal = copy as LegalCopy;
  const issues = legal.sections.flatMap((section, index) => {
    const path = `sections.${index}.body`;
    const problem = bodyProblem(section.body);
    if (problem) return [{ path, message: `Text ${problem}` }];
    const unsafe = unsafeMarkupIn(section.body);
    return unsafe ? [{ path, message: `Contains markup that is not allowed: ${unsafe}` }] : [];
  });
  if (issues.length) throw new PageCopyInvalid(issues);
  const sections = legal.sections.map((section) => ({ ...section, body: sanitizePostHtml(section.body) }));
  // What is left once sanitised must still show something ("<p>&nbsp;</p>", "<!-- -->" show nothing).
  const empty = sections.flatMap((section, index) =>
    showsText(textOfHtml(section.body)) ? [] : [{ path: `sections.${index}.body`, message: "Required" }],
  );
  if (empty.length) throw new PageCopyInvalid(empty);
  return { ...legal, sections };
}

/** The text of sanitised HTML, roughly (its tags dropped, its no-break spaces as spaces): enough to see it is empty. */
const textOfHtml = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&(nbsp|#160|#xa0);/gi, " ");

/**
 * A page's copy as a site archive carries it (JSON text), checked as the admin checks a save: the copy
 * to store as JSON text, or why it is left out. The key must be one a page could have.
 */
export function checkArchivedCopy(key: unknown, json: unknown): { copy: string } | { refused: string } {
  const kind = typeof key === "string" ? kindOfKey(key) : null;
  if (!kind) return { refused: "it is not a page of this site" };
  try {
    // An archive from before the page gained a field carries none: it takes the field's starting words.
    return { copy: JSON.stringify(checkPageCopy(kind, withAddedFields(kind, JSON.parse(String(json))))) };
  } catch (error) {
    if (!(error instanceof PageCopyInvalid)) return { refused: "its copy is not JSON" };
    const [first] = error.issues;
    return {
      refused: `its copy is not one the page takes (${first?.path || "the page"}: ${first?.message})`,
    };
  }
}

/**
 * Saves `fields` as the page's draft, replacing any draft before it; the published copy is untouched.
 * Everything is checked first (PageCopyInvalid names each field), so nothing is written on any error.
 */
export function savePageDraft(key: string, fields: unknown, actor: PageActor): PageRead {
  if (!mayEditPages(actor.role)) throw new ForbiddenError(PAGES_NOT_FOR_CONTRIBUTORS);
  const kind = kindOfKey(key);
  if (!kind || !rowOf(key)) throw new NotFoundError("Page not found");
  const draft = checkPageCopy(kind, fields);
  getDb().transaction(
    (tx) => {
      tx.update(pageCopy)
        .set({ draft, draftSavedAt: new Date(), draftSavedBy: actor.id })
        .where(eq(pageCopy.key, key))
        .run();
      recordPageChecks(tx, key);
      audit("page.draft-saved", `Page “${titleOf(key, draft)}” (${key})`, tx);
    },
    { behavior: "immediate" },
  );
  return getPage(key, { staff: true });
}

/** The site's own indexes of its pages, which name each page with its title and description. */
export const PAGE_INDEXES = ["/sitemap.xml", "/llms.txt"];

/** The public paths that show a page's copy: the page, and home for a service (its title and summary). */
export function pathsShowing(key: string): string[] {
  const kind = kindOfKey(key);
  const slug = key.slice(key.indexOf("/") + 1);
  switch (kind) {
    case "home":
      return ["/"];
    case "service":
      return [`/services/${slug}`, "/"];
    case "about":
      return ["/about"];
    case "contact":
      return ["/contact"];
    case "work":
      return ["/work"];
    case "blog":
      return ["/blog"];
    case "legal":
      return [`/${slug}`];
    default:
      // The 404 is never kept by the page cache.
      return [];
  }
}

/** Earlier versions kept per page, as a post keeps: the oldest go first, so a page's history stays bounded. */
export const PAGE_REVISIONS_KEPT = 50;

/** Inside a publish: the page's newest PAGE_REVISIONS_KEPT versions stay, the older are removed. */
function keepNewestRevisions(tx: Tx, key: string) {
  const kept = tx
    .select({ id: pageRevisions.id })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageKey, key))
    .orderBy(desc(pageRevisions.createdAt), desc(sql`${pageRevisions}.rowid`))
    .limit(PAGE_REVISIONS_KEPT);
  tx.delete(pageRevisions)
    .where(and(eq(pageRevisions.pageKey, key), notInArray(pageRevisions.id, kept)))
    .run();
}

/**
 * Makes the page's draft what visitors read: the copy it replaces is kept as a revision (the newest
 * PAGE_REVISIONS_KEPT are), the publish is in the audit log, and the page cache forgets only the
 * pages showing it (and the sitemap, whose dates follow). The legal pages are published by the owner
 * alone.
 */
export function publishPage(key: string, actor: PageActor): PageRead {
  if (!mayEditPages(actor.role)) throw new ForbiddenError(PAGES_NOT_FOR_CONTRIBUTORS);
  const kind = kindOfKey(key);
  if (!kind) throw new NotFoundError("Page not found");
  if (kind === "legal" && actor.role !== "owner") throw new ForbiddenError(LEGAL_FOR_THE_OWNER);
  let retitled = false;
  getDb().transaction(
    (tx) => {
      const row = tx.select().from(pageCopy).where(eq(pageCopy.key, key)).get();
      if (!row) throw new NotFoundError("Page not found");
      if (!row.draft) throw new ConflictError("There is no draft to publish: save one first");
      retitled = kind === "service" && row.draft.title !== row.published.title;
      tx.insert(pageRevisions)
        .values({
          pageKey: key,
          copy: row.published,
          publishedBy: row.publishedBy,
          publishedAt: row.publishedAt,
        })
        .run();
      keepNewestRevisions(tx, key);
      tx.update(pageCopy)
        .set({
          // A draft restored from before the page gained a field takes the field's starting words.
          published: withAddedFields(kind, row.draft),
          draft: null,
          draftSavedAt: null,
          draftSavedBy: null,
          publishedAt: new Date(),
          publishedBy: actor.id,
        })
        .where(eq(pageCopy.key, key))
        .run();
      // Case studies credit a service by its title.
      if (retitled) renameCredit(String(row.published.title), String(row.draft.title), tx);
      recordPageChecks(tx, key);
      audit("page.published", `Page “${titleOf(key, row.draft)}” (${key})`, tx);
    },
    { behavior: "immediate" },
  );
  pathsChanged([...pathsShowing(key), ...PAGE_INDEXES]);
  // A service's social card shows its name and one line: drawn anew, in the background, when they change.
  if (kind === "service") void refreshSocialCard("service", key.slice("services/".length));
  // A service's title is in the phone menu, on every page, and in the case studies' credits.
  if (retitled) {
    contentChanged("site");
    contentChanged("case-studies");
  }
  // The portfolio's words close every case study too: their pages are forgotten with /work's.
  if (kind === "work") contentChanged("case-studies");
  return getPage(key, { staff: true });
}

/** A page's earlier published copies, newest first. */
export function listPageRevisions(key: string) {
  return getDb()
    .select()
    .from(pageRevisions)
    .where(eq(pageRevisions.pageKey, key))
    .orderBy(desc(pageRevisions.createdAt))
    .all();
}
