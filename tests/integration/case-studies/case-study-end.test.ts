// A case study that ends on its own (scheduled unpublish), as a post does: the end's checks, the minute
// it leaves every public list under a moved clock, an end missed while the site was down, its audit.
import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { auditLog, caseStudies } from "#db/schema";
import {
  getCaseStudyById,
  getCaseStudyBySlug,
  listCaseStudies,
  listFeaturedCaseStudies,
  saveCaseStudy,
} from "~/features/case-studies/case-studies.server";
import {
  caseStudyEndTask,
  endedCaseStudyAt,
  unpublishDueCaseStudies,
} from "~/features/case-studies/case-study-end.server";
import { caseStudyJson } from "~/features/case-studies/case-study-json";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import { contentVersion, getDb } from "~/platform/db.server";
import { FieldError } from "~/platform/http/errors.server";
import { defineTask, startTasks, stopTasks } from "~/platform/tasks.server";

const MINUTE = 60_000;

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function startEnds(options?: Parameters<typeof caseStudyEndTask>[0]) {
  defineTask(caseStudyEndTask(options));
  startTasks();
  return () => void stopTasks();
}

const input = (title: string, over: Record<string, unknown> = {}) =>
  CaseStudySchema.parse({
    title,
    clientName: "Harbour Logistics",
    category: "B2B",
    excerpt: "A quoting portal.",
    body: "<p>How.</p>",
    status: "published",
    featured: "on",
    ...over,
  });

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof FieldError ? { field: error.field, message: error.message } : error;
  }
};

const lastAudit = () => getDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1).get();
const rowCount = () => getDb().select().from(caseStudies).all().length;

describe("a case study's end", () => {
  it("must be in the future, never its own address, and a refused end writes nothing", () => {
    const now = new Date("2026-06-01T09:00:00Z");
    const before = rowCount();
    expect(
      fieldOf(() => saveCaseStudy(undefined, { ...input("Ends in the past"), unpublishAt: now }, { now })),
    ).toEqual({ field: "unpublishAt", message: expect.stringContaining("already passed") });
    expect(
      fieldOf(() =>
        saveCaseStudy(
          undefined,
          input("Sent to itself", { slug: "sent-to-itself", endRedirect: "/work/Sent-To-Itself/" }),
        ),
      ),
    ).toEqual({ field: "endRedirect", message: expect.stringContaining("own address") });
    expect(rowCount()).toBe(before);
    const study = saveCaseStudy(undefined, input("Kept as it was"));
    expect(
      fieldOf(() =>
        saveCaseStudy(study.id, { ...input("Kept as it was"), unpublishAt: new Date(Date.now() - MINUTE) }),
      ),
    ).toMatchObject({ field: "unpublishAt" });
    expect(getCaseStudyById(study.id)?.unpublishAt).toBeNull();
  });

  it("is read from the API as an ISO time or null, and where visitors go as a path of this site", () => {
    const parsed = CaseStudySchema.parse({
      ...input("From the API"),
      unpublishAt: "2030-01-02T03:04:00.000Z",
      endRedirect: "/work",
    });
    expect(parsed.unpublishAt).toEqual(new Date("2030-01-02T03:04:00.000Z"));
    expect(CaseStudySchema.parse({ ...input("No end"), unpublishAt: null }).unpublishAt).toBeNull();
    for (const bad of [{ unpublishAt: "next week" }, { endRedirect: "https://elsewhere.example" }])
      expect(CaseStudySchema.safeParse({ ...input("Bad"), ...bad }).success).toBe(false);
    const saved = saveCaseStudy(undefined, parsed);
    expect(caseStudyJson(saved)).toMatchObject({
      unpublishAt: new Date("2030-01-02T03:04:00.000Z"),
      endRedirect: "/work",
      endedAt: null,
    });
  });

  it("takes the study off /work and the home page at its minute, on a moved clock, and audits it", async () => {
    let clock = Date.now();
    const end = new Date(clock + MINUTE);
    const study = saveCaseStudy(
      undefined,
      { ...input("Summer campaign"), unpublishAt: end, endRedirect: "/work" },
      { now: new Date(clock) },
    );
    expect(lastAudit()).toMatchObject({ action: "case-study.end-set" });
    stop = startEnds({ now: () => new Date(clock), maxSleepMs: 50 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(getCaseStudyBySlug(study.slug)?.id).toBe(study.id);
    const version = contentVersion("case-studies");

    clock += MINUTE;
    await expect.poll(() => getCaseStudyById(study.id)?.status, { timeout: 2000 }).toBe("draft");
    expect(contentVersion("case-studies")).not.toBe(version);
    expect(getCaseStudyBySlug(study.slug)).toBeUndefined();
    expect(listCaseStudies().map((s) => s.id)).not.toContain(study.id);
    expect(listFeaturedCaseStudies(100).map((s) => s.id)).not.toContain(study.id);
    expect(endedCaseStudyAt(study.slug)).toEqual({ endRedirect: "/work" });
    expect(getCaseStudyById(study.id)).toMatchObject({ unpublishAt: null, endedAt: new Date(clock) });
    expect(lastAudit()).toMatchObject({
      action: "case-study.ended",
      actor: "system",
      subject: expect.stringContaining("sends visitors to /work"),
    });
  });

  it("ends a study whose minute passed while the site was down as soon as the task starts", () => {
    const study = saveCaseStudy(undefined, input("Ended while down"));
    getDb()
      .update(caseStudies)
      .set({ unpublishAt: new Date(Date.now() - 30 * MINUTE) })
      .where(eq(caseStudies.id, study.id))
      .run();
    stop = startEnds();
    expect(getCaseStudyById(study.id)).toMatchObject({ status: "draft", endedAt: expect.any(Date) });
    expect(endedCaseStudyAt(study.slug)).toEqual({ endRedirect: null });
  });

  it("is live again when published again with a new end, and a draft never ends", () => {
    const now = new Date();
    const study = saveCaseStudy(undefined, input("Back by demand"));
    getDb()
      .update(caseStudies)
      .set({ unpublishAt: new Date(now.getTime() - 1) })
      .where(eq(caseStudies.id, study.id))
      .run();
    unpublishDueCaseStudies(now);
    expect(endedCaseStudyAt(study.slug)).toBeDefined();
    const end = new Date(now.getTime() + 90 * MINUTE);
    const again = saveCaseStudy(study.id, { ...input("Back by demand"), unpublishAt: end });
    expect(again).toMatchObject({ status: "published", endedAt: null });
    expect(endedCaseStudyAt(study.slug)).toBeUndefined();
    expect(unpublishDueCaseStudies(new Date(end.getTime() - 1))).toEqual([]);
    expect(unpublishDueCaseStudies(end)).toEqual([{ id: study.id, slug: study.slug }]);
    expect(unpublishDueCaseStudies(end)).toEqual([]);

    const draft = saveCaseStudy(undefined, { ...input("A draft", { status: "draft" }), unpublishAt: end });
    expect(unpublishDueCaseStudies(new Date(end.getTime() + MINUTE)).map((s) => s.id)).not.toContain(
      draft.id,
    );
    expect(getCaseStudyById(draft.id)?.endedAt).toBeNull();
  });
});
