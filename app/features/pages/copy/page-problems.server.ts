import { eq, isNull } from "drizzle-orm";

import { pageCopy } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";
import { runTask } from "~/platform/tasks.server";
import type { WritingProblem } from "~/platform/text/writing-checks";

/** A page's words as stored: the draft waiting, if any, is what staff are working on. */
export type StoredPage = {
  key: string;
  published: Record<string, unknown>;
  draft?: Record<string, unknown> | null;
};

/** The checks of a stored page, for many at once: only the pages feature's root knows the form and the site's pages. */
type PageChecks = () => (row: StoredPage) => WritingProblem[];
let makePageChecks: PageChecks | null = null;

/** How the count learns a page's problems (`storedPageChecks`, connected at start). */
export function countPageProblemsWith(make: PageChecks) {
  makePageChecks = make;
}

/** Keeps the page's count of problems (the Pages list shows and filters on it), in the write's transaction. */
export function recordPageChecks(tx: Tx, key: string): number | null {
  const row = tx.select().from(pageCopy).where(eq(pageCopy.key, key)).get();
  if (!row) return null;
  // Not connected (a command, a bare test database): left for the background count.
  const checkProblems = makePageChecks ? makePageChecks()(row).length : null;
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
  if (unchecked.length === 0 || !makePageChecks) return false;
  const check = makePageChecks();
  const started = performance.now();
  for (const row of unchecked) {
    db.update(pageCopy)
      .set({ checkProblems: check(row).length })
      .where(eq(pageCopy.key, row.key))
      .run();
    if (performance.now() - started > RUN_BUDGET_MS) return true;
  }
  return unchecked.length === limit;
}
