import { eq, isNull } from "drizzle-orm";

import { pageCopy } from "#db/schema";
import { pageFormSpec } from "~/features/pages/components/admin/copy-spec";
import { checkPageCopy } from "~/features/pages/components/admin/page-checks";
import { pageChecker } from "~/features/pages/site-pages.server";
import { getDb, type Tx } from "~/platform/db.server";
import { runTask } from "~/platform/tasks.server";
import type { WritingProblem } from "~/platform/text/writing-checks";

import { withAddedFields } from "./added-fields";
import { kindOfKey } from "./page-schemas";

type PageRow = {
  key: string;
  published: Record<string, unknown>;
  draft?: Record<string, unknown> | null;
};

/** The words staff are working on: the draft waiting, else what visitors read (as the form shows them). */
function wordsChecked(row: PageRow): Record<string, unknown> | null {
  const kind = kindOfKey(row.key);
  return kind && withAddedFields(kind, row.draft ?? row.published);
}

/**
 * The checks while writing of a page as stored (what `GET /api/pages/{key}/checks` answers and what the
 * Pages list counts): the one checker over the draft waiting, else the published words, with which of
 * its internal links' pages exist.
 */
export function checkStoredPage(row: PageRow, pageExists = pageChecker()): WritingProblem[] {
  const copy = wordsChecked(row);
  return copy ? checkPageCopy(pageFormSpec(kindOfKey(row.key)!), copy, { pageExists }) : [];
}

/** Keeps the page's count of problems (the Pages list shows and filters on it), in the write's transaction. */
export function recordPageChecks(tx: Tx, key: string): number | null {
  const row = tx.select().from(pageCopy).where(eq(pageCopy.key, key)).get();
  if (!row) return null;
  const checkProblems = checkStoredPage(row).length;
  tx.update(pageCopy).set({ checkProblems }).where(eq(pageCopy.key, key)).run();
  return checkProblems;
}

/**
 * After a change of which pages exist (a service added, hidden or given a new address): every page's
 * links may now lead somewhere else, so every page is counted again by the background count, soon.
 */
export function markPagesUncounted(tx: Tx) {
  tx.update(pageCopy).set({ checkProblems: null }).run();
}

/** After the write that marked them: the pages are counted soon, by the posts' `writing-checks` task. */
export const countMarkedPages = () => runTask("writing-checks");

/** A run stops once it has held the event loop this long (a page's checks take a few milliseconds). */
const RUN_BUDGET_MS = 50;

/**
 * Counts the problems of up to `limit` pages never counted (seeded, imported, from before the count, or
 * marked after a change of the site's pages) within the run's budget; whether any are left.
 */
export function checkUncheckedPages(limit = 25): boolean {
  const db = getDb();
  const unchecked = db.select().from(pageCopy).where(isNull(pageCopy.checkProblems)).limit(limit).all();
  if (unchecked.length === 0) return false;
  const pageExists = pageChecker();
  const started = performance.now();
  for (const row of unchecked) {
    db.update(pageCopy)
      .set({ checkProblems: checkStoredPage(row, pageExists).length })
      .where(eq(pageCopy.key, row.key))
      .run();
    if (performance.now() - started > RUN_BUDGET_MS) return true;
  }
  return unchecked.length === limit;
}
