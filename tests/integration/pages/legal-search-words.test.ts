// Legal pages' own search title and description: stored, checked as every page's are, and what the head
// says; a legal page stored or sent as before (one `description`, no search title) is still taken.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { pageCopy } from "#db/schema";
import { legalPages, pageFormSpec } from "~/features/pages";
import { withAddedFields } from "~/features/pages/copy/added-fields";
import {
  checkStoredPage,
  countPageProblemsWith,
  getPage,
  PageCopyInvalid,
  savePageDraft,
  storedPageChecks,
} from "~/features/pages/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let owner: { id: string; role: "owner" };

beforeAll(async () => {
  countPageProblemsWith(storedPageChecks);
  seedDatabase(getDb());
  owner = { id: (await createUser("legal-meta-owner", "a-long-enough-password")).id, role: "owner" };
});

const privacy = () => structuredClone(getPage("legal/privacy", { staff: true }).published) as Loose;

/** A legal page's copy as sites stored it before it had search words of its own. */
const asBefore = (copy: Loose, description: string): Loose => {
  const { meta: _meta, ...rest } = copy;
  return { ...rest, description };
};

describe("a legal page's search words", () => {
  it("are a search title and description of its own, in its form as every page's are", () => {
    const copy = privacy();
    expect(copy.meta).toEqual({
      title: legalPages[0]!.searchTitle,
      description: legalPages[0]!.description,
    });
    expect(copy).not.toHaveProperty("description");
    expect(pageFormSpec("legal").fields.map((field) => field.key)).toContain("meta");
  });

  it("are checked for length, the problem naming the field", () => {
    const copy = privacy();
    copy.meta = { title: "Privacy", description: "x".repeat(180) };
    const problems = checkStoredPage({ key: "legal/privacy", published: copy });
    expect(problems.map(({ code, field }) => `${code}@${field}`)).toEqual([
      "search-title-short@meta.title",
      "search-description-long@meta.description",
    ]);
  });

  it("count in the page's stored problems when saved", () => {
    const copy = privacy();
    copy.meta = { ...copy.meta, title: "Privacy" };
    expect(savePageDraft("legal/privacy", copy, owner).problems).toBe(1);
    copy.meta = privacy().meta;
    expect(savePageDraft("legal/privacy", copy, owner).problems).toBe(0);
  });

  it("come from a row stored before: the starting words' own if unchanged, else its title and description", () => {
    const unchanged = asBefore(privacy(), "The terms for using the {name} website.");
    unchanged.title = "Terms of Service";
    expect((withAddedFields("legal", unchanged) as Loose).meta).toEqual({
      title: legalPages[1]!.searchTitle,
      description: legalPages[1]!.description,
    });
    const owners = asBefore(privacy(), "Our own words about privacy, as the owner wrote them.");
    owners.title = "Our privacy promise";
    const moved = withAddedFields("legal", owners) as Loose;
    expect(moved.meta).toEqual({
      title: "Our privacy promise",
      description: "Our own words about privacy, as the owner wrote them.",
    });
    expect(moved).not.toHaveProperty("description");
    expect(owners).toHaveProperty("description");
  });

  it("are read from a row stored before, and a save in the former shape is taken", () => {
    const before = asBefore(
      privacy(),
      "How {name} collects, uses and protects your personal data under the GDPR.",
    );
    getDb()
      .update(pageCopy)
      .set({ published: before, draft: null })
      .where(eq(pageCopy.key, "legal/privacy"))
      .run();
    expect((getPage("legal/privacy", { staff: true }).published as Loose).meta.title).toBe(
      legalPages[0]!.searchTitle,
    );
    const saved = savePageDraft(
      "legal/privacy",
      asBefore(privacy(), "A description the API sent as before."),
      owner,
    );
    expect((saved.draft as Loose).meta.description).toBe("A description the API sent as before.");
  });

  it("refuse a body with both a search description and the former one", () => {
    const both = { ...privacy(), description: "Twice." };
    expect(() => savePageDraft("legal/privacy", both, owner)).toThrow(PageCopyInvalid);
  });
});

describe("a legal page's body in the former shape, sent as an attack", () => {
  it("nested 10,000 deep is refused as a wrong field, not copied down to the last level", () => {
    // Copied whole as it moved into the new shape, a body nested 10,000 deep overflowed the stack: a 500.
    const deep = JSON.parse(`${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`) as Loose;
    expect(() => savePageDraft("legal/privacy", deep, owner)).toThrow(PageCopyInvalid);
    expect(() =>
      savePageDraft("legal/privacy", { ...asBefore(privacy(), "A description."), a: deep }, owner),
    ).toThrow(PageCopyInvalid);
  });
});
