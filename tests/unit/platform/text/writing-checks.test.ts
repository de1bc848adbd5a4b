import { describe, expect, it } from "vitest";

import { bodyReadingEase, checkWriting, type WritingInput } from "~/platform/text/writing-checks";

/** Plain English that scores well: short sentences of short words. */
const plain = (sentences: number) =>
  Array.from(
    { length: sentences },
    (_, i) => `We fix the site ${i} times a week. It is quick and good.`,
  ).join(" ");

/** A post with none of the problems. */
const clean: WritingInput = {
  title: "How we doubled a Dublin bakery's online orders",
  summary:
    "A small bakery in Rathmines sold twice as much online after we rebuilt its shop and its local search pages.",
  html: `<h2>The start</h2><p>${plain(5)}</p><p>${plain(5)}</p><p><img src="/uploads/oven.jpg" alt="The bakery's oven at dawn"></p><h3>What we did</h3><p>See <a href="/services/seo">our search work</a>.</p>`,
  coverImage: "/uploads/cover.jpg",
  coverAlt: "Fresh loaves on a counter",
  lang: "en",
};

const codes = (input: WritingInput, context = {}) => checkWriting(input, context).map((p) => p.code);

describe("checks while writing", () => {
  it("finds nothing in a post written well", () => {
    expect(checkWriting(clean, { pageExists: () => true, duplicateTitle: false })).toEqual([]);
  });

  it("lists each kind of problem on a post written to have them, each with where it is", () => {
    const long = Array.from({ length: 170 }, () => "word").join(" ");
    const hard = Array.from(
      { length: 30 },
      () =>
        "Comprehensive organisational transformation necessitates considerable interdisciplinary collaboration, notwithstanding institutional inertia and bureaucratic complexity.",
    ).join(" ");
    const problems = checkWriting(
      {
        title: "Tips",
        summary: "",
        html: [
          `<h1>Big</h1>`,
          `<h2>Part</h2><h4>Skipped</h4>`,
          `<p><img src="/uploads/a.jpg"><img src="/uploads/IMG_2041.jpg" alt="IMG_2041.jpg"></p>`,
          `<p><a href="/services/seo">click here</a> and <a href="https://example.com/x">https://example.com/x</a></p>`,
          `<p>See <a href="/blog/no-such-post">the old post</a>.</p>`,
          `<p>${long}</p>`,
          `<p>${hard}</p>`,
        ].join(""),
        coverImage: "/uploads/c.jpg",
        coverAlt: "",
        lang: "en",
      },
      { pageExists: (path) => path !== "/blog/no-such-post", duplicateTitle: true },
    );
    expect(problems.map((p) => p.code)).toEqual([
      "title-duplicate",
      "summary-missing",
      "search-title-short",
      "cover-no-alt",
      "heading-h1",
      "heading-skip",
      "image-no-alt",
      "image-alt-file-name",
      "link-text-vague",
      "link-text-url",
      "link-broken",
      "paragraph-long",
      "paragraph-long",
      "readability-low",
    ]);
    for (const problem of problems) {
      expect(problem.message.length).toBeGreaterThan(10);
      expect(problem.where).toBeTruthy();
    }
    expect(problems.find((p) => p.code === "heading-skip")?.message).toContain("H2 to H4");
    expect(problems.find((p) => p.code === "link-broken")?.message).toContain("/blog/no-such-post");
    expect(problems.find((p) => p.code === "image-no-alt")?.where).toBe("Body, image 1 (a.jpg)");
  });

  it("clears each problem as it is fixed", () => {
    expect(
      codes({ ...clean, title: "A title far too long for any results page to show it whole, cut off" }),
    ).toEqual(["search-title-long"]);
    expect(codes({ ...clean, seoTitle: "Bakery orders doubled: how we did it for a Dublin shop" })).toEqual(
      [],
    );
    expect(codes({ ...clean, summary: "Too short." })).toEqual(["search-description-short"]);
    expect(codes({ ...clean, summary: "Too short.", seoDescription: "x".repeat(80) })).toEqual([]);
    expect(codes({ ...clean, seoDescription: "x".repeat(161) })).toEqual(["search-description-long"]);
    expect(codes({ ...clean, coverImage: null, socialImage: null })).toEqual(["social-image-missing"]);
    expect(codes({ ...clean, coverImage: null, socialImage: "/uploads/card.png" })).toEqual([]);
  });

  it("reads link text, headings and alt text the way people meet them", () => {
    const body = (html: string) => codes({ ...clean, html: `<p>${plain(5)}</p><p>${plain(5)}</p>${html}` });
    expect(body(`<p><a href="/about">Read more…</a></p>`)).toEqual(["link-text-vague"]);
    expect(body(`<p><a href="/about">Read more about the team</a></p>`)).toEqual([]);
    expect(body(`<p><a href="https://x.ie">www.x.ie</a></p>`)).toEqual(["link-text-url"]);
    expect(body(`<h3>Straight to three</h3>`)).toEqual(["heading-skip"]);
    expect(body(`<h2>Two</h2><h3>Three</h3><h2>Two again</h2><h3>Three again</h3>`)).toEqual([]);
    expect(body(`<img src="/uploads/x.png" alt="">`)).toEqual(["image-no-alt"]);
    expect(body(`<img src="/uploads/x.png" alt='photo-2.png'>`)).toEqual(["image-alt-file-name"]);
    expect(body(`<img src="/uploads/x.png" alt="A team photo at the office">`)).toEqual([]);
  });

  it("checks internal links only: other sites, mail and anchors are not looked up", () => {
    const asked: string[] = [];
    const pageExists = (path: string) => {
      asked.push(path);
      return false;
    };
    checkWriting(
      {
        ...clean,
        html: `<a href="https://other.ie/a">Other</a><a href="//evil/x">Evil</a><a href="mailto:a@b.ie">Mail us</a><a href="#top">Top</a><a href="/work/x?y=1#z">Our work</a>`,
      },
      { pageExists },
    );
    expect(asked).toEqual(["/work/x"]);
  });

  it("scores reading ease in English only, and not on a few words", () => {
    expect(bodyReadingEase(`<p>${plain(5)}</p><p>${plain(5)}</p>`)?.score).toBeGreaterThan(80);
    expect(bodyReadingEase(`<p>${plain(2)}</p>`)).toBeNull();
    expect(bodyReadingEase(`<p>${plain(5)}</p><p>${plain(5)}</p>`, "ga")).toBeNull();
  });

  it("lists at most 20 problems of a kind, and comes back on a hostile megabyte", () => {
    const many = `<p><a href="/x">here</a></p>`.repeat(5_000);
    expect(checkWriting({ ...clean, html: many }).filter((p) => p.code === "link-text-vague")).toHaveLength(
      20,
    );
    for (const hostile of [
      "<a".repeat(500_000),
      "<h2".repeat(300_000),
      `<img alt="${"x".repeat(1_000_000)}`,
      "<p>".repeat(300_000),
      "<h2>".repeat(200_000),
      `<a href='/${"a".repeat(900_000)}'>x</a>`,
      "&amp;".repeat(200_000),
      `<img src="/uploads/__proto__.png" alt="constructor">`,
    ]) {
      const problems = checkWriting({ ...clean, html: hostile }, { pageExists: () => false });
      expect(Array.isArray(problems)).toBe(true);
      expect(problems.length).toBeLessThanOrEqual(20 * 17);
    }
  });
});

describe("a cover the site drew itself", () => {
  it("asks for no description: the site describes its own artwork (an uploaded cover still needs one)", () => {
    const base = { title: "A post", html: "", summary: "A summary", coverAlt: "" };
    for (const drawn of ["/images/art/blog-x-1200x675/1200.jpg", "/uploads/art/blog-abc-1200x675/1200.jpg"])
      expect(checkWriting({ ...base, coverImage: drawn }).map((p) => p.code)).not.toContain("cover-no-alt");
    expect(checkWriting({ ...base, coverImage: "/uploads/c.jpg" }).map((p) => p.code)).toContain(
      "cover-no-alt",
    );
  });
});
