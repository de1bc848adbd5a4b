import { isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { pageCopy } from "#db/schema";
import { restorePageRevision } from "~/features/pages/copy/page-revisions.server";
import {
  addService,
  checkUncheckedPages,
  countPageProblemsWith,
  getPage,
  listPages,
  listRevisionsOfPage,
  publishFieldText,
  publishPage,
  savePageDraft,
  setServiceHidden,
  storedPageChecks,
} from "~/features/pages/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let owner: { id: string; role: "owner" };

const uncounted = () => getDb().select().from(pageCopy).where(isNull(pageCopy.checkProblems)).all().length;
/** The background count, run until it has no page left (as the `writing-checks` task does, in slices). */
const countInBackground = () => {
  for (let run = 0; run < 100 && checkUncheckedPages(); run++);
};
const problemsOf = (key: string) => getPage(key, { staff: true }).problems;
const homeWith = (meta: Loose, actions?: Loose[]) => {
  const home = structuredClone(getPage("home", { staff: true }).published) as Loose;
  return { ...home, meta: { ...home.meta, ...meta }, ...(actions && { hero: { ...home.hero, actions } }) };
};
const GOOD = {
  title: "Northwall Digital: a marketing agency in Dublin",
  description: "y ".repeat(50).trim(),
};
const BAD = { title: "x".repeat(65), description: "Too short." };

beforeAll(async () => {
  // As the start connects it: a page's count is of the checks beside its form.
  countPageProblemsWith(storedPageChecks);
  seedDatabase(getDb());
  owner = { id: (await createUser("count-owner", "a-long-enough-password")).id, role: "owner" };
});

describe("a page's count of problems", () => {
  it("is null for seeded pages until the background count, which finds none on a fresh site", () => {
    expect(uncounted()).toBe(listPages().length);
    expect(listPages().every((page) => page.problems === null)).toBe(true);
    countInBackground();
    expect(uncounted()).toBe(0);
    expect(
      listPages()
        .map((page) => [page.key, page.problems])
        .filter(([, n]) => n !== 0),
    ).toEqual([]);
  });

  it("is kept at each save of a draft (the draft's problems, not the published words')", () => {
    savePageDraft("home", homeWith(BAD), owner);
    expect(problemsOf("home")).toBe(2);
    savePageDraft("home", homeWith(GOOD), owner);
    expect(problemsOf("home")).toBe(0);
  });

  it("is kept at publish (the published words, with no draft left)", () => {
    savePageDraft("home", homeWith(BAD), owner);
    publishPage("home", owner);
    expect(getPage("home", { staff: true }).draft).toBeNull();
    expect(problemsOf("home")).toBe(2);
  });

  it("is kept at a restore of an earlier version as the draft", () => {
    savePageDraft("home", homeWith(GOOD), owner);
    publishPage("home", owner);
    expect(problemsOf("home")).toBe(0);
    const bad = listRevisionsOfPage("home").find(
      (revision) => (revision.copy as Loose).meta.title === BAD.title,
    )!;
    restorePageRevision("home", bad.id, owner);
    expect(problemsOf("home")).toBe(2);
    savePageDraft("home", homeWith(GOOD), owner);
    publishPage("home", owner);
  });

  it("is kept when one field is published alone", () => {
    getDb().transaction((tx) => publishFieldText(tx, "home", "meta.description", "Too short.", owner.id));
    expect(problemsOf("home")).toBe(1);
    getDb().transaction((tx) => publishFieldText(tx, "home", "meta.description", GOOD.description, owner.id));
    expect(problemsOf("home")).toBe(0);
  });

  it("is kept for a service added, and counted again everywhere when a linked service is hidden", () => {
    const slug = addService({ title: "Podcast Production", from: "seo" }, owner);
    // Its search title is its name, 18 characters: short for results.
    expect(problemsOf(`services/${slug}`)).toBe(1);
    savePageDraft("home", homeWith(GOOD, [{ label: "Our SEO work", to: "/services/seo" }]), owner);
    expect(problemsOf("home")).toBe(0);
    setServiceHidden("seo", true, owner);
    // Every page is marked, to be counted in the background: a link to the hidden page now leads nowhere.
    expect(problemsOf("home")).toBeNull();
    countInBackground();
    expect(problemsOf("home")).toBe(1);
    expect(uncounted()).toBe(0);
  });
});
