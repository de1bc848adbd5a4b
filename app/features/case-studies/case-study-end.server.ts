import { and, asc, desc, eq, isNotNull, isNull, lte } from "drizzle-orm";

import { caseStudies, type CaseStudy } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { followEndRedirect } from "~/features/editor/index.server";
import { contentChanged, getDb, type Tx } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { runTask, type Task } from "~/platform/tasks.server";
import { slugInSection } from "~/platform/text/section-slug";

/** The case study a path of this site names, if it is one (`/work/a-study`, `/work/A-Study/`). */
export const caseStudySlugIn = slugInSection("work");

/** The longest the end's task sleeps: an end set by another process still goes within seconds. */
const MAX_SLEEP_MS = 5_000;

const ending = and(
  eq(caseStudies.status, "published"),
  isNull(caseStudies.deletedAt),
  isNotNull(caseStudies.unpublishAt),
);

/**
 * The most case studies one run takes down: each is rewritten whole (a body of up to 500 KB), so 5,000
 * ending in the same minute held the server for over 15 s in one run. The task runs again at once
 * while some are due (nextCaseStudyEnd is then in the past), giving the event loop back in between.
 */
export const ENDED_A_RUN = 50;

/**
 * Takes down up to ENDED_A_RUN live case studies whose end has come, soonest first
 * (case_studies_end_idx): each becomes a draft that has ended (`endedAt`), so it leaves /work, the home
 * page, the sitemap, llms.txt and search, and its address answers 410 or redirects to the page the owner
 * chose. An end missed while the site was down is done at start-up.
 */
export function unpublishDueCaseStudies(now = new Date()): { id: string; slug: string }[] {
  const endedBy = and(ending, lte(caseStudies.unpublishAt, now));
  // A read first: the write lock is asked for only when something has ended (another process may hold it).
  if (!getDb().select({ id: caseStudies.id }).from(caseStudies).where(endedBy).limit(1).get()) return [];
  const ended = getDb().transaction((tx) => {
    const due = tx
      .select({ id: caseStudies.id, slug: caseStudies.slug, title: caseStudies.title })
      .from(caseStudies)
      .where(endedBy)
      .orderBy(asc(caseStudies.unpublishAt))
      .limit(ENDED_A_RUN)
      .all();
    for (const study of due) {
      const row = tx
        .update(caseStudies)
        .set({ status: "draft", unpublishAt: null, endedAt: now, updatedAt: now })
        .where(eq(caseStudies.id, study.id))
        .returning({ endRedirect: caseStudies.endRedirect })
        .get()!;
      audit("case-study.ended", `“${study.title}” left the site at its end; ${endAction(row)}`, tx);
    }
    return due.map(({ id, slug }) => ({ id, slug }));
  });
  if (ended.length) contentChanged("case-studies");
  return ended;
}

const endAction = (study: Pick<CaseStudy, "endRedirect">) =>
  study.endRedirect ? `its address sends visitors to ${study.endRedirect}` : "its address answers 410 Gone";

/** An end chosen, moved or taken away is recorded in the audit log, with the save. */
export function auditCaseStudyEnd(tx: Tx, before: CaseStudy | undefined, study: CaseStudy) {
  const was = before?.unpublishAt?.getTime() ?? null;
  const now = study.unpublishAt?.getTime() ?? null;
  if (was === now) return;
  const said = study.unpublishAt
    ? `“${study.title}” ends ${study.unpublishAt.toISOString()}, then ${study.endRedirect ? `sends visitors to ${study.endRedirect}` : "answers 410 Gone"}`
    : `“${study.title}” no longer ends`;
  audit("case-study.end-set", said, tx);
}

/** When the next live case study ends, if any. */
export function nextCaseStudyEnd(): Date | undefined {
  return (
    getDb()
      .select({ at: caseStudies.unpublishAt })
      .from(caseStudies)
      .where(ending)
      .orderBy(asc(caseStudies.unpublishAt))
      .limit(1)
      .get()?.at ?? undefined
  );
}

/** Live case studies that leave the site on their own, soonest first: the admin's home lists them. */
export function listEndingCaseStudies(): Pick<CaseStudy, "id" | "title" | "unpublishAt">[] {
  return getDb()
    .select({ id: caseStudies.id, title: caseStudies.title, unpublishAt: caseStudies.unpublishAt })
    .from(caseStudies)
    .where(ending)
    .orderBy(asc(caseStudies.unpublishAt))
    .limit(5)
    .all();
}

/** The case studies that ended most recently (drafts again, off the site), for the admin's home. */
export function listEndedCaseStudies(): { id: string; title: string; endedAt: Date }[] {
  return getDb()
    .select({ id: caseStudies.id, title: caseStudies.title, endedAt: caseStudies.endedAt })
    .from(caseStudies)
    .where(
      and(eq(caseStudies.status, "draft"), isNotNull(caseStudies.endedAt), isNull(caseStudies.deletedAt)),
    )
    .orderBy(desc(caseStudies.endedAt))
    .limit(5)
    .all()
    .map((study) => ({ ...study, endedAt: study.endedAt! }));
}

/** A case study was given an end: the task looks again at once. */
export function wakeCaseStudyEnds() {
  void runTask("case-study-ends");
}

const endedRow = (slug: string) =>
  getDb()
    .select({ endRedirect: caseStudies.endRedirect })
    .from(caseStudies)
    .where(
      and(
        eq(caseStudies.slug, slug),
        eq(caseStudies.status, "draft"),
        isNotNull(caseStudies.endedAt),
        isNull(caseStudies.deletedAt),
      ),
    )
    .get();

/** A case study that left the site at its end, by its address: where it sends visitors (null: 410). */
export const endedCaseStudyAt = (slug: string) => followEndRedirect(slug, endedRow, caseStudySlugIn);

/**
 * Takes down what has ended (at start-up: an end missed while the site was down), then sleeps until
 * the next end, at most `maxSleepMs`. `now` is the clock (tests move it).
 */
export function caseStudyEndTask({
  now = () => new Date(),
  maxSleepMs = MAX_SLEEP_MS,
}: { now?: () => Date; maxSleepMs?: number } = {}): Task {
  return {
    name: "case-study-ends",
    label: "Takes down case studies at their end",
    every: () => {
      const next = nextCaseStudyEnd();
      return next ? Math.min(maxSleepMs, Math.max(0, next.getTime() - now().getTime())) : maxSleepMs;
    },
    run: () => {
      for (const study of unpublishDueCaseStudies(now()))
        log.info(`Took down ended case study /work/${study.slug}`);
    },
  };
}
