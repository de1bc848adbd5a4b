// Experiments on a page's words, against a real database: what may be tested and every bad input
// refused with nothing written, one running per page, the arms shared out by the daily visitor hash,
// visitor-days and enquiries counted for the arm seen, stopping and applying (a published revision).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, experiments, experimentVisitors, pageCopy, pageRevisions } from "#db/schema";
import { forgetSalt, visitorToday } from "~/features/analytics/index.server";
import { submitEnquiry } from "~/features/enquiries/index.server";
import { armOf } from "~/features/experiments/assignment";
import { countVisitorDay, flushVisitorDays } from "~/features/experiments/counting.server";
import {
  ExperimentInvalid,
  runningByPath,
  startExperiment,
  stopExperiment,
} from "~/features/experiments/experiments.server";
import { countConversion, followMovedPage } from "~/features/experiments/index.server";
import { resultsOf } from "~/features/experiments/results.server";
import {
  followMovedPageKeysWith,
  getPage,
  readdressService,
  redirectMovedPagesWith,
} from "~/features/pages/index.server";
import { redirectMovedPage } from "~/features/redirects/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { countConversionsWith } from "~/platform/conversions.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";

let owner: { id: string; role: "owner" };
let editor: { id: string; role: "editor" };
let contributor: { id: string; role: "contributor" };
let headline = "";

beforeAll(async () => {
  seedDatabase(getDb());
  forgetSalt();
  countConversionsWith(countConversion);
  process.env.ENQUIRY_MIN_FILL_SECONDS = "0";
  process.env.RATE_LIMIT_FACTOR = "1";
  resetEnvCache();
  owner = { id: (await createUser("exp-owner", "a-long-enough-password")).id, role: "owner" };
  editor = {
    id: (await createUser("exp-editor", "a-long-enough-password", { role: "editor" })).id,
    role: "editor",
  };
  contributor = {
    id: (await createUser("exp-contributor", "a-long-enough-password", { role: "contributor" })).id,
    role: "contributor",
  };
  headline = String((getPage("home", { staff: false }).published.hero as { headline: string }).headline);
});

const issuesOf = (input: unknown) => {
  try {
    startExperiment(input, owner);
  } catch (error) {
    if (error instanceof ExperimentInvalid) return error.issues;
    throw error;
  }
  throw new Error("It was accepted");
};
const rows = () => getDb().select().from(experiments).all();
const audits = (action: string) => getDb().select().from(auditLog).where(eq(auditLog.action, action)).all();

describe("starting an experiment", () => {
  it("refuses every bad input with a message on its field, and writes nothing", () => {
    const good = { page: "about", field: "hero.headline", variants: ["Words that sell"] };
    const cases: [unknown, string, RegExp][] = [
      [{ ...good, page: "nowhere" }, "page", /No such page/],
      [{ ...good, page: "not-found" }, "page", /No such page/],
      [{ ...good, page: "__proto__" }, "page", /No such page/],
      [{ ...good, page: "constructor" }, "page", /No such page/],
      [{ ...good, page: 7 }, "page", /key/],
      [{ ...good, field: "hero.nothing" }, "field", /No such field/],
      [{ ...good, field: "__proto__.toString" }, "field", /No such field/],
      [{ ...good, field: "constructor" }, "field", /No such field/],
      [{ ...good, field: "hero" }, "field", /plain-text/],
      [{ ...good, page: "legal/privacy", field: "sections.0.body" }, "field", /plain-text/],
      [{ ...good, page: "home", field: "hero.actions.0.to" }, "field", /plain-text/],
      [{ ...good, field: "meta.title" }, "field", /search engines/],
      [{ ...good, variants: [] }, "variants", /At least one/],
      [{ ...good, variants: ["a", "b", "c", "d"] }, "variants", /At most three/],
      [{ ...good, variants: "Just words" }, "variants", /list/],
      [{ ...good, variants: [""] }, "variants.0", /Required/],
      [{ ...good, variants: ["\u200b \u3164"] }, "variants.0", /Required/],
      [{ ...good, variants: ["x".repeat(81)] }, "variants.0", /At most 80/],
      [{ ...good, variants: ["x".repeat(5000)] }, "variants.0", /At most 2000/],
      [{ ...good, variants: ["Bell\u0007"] }, "variants.0", /cannot be shown/],
      [{ ...good, variants: [{ text: "x" }] }, "variants.0", /text/],
      [{ ...good, variants: ["Same", " Same "] }, "variants.1", /Same as variant 1/],
      [{ ...good, goal: "sales" }, "goal", /enquiry/],
      [{ ...good, share: 0 }, "share", /At least 1/],
      [{ ...good, share: 101 }, "share", /At most 100/],
      [{ ...good, share: 2.5 }, "share", /whole/],
      [{ ...good, __proto__: { polluted: true }, extra: 1 }, "", /Unknown field: extra/],
      [{ ...good, page: "contact", field: "heading", goal: "contact" }, "goal", /contact page/],
      [null, "(body)", /./],
    ];
    for (const [input, path, message] of cases) {
      const issues = issuesOf(input);
      const issue = issues.find((each) => each.path === path || (path === "" && each.path === "(body)"));
      expect(issue?.message ?? JSON.stringify(issues), JSON.stringify(input)?.slice(0, 80)).toMatch(message);
    }
    // The current words, as typed with spaces around them.
    const aboutHeadline = (getPage("about", { staff: false }).published.hero as { headline: string })
      .headline;
    expect(issuesOf({ ...good, variants: [` ${aboutHeadline} `] })[0]).toEqual({
      path: "variants.0",
      message: "Same as the current words",
    });
    expect(rows()).toEqual([]);
    expect(audits("experiment.started")).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("is the owner's and editors', and one runs per page at a time", () => {
    expect(() =>
      startExperiment({ page: "about", field: "hero.intro", variants: ["New"] }, contributor),
    ).toThrow(ForbiddenError);
    expect(() =>
      startExperiment({ page: "legal/privacy", field: "title", variants: ["Your data"] }, editor),
    ).toThrow(ForbiddenError);
    const first = startExperiment({ page: "about", field: "hero.intro", variants: ["New words"] }, editor);
    expect(first).toMatchObject({ pageKey: "about", status: "running", goal: "enquiry", share: 100 });
    expect(first.arms.map((arm) => arm.key)).toEqual(["control", "b"]);
    expect(() =>
      startExperiment({ page: "about", field: "hero.headline", variants: ["Other"] }, owner),
    ).toThrow(ConflictError);
    expect(rows()).toHaveLength(1);
    expect(audits("experiment.started")).toHaveLength(1);
    expect(runningByPath().get("/about")?.id).toBe(first.id);
    stopExperiment(first.id, undefined, owner);
    expect(runningByPath().has("/about")).toBe(false);
    expect(() => stopExperiment(first.id, undefined, owner)).toThrow(ConflictError);
    expect(() => stopExperiment("12abc", undefined, owner)).toThrow(NotFoundError);
    expect(() => stopExperiment("99999999999999999999", undefined, owner)).toThrow(NotFoundError);
  });
});

describe("arms, visitor-days and conversions", () => {
  it("shares visitors out evenly, the same arm all day, and only the share in the test", () => {
    const experiment = { id: 1, share: 100, arms: [{ key: "control" }, { key: "b" }] };
    const counts = { control: 0, b: 0 };
    for (let i = 0; i < 10_000; i++) counts[armOf(`visitor-${i}`, experiment) as "control" | "b"] += 1;
    expect(counts.control / 10_000).toBeCloseTo(0.5, 1);
    expect(armOf("visitor-7", experiment)).toBe(armOf("visitor-7", experiment));
    const third = { ...experiment, share: 30 };
    const inTest = Array.from({ length: 10_000 }, (_, i) => armOf(`visitor-${i}`, third)).filter(Boolean);
    expect(inTest.length / 10_000).toBeCloseTo(0.3, 1);
  });

  it("counts a visitor-day once for its arm and an enquiry sent after for the same arm", async () => {
    const experiment = startExperiment(
      { page: "home", field: "hero.headline", variants: ["Test what sells"] },
      owner,
    );
    // Twenty visitors in each arm: a visitor's arm follows from the day's random salt, and a lopsided
    // split would make one conversion in 30 look worse than none in 10.
    const visitors: { client: { ip: string; userAgent: string }; arm: string }[] = [];
    const inArm = (arm: string) => visitors.filter((each) => each.arm === arm).length;
    for (let n = 1; visitors.length < 40 && n < 255; n++) {
      const client = { ip: `192.0.2.${n}`, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };
      const today = visitorToday(client, { create: true })!;
      const arm = armOf(today.visitor, experiment)!;
      if (inArm(arm) === 20) continue;
      // Three page views in a day: one visitor-day.
      for (let i = 0; i < 3; i++)
        countVisitorDay({ experimentId: experiment.id, day: today.day, visitor: today.visitor, arm });
      visitors.push({ client, arm });
    }
    expect(inArm("b")).toBe(20);
    flushVisitorDays();
    expect(
      getDb()
        .select()
        .from(experimentVisitors)
        .where(eq(experimentVisitors.experimentId, experiment.id))
        .all(),
    ).toHaveLength(40);

    const sender = visitors.find((each) => each.arm === "b")!;
    const outcome = await submitEnquiry(
      { name: "Aoife Kelly", email: "aoife@example.ie", goals: "More enquiries from the site." },
      {
        clientIp: sender.client.ip,
        checkStartTime: false,
        visit: {
          userAgent: sender.client.userAgent,
          siteHost: "localhost",
          came: { landing: "/", referrer: "" },
        },
      },
    );
    expect(outcome.kind).toBe("stored");
    // Someone who never saw the page: nothing to count.
    await submitEnquiry(
      { name: "Seán Murphy", email: "sean@example.ie", goals: "A new website." },
      {
        clientIp: "198.51.100.9",
        checkStartTime: false,
        visit: {
          userAgent: "Mozilla/5.0 Safari/605",
          siteHost: "localhost",
          came: { landing: "/", referrer: "" },
        },
      },
    );
    const results = resultsOf(experiment);
    const b = results.arms.find((arm) => arm.key === "b")!;
    const control = results.arms.find((arm) => arm.key === "control")!;
    expect(b.conversions).toBe(1);
    expect(control.conversions).toBe(0);
    expect(b.visitors + control.visitors).toBe(40);
    expect(b.visitors).toBe(visitors.filter((each) => each.arm === "b").length);
    expect(results.verdict).toBe("collecting");
    expect(control.chanceToBeatControl).toBeNull();
    expect(b.chanceToBeatControl).toBeGreaterThan(0.5);
    expect(b.interval[0]).toBeLessThan(b.rate);
    expect(results.summary).toMatch(/Still collecting/);
    expect(headline).not.toBe("Test what sells");

    // Stopping ends counting: a later enquiry from a visitor of arm b adds nothing.
    const stopped = stopExperiment(experiment.id, undefined, editor);
    expect(stopped.status).toBe("stopped");
    countConversion("enquiry", sender.client);
    expect(resultsOf(stopped).arms.find((arm) => arm.key === "b")!.conversions).toBe(1);
  });
});

describe("applying an arm", () => {
  it("publishes its words as a revision, keeps a draft's other edits, and is audited; a bad arm changes nothing", () => {
    const experiment = startExperiment(
      { page: "home", field: "hero.intro", variants: ["We test our own words, and yours."], goal: "contact" },
      owner,
    );
    const before = getDb().select().from(pageRevisions).where(eq(pageRevisions.pageKey, "home")).all().length;
    expect(() => stopExperiment(experiment.id, "z", owner)).toThrow(FieldError);
    expect(() => stopExperiment(experiment.id, "__proto__", owner)).toThrow(FieldError);
    expect(runningByPath().get("/")?.id).toBe(experiment.id);

    stopExperiment(experiment.id, "b", editor);
    const row = getDb().select().from(pageCopy).where(eq(pageCopy.key, "home")).get()!;
    expect((row.published.hero as { intro: string }).intro).toBe("We test our own words, and yours.");
    expect(getDb().select().from(pageRevisions).where(eq(pageRevisions.pageKey, "home")).all()).toHaveLength(
      before + 1,
    );
    expect(audits("experiment.applied")).toHaveLength(1);
    expect(audits("page.published").at(-1)?.subject).toContain("hero.intro");
    expect(
      getDb().select().from(experiments).where(eq(experiments.id, experiment.id)).get()?.appliedArm,
    ).toBe("b");
  });
});

describe("a service given a new address", () => {
  it("keeps its running experiment, shown at the new address at once, and its results", () => {
    redirectMovedPagesWith(redirectMovedPage);
    followMovedPageKeysWith(followMovedPage);
    const experiment = startExperiment(
      { page: "services/seo", field: "hero.headline", variants: ["Be found by the people who buy"] },
      owner,
    );
    countVisitorDay({ experimentId: experiment.id, day: "2026-04-01", visitor: "before-the-move", arm: "b" });
    flushVisitorDays();
    expect(runningByPath().get("/services/seo")?.id).toBe(experiment.id);

    readdressService("seo", "search-engine-optimisation", owner);
    expect(runningByPath().get("/services/seo")).toBeUndefined();
    expect(runningByPath().get("/services/search-engine-optimisation")).toMatchObject({
      id: experiment.id,
      pageKey: "services/search-engine-optimisation",
    });
    const moved = getDb().select().from(experiments).where(eq(experiments.id, experiment.id)).get()!;
    expect(resultsOf(moved).arms.find((arm) => arm.key === "b")!.visitors).toBe(1);
    // Applying it writes the words on the service at its new address.
    stopExperiment(experiment.id, "b", owner);
    const row = getDb()
      .select()
      .from(pageCopy)
      .where(eq(pageCopy.key, "services/search-engine-optimisation"))
      .get()!;
    expect((row.published.hero as { headline: string }).headline).toBe("Be found by the people who buy");
  });
});
