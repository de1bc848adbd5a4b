import { eq } from "drizzle-orm";

import { pageCopy, pageRevisions } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { pathsChanged, type Tx } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

import { type FieldSpec, pageFormSpec } from "./components/admin/copy-spec";
import { withAddedFields } from "./copy/added-fields";
import {
  checkPageCopy,
  PAGE_INDEXES,
  PageCopyInvalid,
  pathsShowing,
  readPublishedCopy,
  titleOf,
} from "./copy/page-copy.server";
import { recordPageChecks } from "./copy/page-problems.server";
import { kindOfKey } from "./copy/page-schemas";

/**
 * One plain-text part of a page's published copy, as another feature may offer it (an experiment's
 * field): its path ("hero.headline", "sections.2.title"), its label as the page's form names it, its
 * words now and the most characters it takes. Rich text, dates, link targets and lists' own counts are
 * not plain text.
 */
export type PlainField = { path: string; label: string; text: string; max: number };

function plainFieldsIn(spec: FieldSpec, value: unknown, path: string, labels: string[]): PlainField[] {
  if (spec.type === "text") {
    if (spec.rich || spec.date || spec.max === null || typeof value !== "string") return [];
    return [{ path, label: labels.join(" › "), text: value, max: spec.max }];
  }
  if (spec.type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
    return spec.fields.flatMap((field) =>
      Object.hasOwn(value, field.key)
        ? plainFieldsIn(
            field,
            (value as Record<string, unknown>)[field.key],
            path ? `${path}.${field.key}` : field.key,
            [...labels, field.label],
          )
        : [],
    );
  }
  if (spec.type === "list" && Array.isArray(value)) {
    return value.flatMap((item, index) =>
      plainFieldsIn(spec.item, item, `${path}.${index}`, [...labels, `${spec.itemLabel} ${index + 1}`]),
    );
  }
  return [];
}

/** The plain-text parts of a page's published copy, in the form's order; none for a page that is not one. */
export function plainFieldsOf(key: string): PlainField[] {
  const kind = kindOfKey(key);
  const copy = kind && readPublishedCopy(key);
  if (!kind || !copy) return [];
  return plainFieldsIn(pageFormSpec(kind), copy, "", []);
}

/** The words at `path` in a copy, or undefined where it holds none (only the copy's own fields are followed). */
export function textAt(copy: unknown, path: string): string | undefined {
  let at: unknown = copy;
  for (const part of path.split(".")) {
    if (!at || typeof at !== "object" || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return typeof at === "string" ? at : undefined;
}

/** A copy with `text` at `path` (copied along the path only); the copy itself where the path holds no words. */
export function withTextAt<T>(copy: T, path: string, text: string): T {
  if (textAt(copy, path) === undefined) return copy;
  const [first, ...rest] = path.split(".");
  const whole = copy as Record<string, unknown>;
  const inner = rest.length ? withTextAt(whole[first!], rest.join("."), text) : text;
  return (
    Array.isArray(copy)
      ? copy.map((item, index) => (String(index) === first ? inner : item))
      : { ...whole, [first!]: inner }
  ) as T;
}

/**
 * `text` checked as the page's field at `path` would be (its limit, required, no unprintable
 * characters): the words as they would be stored (trimmed), or PageCopyInvalid naming what is wrong.
 */
export function checkFieldText(key: string, path: string, text: string): string {
  const kind = kindOfKey(key);
  const copy = kind && readPublishedCopy(key);
  if (!kind || !copy || textAt(copy, path) === undefined) throw new NotFoundError("No such field");
  try {
    return textAt(checkPageCopy(kind, withTextAt(copy, path, text)), path)!;
  } catch (error) {
    if (!(error instanceof PageCopyInvalid)) throw error;
    // Only this field's problems: the rest of the copy is the published one.
    throw new PageCopyInvalid(error.issues.filter((issue) => issue.path === path));
  }
}

/**
 * Publishes `text` at `path` of the page's copy within `tx`, as any publish: the copy it replaces is
 * kept as a revision and the publish is audited, and the pages showing it are emptied from the page
 * cache. A draft waiting that still holds the old words there takes the new ones, so publishing it
 * later does not bring them back.
 */
export function publishFieldText(tx: Tx, key: string, path: string, text: string, actorId: string | null) {
  const kind = kindOfKey(key);
  const row = kind && tx.select().from(pageCopy).where(eq(pageCopy.key, key)).get();
  if (!kind || !row) throw new NotFoundError("Page not found");
  const published = withAddedFields(kind, row.published);
  const before = textAt(published, path);
  if (before === undefined) throw new NotFoundError("No such field");
  const draft =
    row.draft && textAt(row.draft, path) === before ? withTextAt(row.draft, path, text) : row.draft;
  tx.insert(pageRevisions)
    .values({ pageKey: key, copy: row.published, publishedBy: row.publishedBy, publishedAt: row.publishedAt })
    .run();
  tx.update(pageCopy)
    .set({
      published: withTextAt(published, path, text),
      draft,
      publishedAt: new Date(),
      publishedBy: actorId,
    })
    .where(eq(pageCopy.key, key))
    .run();
  recordPageChecks(tx, key);
  audit("page.published", `Page “${titleOf(key, published)}” (${key}): ${path}`, tx);
  // Synchronous with the transaction: no render can come between the write and the cache forgetting.
  pathsChanged([...pathsShowing(key), ...PAGE_INDEXES]);
}
