// An imported post keeps its old address's name when it is free here, else takes the first free
// "name-2", "name-3"…, however many posts of one name an export holds.
import { describe, expect, it } from "vitest";

import { type ImportedPost, importPost } from "~/features/posts/index.server";

const imported = (slug: string, title = "A Post"): ImportedPost => ({
  title,
  slug,
  excerpt: "",
  content: "<p>Moved in.</p>",
  // A cover of its own, so that no cover is drawn for each (the drawing is not what is tested here).
  coverImage: "/uploads/images/moved-in.jpg",
  coverAlt: "The old site's picture",
  tags: [],
  status: "draft",
  seoTitle: null,
  seoDescription: null,
  authorId: null,
  date: new Date("2019-03-01T10:00:00Z"),
});

describe("an imported post's address", () => {
  it("takes the first free name-n, filling a gap, and never a longer name's", () => {
    expect(importPost(imported("hello-world")).slug).toBe("hello-world");
    // Names that merely start with it are not its numbers.
    expect(importPost(imported("hello-world-tour")).slug).toBe("hello-world-tour");
    expect(importPost(imported("hello-world-3")).slug).toBe("hello-world-3");
    expect(importPost(imported("hello-world")).slug).toBe("hello-world-2");
    expect(importPost(imported("hello-world")).slug).toBe("hello-world-4");
    expect(importPost(imported("", "Hello World!")).slug).toBe("hello-world-5");
  });

  // The numbering: a thousand took 17.5 s of a core when each number was a query of its own.
  it("numbers two hundred posts of one name in turn", () => {
    const slugs = Array.from({ length: 200 }, () => importPost(imported("same")).slug);
    expect(slugs[0]).toBe("same");
    expect(slugs.at(-1)).toBe("same-200");
    expect(new Set(slugs).size).toBe(200);
  });
});
