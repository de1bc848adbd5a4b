import type { Job } from "#db/schema";
import { log } from "~/platform/log.server";
import type { Task } from "~/platform/tasks.server";

import { canSendMail, type OutgoingMail, sendMail } from "../mail/mail.server";
import { dueJobs, type JobKind, markJobDone, markJobFailed, MAX_ATTEMPTS } from "./job-queue.server";

type Worker = { ready: () => boolean; run: (job: Job) => Promise<string | void> };

/**
 * How each kind of job is done, and whether it can be now (a kind without its settings waits). A
 * newsletter's e-mails have a worker of their own, at their own pace (newsletter-sender). A feature
 * that queues a kind of its own says how it is done (defineJobWorker) in the module that queues it.
 */
const workers: Partial<Record<Exclude<JobKind, "newsletter">, Worker>> = {
  mail: { ready: canSendMail, run: (job) => sendMail(job.payload as OutgoingMail) },
};

export function defineJobWorker(kind: Exclude<JobKind, "newsletter" | "mail">, worker: Worker) {
  workers[kind] = worker;
}

let running: Promise<number> | undefined;
let rerun: Promise<number> | undefined;

/**
 * Does every job that is due; returns how many succeeded. Never throws: failures are kept and retried.
 * One run at a time: asked during a run (which may have read the queue before the new job was in it),
 * it runs once more after it, so a job queued now never waits for the worker's next round (and answers
 * how many both runs did).
 */
export function runDueJobs(): Promise<number> {
  if (running) {
    rerun ??= running.then(async (done) => {
      rerun = undefined;
      return done + (await runDueJobs());
    });
    return rerun;
  }
  running = runBatch().finally(() => (running = undefined));
  return running;
}

async function runBatch(): Promise<number> {
  const kinds = (Object.keys(workers) as (keyof typeof workers)[]).filter((kind) => workers[kind]?.ready());
  let done = 0;
  for (const job of dueJobs(kinds)) {
    try {
      const target = await workers[job.kind as keyof typeof workers]!.run(job);
      markJobDone(job, target ?? job.target);
      done++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const again = markJobFailed(job, reason);
      log.error(
        `Job ${job.id} (${job.kind}) failed (attempt ${job.attempts + 1}/${MAX_ATTEMPTS}${again ? "" : ", giving up"}): ${reason}`,
      );
    }
  }
  return done;
}

/** E-mails and CRM deliveries due now, then every 30 s (a queued job asks for a run at once). */
export const jobsTask: Task = {
  name: "jobs",
  label: "Sends queued e-mails and CRM deliveries",
  every: 30_000,
  run: runDueJobs,
};
