// An excerpt left empty is made from the body, as WordPress and Ghost do, on the admin's form and the
// API alike: both parse with the schemas below and save through the same service.
import { describe, expect, it } from "vitest";

import { savePost } from "~/features/posts/posts.server";
import { PostApiSchema, PostFormSchema } from "~/features/posts/schemas";
import { FieldError } from "~/platform/http/errors.server";

const BODY =
  "<h2>Why <em>local</em> search matters</h2><p>Most people who look for a café, a dentist or a plumber " +
  "look near them, on a phone, and pick from the first three names the map shows. Being one of them " +
  "takes a complete profile, reviews and pages that name the area.</p>";

describe("an empty excerpt", () => {
  it("passes the form and the API, and is saved made from the body's first words", () => {
    const form = PostFormSchema.parse({ title: "Local search", excerpt: "", content: BODY });
    const api = PostApiSchema.parse({ title: "Local search, again", content: BODY });
    for (const values of [form, api]) {
      const post = savePost(undefined, { ...values, coverImage: null, videoUrl: null });
      expect(post.excerpt).toMatch(/^Why local search matters Most people who look for a café/);
      expect(post.excerpt).not.toContain("<");
      expect(post.excerpt.endsWith("…")).toBe(true);
      expect(Array.from(post.excerpt).length).toBeLessThanOrEqual(161);
    }
  });

  it("keeps the excerpt the writer gave", () => {
    const values = PostFormSchema.parse({ title: "Given", excerpt: "  My own words.  ", content: BODY });
    expect(savePost(undefined, { ...values, coverImage: null, videoUrl: null }).excerpt).toBe(
      "My own words.",
    );
  });

  it("is a field error, not an empty card, when the body has no words either", () => {
    const values = PostFormSchema.parse({ title: "Nothing yet", excerpt: "", content: "<p> </p>" });
    expect(() => savePost(undefined, { ...values, coverImage: null, videoUrl: null })).toThrow(FieldError);
  });
});
