import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";

import { type Job, jobs } from "#db/schema";
import { type Db, getDb, type Tx } from "~/platform/db.server";

export type JobKind = Job["kind"];
export type NewJob = Pick<Job, "kind" | "target" | "title" | "payload"> & { about?: string | null };

/**
 * Waits after the 1st, 2nd, ... failed attempt: about a day of tries in all (23 h 42 min), then the job
 * is given up and waits for someone to press "Retry now" in the delivery log.
 */
export const RETRY_DELAYS_MS = [
  30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Queues a job in the caller's transaction: it exists exactly when the thing it reports does. */
export function queueJob(tx: Tx | Db, job: NewJob) {
  tx.insert(jobs)
    .values({ ...job, about: job.about?.trim().toLowerCase() ?? null })
    .run();
}

/** The jobs of these kinds that are due now, oldest first. */
export function dueJobs(kinds: JobKind[], limit = 20): Job[] {
  if (kinds.length === 0) return [];
  return getDb()
    .select()
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        isNull(jobs.doneAt),
        lte(jobs.nextAttemptAt, new Date()),
        lt(jobs.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(jobs.createdAt))
    .limit(limit)
    .all();
}

export function markJobDone(job: Job, target = job.target) {
  getDb()
    .update(jobs)
    .set({ doneAt: new Date(), attempts: job.attempts + 1, lastError: null, target })
    .where(eq(jobs.id, job.id))
    .run();
}

/** Records a failed attempt; returns whether another one is scheduled. */
export function markJobFailed(job: Job, reason: string, target = job.target): boolean {
  const attempts = job.attempts + 1;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  getDb()
    .update(jobs)
    .set({
      attempts,
      lastError: reason.slice(0, 500),
      target,
      startedAt: null,
      nextAttemptAt: new Date(Date.now() + (delay ?? 0)),
    })
    .where(eq(jobs.id, job.id))
    .run();
  return delay !== undefined;
}

export type JobState = "delivered" | "waiting" | "retrying" | "failed";

export function jobState(job: Pick<Job, "doneAt" | "attempts">): JobState {
  if (job.doneAt) return "delivered";
  if (job.attempts >= MAX_ATTEMPTS) return "failed";
  return job.attempts > 0 ? "retrying" : "waiting";
}

/** A job as the delivery log shows it: without its payload (a whole e-mail) or whom it is about. */
const { payload: _payload, about: _about, ...loggedColumns } = getTableColumns(jobs);
export type LoggedJob = Omit<Job, "payload" | "about">;

/** How the outbox stands: e-mails and CRM deliveries still to go, and those given up on. */
export function outboxCounts(): { waiting: number; failed: number } {
  const pending = and(ne(jobs.kind, "newsletter"), isNull(jobs.doneAt));
  const count = (where: SQL | undefined) =>
    getDb()
      .select({ n: sql<number>`count(*)` })
      .from(jobs)
      .where(where)
      .get()?.n ?? 0;
  return {
    waiting: count(and(pending, lt(jobs.attempts, MAX_ATTEMPTS))),
    failed: count(and(pending, gte(jobs.attempts, MAX_ATTEMPTS))),
  };
}

/** The delivery log: the newest jobs first (a newsletter's e-mails are counted on its own page instead). */
export function listJobs(limit = 100): LoggedJob[] {
  return getDb()
    .select(loggedColumns)
    .from(jobs)
    .where(ne(jobs.kind, "newsletter"))
    .orderBy(desc(jobs.createdAt))
    .limit(limit)
    .all();
}

/** The jobs of one batch (a newsletter send's e-mails), by address, a page at a time. */
export function listBatch(batch: string, { limit = 100, offset = 0 } = {}): LoggedJob[] {
  return getDb()
    .select(loggedColumns)
    .from(jobs)
    .where(eq(jobs.batch, batch))
    .orderBy(asc(jobs.target))
    .limit(limit)
    .offset(offset)
    .all();
}

/** Marks jobs as being done now, so a crash in the middle is known afterwards (markInterruptedJobs). */
export function claimJobs(ids: string[]) {
  if (ids.length === 0) return;
  getDb().update(jobs).set({ startedAt: new Date() }).where(inArray(jobs.id, ids)).run();
}

/**
 * Jobs of `kind` that were being done when the process died: whether they happened is unknown, so they
 * are given up rather than done twice ("Retry now" does them again on purpose). Returns how many.
 */
export function markInterruptedJobs(kind: JobKind): number {
  return getDb()
    .update(jobs)
    .set({
      attempts: MAX_ATTEMPTS,
      startedAt: null,
      lastError: "Interrupted while being sent (the site stopped); not sent again in case it arrived",
    })
    .where(and(eq(jobs.kind, kind), isNotNull(jobs.startedAt), isNull(jobs.doneAt)))
    .run().changes;
}

/**
 * "Retry now": an undelivered job is due at once, with a fresh day of tries if it had been given up.
 * Returns false for an unknown or delivered job.
 */
export function retryJob(id: string): boolean {
  const job = getDb().select().from(jobs).where(eq(jobs.id, id)).get();
  if (!job || job.doneAt) return false;
  getDb()
    .update(jobs)
    .set({
      nextAttemptAt: new Date(),
      attempts: job.attempts >= MAX_ATTEMPTS ? 0 : job.attempts,
      startedAt: null,
    })
    .where(eq(jobs.id, id))
    .run();
  return true;
}
