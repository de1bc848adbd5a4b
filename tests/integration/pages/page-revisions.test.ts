// A page's earlier published versions: listed newest first with who published them, compared part by
// part with today's copy, and restored as the draft (never published by itself), audited, and nothing
// written when the version, the page or the person is wrong.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, pageCopy, pageRevisions } from "#db/schema";
import { pageChanges } from "~/features/pages/copy/page-changes";
import {
  getPage,
  PAGE_REVISIONS_KEPT,
  publishPage,
  savePageDraft,
} from "~/features/pages/copy/page-copy.server";
import {
  asRestored,
  getPageRevision,
  listRevisionsOfPage,
  restorePageRevision,
} from "~/features/pages/copy/page-revisions.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb, pathVersion } from "~/platform/db.server";
import { ConflictError, ForbiddenError, NotFoundError } from "~/platform/http/errors.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let owner: { id: string; role: "owner" };
let contributor: { id: string; role: "contributor" };

beforeAll(async () => {
  seedDatabase(getDb());
  owner = {
    id: (await createUser("revisions-owner", "a-long-enough-password", { name: "Aoife Owner" })).id,
    role: "owner",
  };
  contributor = {
    id: (await createUser("revisions-writer", "a-long-enough-password", { role: "contributor" })).id,
    role: "contributor",
  };
});

const rowOf = (key: string) => getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get()!;
const restoredAudits = () =>
  getDb().select().from(auditLog).where(eq(auditLog.action, "page.revision-restored")).all();

/** Publishes the page `key` with its headline-like field changed by `change`. */
function publishWith(key: string, change: (copy: Loose) => void) {
  const copy = structuredClone(getPage(key, { staff: true }).published) as Loose;
  change(copy);
  savePageDraft(key, copy, owner);
  publishPage(key, owner);
}

describe("earlier versions", () => {
  it("lists each version a publish replaced, newest first, with who published it and when", () => {
    const before = listRevisionsOfPage("about").length;
    publishWith("about", (copy) => (copy.hero.headline = "First new headline"));
    publishWith("about", (copy) => (copy.hero.headline = "Second new headline"));
    const revisions = listRevisionsOfPage("about");
    expect(revisions).toHaveLength(before + 2);
    // The newest revision is the copy the second publish replaced: the first new headline, by the owner.
    expect((revisions[0]!.copy as Loose).hero.headline).toBe("First new headline");
    expect(revisions[0]!.publishedBy).toEqual({ id: owner.id, name: "Aoife Owner" });
    expect(revisions[0]!.publishedAt.getTime()).toBeGreaterThanOrEqual(revisions[1]!.publishedAt.getTime());
    // The oldest is the starting copy, which nobody published.
    expect(revisions.at(-1)!.publishedBy).toBeNull();
  });

  it("answers NotFoundError for an unknown page, and for a revision of another page or hostile ids", () => {
    publishWith("contact", (copy) => (copy.heading = "Talk to us"));
    const contactRevision = listRevisionsOfPage("contact")[0]!;
    expect(() => listRevisionsOfPage("services/no-such-service")).toThrow(NotFoundError);
    expect(() => listRevisionsOfPage("../home")).toThrow(NotFoundError);
    expect(() => getPageRevision("about", contactRevision.id)).toThrow(NotFoundError);
    for (const id of ["../", "__proto__", "constructor", "9".repeat(400), "", "' OR 1=1 --"])
      expect(() => getPageRevision("about", id), id).toThrow(NotFoundError);
    expect(getPageRevision("contact", contactRevision.id).id).toBe(contactRevision.id);
  });
});

describe("restoring a version", () => {
  it("makes it the page's draft, leaves what visitors read and the page cache alone, and audits it", () => {
    publishWith("home", (copy) => (copy.hero.headline = "Headline to bring back"));
    publishWith("home", (copy) => (copy.hero.headline = "Headline live now"));
    const version = listRevisionsOfPage("home")[0]!;
    const cacheBefore = pathVersion("/");
    const auditsBefore = restoredAudits().length;

    const page = restorePageRevision("home", version.id, owner);

    expect((page.draft as Loose).hero.headline).toBe("Headline to bring back");
    expect(page.state).toBe("draft waiting");
    const row = rowOf("home");
    expect((row.published as Loose).hero.headline).toBe("Headline live now");
    expect(row.draft).toEqual(version.copy);
    expect(row.draftSavedBy).toBe(owner.id);
    expect(pathVersion("/")).toBe(cacheBefore);
    const audits = restoredAudits();
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)!.subject).toContain("(home)");
    // The version itself is kept: restoring again is possible, and publishing the draft keeps today's.
    publishPage("home", owner);
    expect((rowOf("home").published as Loose).hero.headline).toBe("Headline to bring back");
    expect((listRevisionsOfPage("home")[0]!.copy as Loose).hero.headline).toBe("Headline live now");
  });

  it("writes nothing for a contributor, an unknown or another page's revision, or a hostile id", () => {
    publishWith("not-found", (copy) => (copy.heading = "Lost?"));
    const mine = listRevisionsOfPage("not-found")[0]!;
    const theirs = listRevisionsOfPage("about")[0]!;
    const draftBefore = rowOf("not-found").draft;
    const auditsBefore = restoredAudits().length;
    expect(() => restorePageRevision("not-found", mine.id, contributor)).toThrow(ForbiddenError);
    expect(() => restorePageRevision("not-found", theirs.id, owner)).toThrow(NotFoundError);
    expect(() => restorePageRevision("services/nothing", mine.id, owner)).toThrow(NotFoundError);
    for (const id of ["../", "__proto__", "1e309", "9".repeat(100)])
      expect(() => restorePageRevision("not-found", id, owner), id).toThrow(NotFoundError);
    expect(rowOf("not-found").draft).toEqual(draftBefore);
    expect(restoredAudits()).toHaveLength(auditsBefore);
  });

  it("refuses a version that no longer fits the page's fields, writing nothing", () => {
    const [stored] = getDb()
      .insert(pageRevisions)
      .values({
        pageKey: "contact",
        copy: { ...(rowOf("contact").published as Loose), heading: "", surprise: "<script>" },
        publishedAt: new Date(0),
      })
      .returning()
      .all();
    const before = rowOf("contact");
    const auditsBefore = restoredAudits().length;
    expect(() => restorePageRevision("contact", stored!.id, owner)).toThrow(ConflictError);
    expect(rowOf("contact")).toEqual(before);
    expect(restoredAudits()).toHaveLength(auditsBefore);
    getDb()
      .delete(pageRevisions)
      .where(and(eq(pageRevisions.id, stored!.id)))
      .run();
  });

  it("keeps today's words for a part the page gained after the version was live", () => {
    const today = structuredClone(rowOf("contact").published) as Loose;
    // A version from before the page had its "what happens next" part.
    const older: Loose = { ...today, heading: "Older heading" };
    delete older.nextSteps;
    const [stored] = getDb()
      .insert(pageRevisions)
      .values({ pageKey: "contact", copy: older, publishedAt: new Date(0) })
      .returning()
      .all();
    const page = restorePageRevision("contact", stored!.id, owner);
    expect((page.draft as Loose).heading).toBe("Older heading");
    expect((page.draft as Loose).nextSteps).toEqual(today.nextSteps);
  });

  it("treats a field named __proto__ as a field, never as the prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "heading": "x"}');
    const restored = asRestored(hostile, { heading: "y", intro: "z" }) as Loose;
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype);
    expect(({} as Loose).polluted).toBeUndefined();
    expect(Object.hasOwn(restored, "__proto__")).toBe(true);
    expect(restored.intro).toBe("z");
  });
});

describe("what restoring changes", () => {
  it("names each changed part in plain words, word by word from now to the version", () => {
    const now = rowOf("services/seo").published as Loose;
    const then = structuredClone(now);
    then.hero.headline = `${now.hero.headline} again`;
    then.sections[1].cards[0].title = "A different card";
    then.meta.description = "Another description";
    const changes = pageChanges("service", now, then);
    expect(changes.map((change) => change.label)).toEqual([
      "Search and sharing › Search description",
      "Top of the page › Headline",
      "Section 2 › Card 1 › Title",
    ]);
    expect(changes[1]!.parts.filter((part) => part.added).map((part) => part.text.trim())).toEqual(["again"]);
    expect(pageChanges("service", now, now)).toEqual([]);
  });

  it("compares a legal page's rich sections as their words, not their markup", () => {
    const now = rowOf("legal/privacy").published as Loose;
    const then = structuredClone(now);
    // The same words in other markup: no change to show. A new heading: one.
    then.sections[0].body = `<div>${now.sections[0].body}</div>`;
    then.sections[0].heading = "A heading of another time";
    expect(pageChanges("legal", now, then).map((change) => change.label)).toEqual(["Section 1 › Heading"]);
  });
});

describe("a page published again and again", () => {
  it("keeps its newest 50 earlier versions, as a post does, so its history stops growing", () => {
    const key = "not-found";
    for (let turn = 0; turn < PAGE_REVISIONS_KEPT + 5; turn++)
      publishWith(key, (copy) => (copy.heading = `Published ${turn}`));
    const kept = listRevisionsOfPage(key);
    expect(kept).toHaveLength(PAGE_REVISIONS_KEPT);
    // Newest first: the last publish replaced the words of the one before it.
    expect(kept[0]!.copy.heading).toBe(`Published ${PAGE_REVISIONS_KEPT + 3}`);
    expect(kept.at(-1)!.copy.heading).toBe("Published 4");
    const stored = getDb().select().from(pageRevisions).where(eq(pageRevisions.pageKey, key)).all();
    expect(stored).toHaveLength(PAGE_REVISIONS_KEPT);
  });
});
