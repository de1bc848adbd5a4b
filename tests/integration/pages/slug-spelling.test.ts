// A slug sent in another case finds its post, case study or service (the spelling the root middleware
// sends a request on to), through the real services and a real SQLite file.
import { describe, expect, it } from "vitest";

import { caseStudies, posts } from "#db/schema";
import { publicSlugSpelling } from "~/features/pages/slug-spelling.server";
import { getDb } from "~/platform/db.server";

const addPost = (slug: string, status: "published" | "draft" = "published") =>
  getDb().insert(posts).values({ title: slug, slug, excerpt: "", content: "", status }).run();

describe("a slug's own spelling", () => {
  it("finds a live post, case study or service whatever the case it was sent in", () => {
    addPost("some-post");
    getDb()
      .insert(caseStudies)
      .values({ title: "Harbour", slug: "harbour-coffee", excerpt: "", category: "Web", status: "published" })
      .run();
    expect(publicSlugSpelling("blog/:slug", "Some-Post")).toBe("some-post");
    expect(publicSlugSpelling("/blog/:slug", "SOME-POST")).toBe("some-post");
    expect(publicSlugSpelling("work/:slug", "Harbour-Coffee")).toBe("harbour-coffee");
    expect(publicSlugSpelling("services/:slug", "SEO")).toBe("seo");
    // Spelled as stored, or nothing like it: no other spelling.
    expect(publicSlugSpelling("blog/:slug", "some-post")).toBeUndefined();
    expect(publicSlugSpelling("blog/:slug", "Other-Post")).toBeUndefined();
    expect(publicSlugSpelling("services/:slug", "seo")).toBeUndefined();
    // Another route's parameter is none of these slugs.
    expect(publicSlugSpelling("admin/posts/:id", "Some-Post")).toBeUndefined();
  });

  it("never names a draft, and reads LIKE's wildcards and Unicode as the characters they are", () => {
    addPost("secret-draft", "draft");
    addPost("50%_off");
    addPost("über-uns");
    addPost("ünder");
    expect(publicSlugSpelling("blog/:slug", "Secret-Draft")).toBeUndefined();
    expect(publicSlugSpelling("blog/:slug", "50%_OFF")).toBe("50%_off");
    // "%" and "_" are not wildcards: "50abOFF" is no spelling of "50%_off".
    expect(publicSlugSpelling("blog/:slug", "50abOFF")).toBeUndefined();
    expect(publicSlugSpelling("blog/:slug", "%")).toBeUndefined();
    expect(publicSlugSpelling("blog/:slug", "Über-Uns")).toBe("über-uns");
    // A decomposed Ü (U and a combining mark) is the same letter.
    expect(publicSlugSpelling("blog/:slug", "U\u0308ber-uns")).toBe("über-uns");
    expect(publicSlugSpelling("blog/:slug", "ÜBER-UNS")).toBe("über-uns");
    for (const name of ["__proto__", "constructor", "toString", "", "/", ".."])
      expect([name, publicSlugSpelling("blog/:slug", name)]).toEqual([name, undefined]);
  });
});
