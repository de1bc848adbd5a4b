import { describe, expect, it } from "vitest";

import { checkPageCopy, kindOfKey, pageFormSpec, startingCopy } from "~/features/pages";

type Loose = Record<string, unknown>;

const copyOf = <T extends Loose>(key: string) =>
  structuredClone(startingCopy.find((page) => page.key === key)!.copy) as unknown as T;
const specOf = (key: string) => pageFormSpec(kindOfKey(key)!);
const gone = new Set(["/no-such-page", "/gone"]);
const checks = (key: string, copy: Loose) =>
  checkPageCopy(specOf(key), copy, { pageExists: (path) => !gone.has(path) });
const codes = (key: string, copy: Loose) =>
  checks(key, copy).map((problem) => `${problem.code}@${problem.field}`);

describe("checks on a page's words", () => {
  it("the search title and description: too long and too short fire, a good length clears", () => {
    const home = copyOf<Loose & { meta: Loose }>("home");
    home.meta = { title: "x".repeat(65), description: "Too short." };
    expect(codes("home", home)).toEqual([
      "search-title-long@meta.title",
      "search-description-short@meta.description",
    ]);
    home.meta = { title: "Northwall Digital: a marketing agency in Dublin", description: "y ".repeat(50) };
    expect(codes("home", home)).toEqual([]);
  });

  it("a button to a page the site does not answer, or with text that says nothing, fires on its target", () => {
    const home = copyOf<Loose & { meta: Loose; hero: { actions: Loose[] } }>("home");
    home.meta = { title: "Northwall Digital: a marketing agency in Dublin", description: "y ".repeat(50) };
    home.hero.actions = [{ label: "Click here", to: "/no-such-page" }];
    const found = checks("home", home);
    expect(found.map((problem) => `${problem.code}@${problem.field}`)).toEqual([
      "link-text-vague@hero.actions.0.to",
      "link-broken@hero.actions.0.to",
    ]);
    expect(found[0]!.where).toContain("Button 1");
    home.hero.actions = [
      { label: "Talk to us", to: "/contact" },
      { label: "See SEO", to: "#services" },
    ];
    expect(codes("home", home)).toEqual([]);
  });

  it("a legal body: H1, skipped heading, image without alt, vague and broken links, a long paragraph", () => {
    const privacy = copyOf<Loose & { sections: Loose[] }>("legal/privacy");
    const long = `<p>${"word ".repeat(160)}</p>`;
    privacy.sections = [
      {
        heading: "Who we are",
        body: `<h1>Big</h1><h4>Small</h4><img src="/a.png"><p><a href="/gone">here</a></p>${long}`,
      },
    ];
    const found = checks("legal/privacy", privacy);
    expect(found.map((problem) => problem.code)).toEqual([
      "heading-h1",
      "heading-skip",
      "image-no-alt",
      "link-text-vague",
      "link-broken",
      "paragraph-long",
      "readability-low",
    ]);
    expect(new Set(found.map((problem) => problem.field))).toEqual(new Set(["sections.0.body"]));
    expect(found[0]!.where).toMatch(/^Section 1 › /);
    privacy.sections = [
      {
        heading: "Who we are",
        body: '<h2>Us</h2><p>We are a small team. <a href="/contact">Write to us</a>.</p><img src="/a.png" alt="Our office">',
      },
    ];
    expect(codes("legal/privacy", privacy)).toEqual([]);
  });

  it("reading ease on a legal body fires when hard going and clears when plain", () => {
    const terms = copyOf<Loose & { sections: Loose[] }>("legal/terms");
    const hard =
      "Comprehensive multidisciplinary organisational transformation necessitates extraordinarily sophisticated institutional considerations. ";
    terms.sections = [{ heading: "Terms", body: `<p>${hard.repeat(12)}</p>` }];
    expect(codes("legal/terms", terms)).toContain("readability-low@sections.0.body");
    terms.sections = [
      { heading: "Terms", body: `<p>${"We help you grow. We are in Dublin. Call us. ".repeat(12)}</p>` },
    ];
    expect(codes("legal/terms", terms)).not.toContain("readability-low@sections.0.body");
  });

  it("the words a fresh site starts with pass, but for search descriptions longer than results show", () => {
    for (const page of startingCopy) {
      const kind = kindOfKey(page.key);
      if (!kind) continue;
      const found = checkPageCopy(pageFormSpec(kind), page.copy, { pageExists: () => true });
      expect(found.filter((problem) => problem.code !== "search-description-long")).toEqual([]);
    }
  });
});
