import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";

import { type ExperimentArm, experiments } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import {
  checkFieldText,
  PageCopyInvalid,
  pathsShowing,
  plainFieldsOf,
  publishFieldText,
  readPublishedCopy,
} from "~/features/pages/index.server";
import { type Db, getDb, type Tx } from "~/platform/db.server";
import type { Role } from "~/platform/http/access";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";

import { type Goal, GOALS } from "./labels";

export { type Goal, GOALS };
/** The arms' keys in order: the control, then up to three variants. */
export const ARM_KEYS = ["control", "b", "c", "d"] as const;
/** The longest a variant may be asked to be before the field's own limit is checked (which is lower). */
const VARIANT_MAX = 2000;

export type Experiment = typeof experiments.$inferSelect;
export type ExperimentActor = { id: string; role: Role };

/** What is wrong with a new experiment, each problem named by the field it is about ("variants.1"). */
export class ExperimentInvalid extends Error {
  override name = "ExperimentInvalid";
  constructor(readonly issues: { path: string; message: string }[]) {
    super("Invalid experiment");
  }
}

export const NewExperimentSchema = z.strictObject({
  page: z.string({ error: "Must be a page's key, such as home" }).max(100, "No such page"),
  field: z.string({ error: "Must be a field's path, such as hero.headline" }).max(200, "No such field"),
  variants: z
    .array(z.string({ error: "Must be text" }).max(VARIANT_MAX, `At most ${VARIANT_MAX} characters`), {
      error: "Must be a list of one to three texts",
    })
    .min(1, "At least one variant")
    .max(3, "At most three variants"),
  goal: z.enum(GOALS, { error: `One of ${GOALS.join(", ")}` }).default("enquiry"),
  share: z
    .number({ error: "Must be a whole number from 1 to 100" })
    .int("Must be a whole number from 1 to 100")
    .min(1, "At least 1 %")
    .max(100, "At most 100 %")
    .default(100),
});
export type NewExperiment = z.input<typeof NewExperimentSchema>;

const mayRunExperiments = (role: Role) => role === "owner" || role === "editor";
const EDITORS_ONLY = "The owner or an editor runs experiments.";
const LEGAL_FOR_THE_OWNER = "Only the site's owner publishes the legal pages.";

/** Why a field cannot be tested, or null when it can: the fields whose words visitors read on the page. */
function untestable(page: string, field: string): string | null {
  if (field === "meta" || field.startsWith("meta."))
    return "Search words are read by search engines, which always see the current words: choose words on the page";
  if (page.startsWith("services/") && field === "title")
    return "A service's title names it in menus and case studies: test its headline instead";
  return null;
}

/** The experiment checked whole: the arms to store, or every problem at once (ExperimentInvalid). */
function checkNew(input: unknown): {
  page: string;
  field: string;
  goal: Goal;
  share: number;
  arms: ExperimentArm[];
} {
  const parsed = NewExperimentSchema.safeParse(input);
  if (!parsed.success) {
    throw new ExperimentInvalid(
      parsed.error.issues.slice(0, 20).map((issue) => ({
        path: issue.path.map(String).join(".") || "(body)",
        message:
          issue.code === "unrecognized_keys"
            ? `Unknown field: ${issue.keys.slice(0, 10).join(", ")}`
            : issue.message,
      })),
    );
  }
  const { page, field, variants, goal, share } = parsed.data;
  // The 404 has no address of its own to test on.
  const path = pathsShowing(page)[0];
  const fields = path ? plainFieldsOf(page) : [];
  if (!fields.length)
    throw new ExperimentInvalid([{ path: "page", message: "No such page visitors can see" }]);
  const plain = fields.find((each) => each.path === field);
  if (!plain) {
    const message = fieldExists(page, field)
      ? "Only a plain-text field can be tested (not rich text, a link's target or a list)"
      : "No such field on this page";
    throw new ExperimentInvalid([{ path: "field", message }]);
  }
  const reason = untestable(page, field);
  if (reason) throw new ExperimentInvalid([{ path: "field", message: reason }]);
  if (goal === "contact" && page === "contact")
    throw new ExperimentInvalid([
      { path: "goal", message: "Every visitor of the contact page has visited it: choose another goal" },
    ]);
  const issues: { path: string; message: string }[] = [];
  const texts: string[] = [];
  variants.forEach((variant, index) => {
    try {
      const text = checkFieldText(page, field, variant);
      if (text === plain.text.trim())
        issues.push({ path: `variants.${index}`, message: "Same as the current words" });
      else if (texts.includes(text))
        issues.push({ path: `variants.${index}`, message: `Same as variant ${texts.indexOf(text) + 1}` });
      texts.push(text);
    } catch (error) {
      if (!(error instanceof PageCopyInvalid)) throw error;
      for (const issue of error.issues) issues.push({ path: `variants.${index}`, message: issue.message });
      texts.push("");
    }
  });
  if (issues.length) throw new ExperimentInvalid(issues);
  const arms = [plain.text, ...texts].map((text, index) => ({ key: ARM_KEYS[index]!, text }));
  return { page, field, goal, share, arms };
}

/** Whether a path names anything in the page's published copy (to tell "not plain text" from "no such field"). */
function fieldExists(page: string, field: string): boolean {
  let at: unknown = readPublishedCopy(page);
  for (const part of field.split(".")) {
    if (!at || typeof at !== "object" || !Object.hasOwn(at, part)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Starts an experiment on one plain field of a page: the current words are the control, the variants
 * are checked as the field is on a save. One runs per page at a time (409). Audited.
 */
export function startExperiment(input: unknown, actor: ExperimentActor): Experiment {
  if (!mayRunExperiments(actor.role)) throw new ForbiddenError(EDITORS_ONLY);
  const { page, field, goal, share, arms } = checkNew(input);
  if (page.startsWith("legal/") && actor.role !== "owner") throw new ForbiddenError(LEGAL_FOR_THE_OWNER);
  const started = getDb().transaction(
    (tx) => {
      const running = tx
        .select({ id: experiments.id })
        .from(experiments)
        .where(and(eq(experiments.pageKey, page), eq(experiments.status, "running")))
        .get();
      if (running)
        throw new ConflictError("An experiment is already running on this page: stop it first", "page");
      const row = tx
        .insert(experiments)
        .values({ pageKey: page, field, goal, share, arms, startedBy: actor.id })
        .returning()
        .get();
      audit(
        "experiment.started",
        `Experiment ${row.id} on ${page}: ${field} (${arms.length - 1} variant${arms.length > 2 ? "s" : ""})`,
        tx,
      );
      return row;
    },
    { behavior: "immediate" },
  );
  forgetRunning();
  return started;
}

export function listExperiments(): Experiment[] {
  return getDb().select().from(experiments).orderBy(desc(experiments.id)).all();
}

/** An experiment by the id in an address ("12"); anything else is not one (404). */
export function getExperiment(id: string | number): Experiment {
  const number = typeof id === "number" ? id : /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
  const row = Number.isSafeInteger(number)
    ? getDb().select().from(experiments).where(eq(experiments.id, number)).get()
    : undefined;
  if (!row) throw new NotFoundError("Experiment not found");
  return row;
}

/**
 * Stops counting; with `apply` (an arm's key), that arm's words are published as the page's copy (a
 * revision and a publish, as any edit) in the same transaction, so everyone sees them from now on.
 * The control's words are already published: applying it only records the choice. Audited.
 */
export function stopExperiment(
  id: string | number,
  apply: string | undefined,
  actor: ExperimentActor,
): Experiment {
  if (!mayRunExperiments(actor.role)) throw new ForbiddenError(EDITORS_ONLY);
  const experiment = getExperiment(id);
  const arm = apply === undefined ? undefined : experiment.arms.find((each) => each.key === apply);
  if (apply !== undefined && !arm)
    throw new FieldError(
      "apply",
      `No such arm: one of ${experiment.arms.map((each) => each.key).join(", ")}`,
    );
  if (arm && arm.key !== "control" && experiment.pageKey.startsWith("legal/") && actor.role !== "owner")
    throw new ForbiddenError(LEGAL_FOR_THE_OWNER);
  getDb().transaction(
    (tx) => {
      const now = tx.select().from(experiments).where(eq(experiments.id, experiment.id)).get();
      if (now?.status !== "running") throw new ConflictError("This experiment has already stopped");
      tx.update(experiments)
        .set({ status: "stopped", stoppedAt: new Date(), stoppedBy: actor.id, appliedArm: arm?.key ?? null })
        .where(eq(experiments.id, experiment.id))
        .run();
      audit("experiment.stopped", `Experiment ${experiment.id} on ${experiment.pageKey}`, tx);
      if (arm && arm.key !== "control") {
        publishFieldText(tx, experiment.pageKey, experiment.field, arm.text, actor.id);
        audit(
          "experiment.applied",
          `Experiment ${experiment.id}: arm ${arm.key} on ${experiment.pageKey}`,
          tx,
        );
      }
    },
    { behavior: "immediate" },
  );
  forgetRunning();
  return getExperiment(experiment.id);
}

/** A running experiment as the requests read it: where it shows and what. */
export type Running = Pick<Experiment, "id" | "pageKey" | "field" | "arms" | "goal" | "share"> & {
  path: string;
};

const running = new WeakMap<Db, Map<string, Running>>();

/** The running experiments by the path of their page ("/", "/services/seo"), read once until one starts or stops. */
export function runningByPath(db: Db = getDb()): Map<string, Running> {
  let byPath = running.get(db);
  if (!byPath) {
    byPath = new Map();
    for (const row of db.select().from(experiments).where(eq(experiments.status, "running")).all()) {
      const path = pathsShowing(row.pageKey)[0];
      if (path) byPath.set(path, { ...row, path });
    }
    running.set(db, byPath);
  }
  return byPath;
}

/** After a start or stop (or a page's new address): read again on the next request. */
export const forgetRunning = (db: Db = getDb()) => running.delete(db);

/**
 * A service given a new address keeps its experiments (connected to the pages feature at start): they
 * move to its new key in the same transaction, and a running one shows at the new address at once.
 */
export function followMovedPage(fromKey: string, toKey: string, tx: Tx) {
  tx.update(experiments).set({ pageKey: toKey }).where(eq(experiments.pageKey, fromKey)).run();
  forgetRunning();
}
