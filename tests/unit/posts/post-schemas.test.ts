import { describe, expect, it } from "vitest";

import { autosaveSchema } from "~/features/editor";
import { PostApiSchema, PostFormSchema } from "~/features/posts/schemas";

const AutosaveSchema = autosaveSchema("post");

const post = { title: "T", excerpt: "E" };
const pathsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join(".")) ?? [];

describe("the post schemas' writing-studio fields", () => {
  it("accepts every new field, and turns empty ones into null", () => {
    const full = PostApiSchema.parse({
      ...post,
      slug: "my-post",
      coverAlt: " A chart of leads ",
      seoTitle: "Search title",
      seoDescription: "Search description",
      socialImage: "/uploads/images/card.webp",
      publishAt: "2026-07-01T09:00:00Z",
      status: "scheduled",
    });
    expect(full).toMatchObject({
      slug: "my-post",
      coverAlt: "A chart of leads",
      seoTitle: "Search title",
      socialImage: "/uploads/images/card.webp",
      status: "scheduled",
    });
    expect(full.publishAt?.toISOString()).toBe("2026-07-01T09:00:00.000Z");
    const empty = PostApiSchema.parse({
      ...post,
      slug: "",
      coverAlt: "",
      seoTitle: "",
      socialImage: "",
      publishAt: null,
    });
    expect(empty).toMatchObject({
      slug: null,
      coverAlt: null,
      seoTitle: null,
      socialImage: null,
      publishAt: null,
    });
  });

  it("reads the form's datetime-local as Dublin time", () => {
    const parsed = PostFormSchema.parse({ ...post, status: "scheduled", publishAt: "2026-07-01T10:00" });
    expect(parsed.publishAt?.toISOString()).toBe("2026-07-01T09:00:00.000Z");
  });

  it("names the field of each bad value", () => {
    const bad = PostApiSchema.safeParse({
      ...post,
      seoTitle: "x".repeat(71),
      seoDescription: "x".repeat(161),
      coverAlt: "two\nlines",
      socialImage: "https://evil.example/card.png",
      publishAt: "next Tuesday",
      status: "later",
    });
    expect(pathsOf(bad).sort()).toEqual(
      ["coverAlt", "publishAt", "seoDescription", "seoTitle", "socialImage", "status"].sort(),
    );
    expect(
      PostApiSchema.safeParse({ ...post, seoTitle: "x".repeat(70), seoDescription: "y".repeat(160) }).success,
    ).toBe(true);
  });
});

describe("the autosave schema", () => {
  it("takes strings under a post key, bounded", () => {
    expect(AutosaveSchema.safeParse({ postKey: "new", values: { title: "Half a ti" } }).success).toBe(true);
    expect(pathsOf(AutosaveSchema.safeParse({ postKey: "../x", values: {} }))).toEqual(["postKey"]);
    expect(pathsOf(AutosaveSchema.safeParse({ postKey: "new", values: { tags: ["a"] } }))).toEqual([
      "values.tags",
    ]);
    expect(pathsOf(AutosaveSchema.safeParse({ postKey: "new", values: "text" }))).toEqual(["values"]);
    expect(
      pathsOf(AutosaveSchema.safeParse({ postKey: "new", values: { content: "x".repeat(600_001) } })),
    ).toEqual(["values"]);
  });

  it("refuses field names asking for more list items than any form has: the editor would build them", () => {
    // The editor reads unsaved work back through the form library, which makes "content[99999999]" a
    // list of that length in the admin's own tab.
    for (const values of [
      { "content[99999999]": "x" },
      Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}[999]`, "x"])),
    ]) {
      const result = AutosaveSchema.safeParse({ postKey: "new", values });
      expect(pathsOf(result)).toEqual(["values"]);
      expect(result.error?.issues[0]?.message).toBe("values name more list items than any form has");
    }
    const gallery = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`gallery[${i}].url`, "/a.jpg"]));
    expect(autosaveSchema("case-study").safeParse({ caseStudyKey: "new", values: gallery }).success).toBe(
      true,
    );
  });
});
