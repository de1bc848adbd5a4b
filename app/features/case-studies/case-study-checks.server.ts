import { and, count, eq, gt, isNull, ne, or, sql } from "drizzle-orm";

import { caseStudies, type CaseStudy } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";
import { runTask } from "~/platform/tasks.server";
import { checkWriting, type WritingProblem } from "~/platform/text/writing-checks";

/** A case study's fields the checks read. */
type Checked = Pick<CaseStudy, "id" | "title" | "body" | "excerpt" | "coverImage" | "coverAlt">;

/** Whether the site answers a path: only the pages feature knows every page (connected at start). */
type PageChecker = (path: string) => boolean;
let makePageChecker: (() => PageChecker) | null = null;

/** How the checks learn whether an internal link's page exists (the pages feature's pageChecker). */
export function checkCaseStudyLinksWith(make: () => PageChecker) {
  makePageChecker = make;
}

type Reader = Pick<Tx, "select">;

/** Another case study (not deleted) has this title, in any case. */
function titleTaken(db: Reader, study: Pick<CaseStudy, "id" | "title">): boolean {
  return Boolean(
    db
      .select({ id: caseStudies.id })
      .from(caseStudies)
      .where(
        and(
          isNull(caseStudies.deletedAt),
          ne(caseStudies.id, study.id),
          sql`lower(${caseStudies.title}) = lower(${study.title.trim()})`,
        ),
      )
      .limit(1)
      .get(),
  );
}

/**
 * The checks while writing of a case study as saved (what `GET /api/work/{id}/checks` answers): the
 * posts' checks on its approach, summary and cover (its title is its search title, its summary its
 * description), with whether another study has its title and whether its internal links' pages exist.
 */
export function checkCaseStudy(
  study: Checked,
  db: Reader = getDb(),
  pageExists = makePageChecker?.(),
): WritingProblem[] {
  return checkWriting(
    {
      title: study.title,
      html: study.body,
      summary: study.excerpt,
      coverImage: study.coverImage,
      coverAlt: study.coverAlt,
    },
    { duplicateTitle: titleTaken(db, study), pageExists },
  );
}

/** What the editor's checks need that only the server knows: a shared title, links to missing pages. */
export function caseStudyCheckFacts(study: Checked): {
  duplicateTitle: string | null;
  brokenLinks: string[];
} {
  const exists = makePageChecker?.();
  const brokenLinks: string[] = [];
  checkWriting(
    { title: study.title, html: study.body, summary: study.excerpt },
    { pageExists: exists && ((path) => exists(path) || (brokenLinks.push(path), false)) },
  );
  return { duplicateTitle: titleTaken(getDb(), study) ? study.title : null, brokenLinks };
}

/** Keeps a saved case study's count of problems (the list filters on it), in the save's transaction. */
export function recordCaseStudyChecks(tx: Tx, study: CaseStudy, titleBefore?: string): CaseStudy {
  const checkProblems = checkCaseStudy(study, tx).length;
  tx.update(caseStudies).set({ checkProblems }).where(eq(caseStudies.id, study.id)).run();
  // The studies that had or now have its title changed with it: the background count recounts them.
  const titles = [...new Set([titleBefore, study.title].flatMap((t) => (t?.trim() ? [t.trim()] : [])))];
  if (titles.length > 0)
    tx.update(caseStudies)
      .set({ checkProblems: null })
      .where(
        and(
          isNull(caseStudies.deletedAt),
          ne(caseStudies.id, study.id),
          or(...titles.map((title) => sql`lower(${caseStudies.title}) = lower(${title})`)),
        ),
      )
      .run();
  return { ...study, checkProblems };
}

/** After a save: the studies it marked are counted soon, by the posts' `writing-checks` task. */
export const countMarkedCaseStudies = () => runTask("writing-checks");

/** A run stops once it has held the event loop this long. */
const RUN_BUDGET_MS = 50;

/**
 * Counts the problems of up to `limit` case studies never counted (imported, restored, from before the
 * count, or marked by a save of one sharing their title) within the run's budget; whether any are left.
 */
export function checkUncheckedCaseStudies(limit = 25): boolean {
  const db = getDb();
  const unchecked = db
    .select()
    .from(caseStudies)
    .where(and(isNull(caseStudies.checkProblems), isNull(caseStudies.deletedAt)))
    .limit(limit)
    .all();
  const pageExists = makePageChecker?.();
  const started = performance.now();
  for (const study of unchecked) {
    db.update(caseStudies)
      .set({ checkProblems: checkCaseStudy(study, db, pageExists).length })
      .where(eq(caseStudies.id, study.id))
      .run();
    if (performance.now() - started > RUN_BUDGET_MS) return true;
  }
  return unchecked.length === limit;
}

const withProblems = and(isNull(caseStudies.deletedAt), gt(caseStudies.checkProblems, 0));

/** How many case studies the checks found problems in at their last save (the list's filter). */
export function countCaseStudiesWithProblems(): number {
  return getDb().select({ n: count() }).from(caseStudies).where(withProblems).get()?.n ?? 0;
}
