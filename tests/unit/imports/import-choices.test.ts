// The owner's choices as sent (by the preview's form or the API): checked before an import runs.
import { describe, expect, it } from "vitest";

import {
  ADDRESSES_LISTED,
  ChoiceError,
  chooseTags,
  listedChoices,
  sentByApi,
  sentByForm,
  siteLocalPath,
  type TagChoice,
} from "~/features/imports/import-choices";

const offered = (...names: string[]): TagChoice[] => names.map((name) => ({ name, uses: 1, to: name }));

describe("tag choices", () => {
  it("take prototype names as tags like any other", () => {
    const chosen = chooseTags(offered("__proto__", "constructor", "toString"), [
      ["__proto__", "Prototypes"],
      ["CONSTRUCTOR", "toString"],
    ]);
    expect(chosen.map((tag) => [tag.name, tag.to])).toEqual([
      ["__proto__", "Prototypes"],
      ["constructor", "toString"],
      ["toString", "toString"],
    ]);
  });

  it("merge 10,000 tags into one", () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `bulk ${i}`);
    const chosen = chooseTags(
      offered(...names),
      names.slice(1).map((name) => [name, "Bulk 0"]),
    );
    expect(new Set(chosen.map((tag) => tag.to))).toEqual(new Set(["bulk 0"]));
  });
});

describe("choices sent", () => {
  it("by the API are JSON objects of strings, refused otherwise", () => {
    expect(sentByApi({ redirects: '{"/a":"/b","/c":null}', tags: '{"__proto__":"X"}' })).toEqual({
      addresses: [
        ["/a", "/b"],
        ["/c", null],
      ],
      tags: [["__proto__", "X"]],
    });
    for (const fields of [
      { redirects: "not json" },
      { redirects: "[]" },
      { redirects: '{"/a": 3}' },
      { tags: '{"a": null}' },
      { tags: "[".repeat(100_000) },
    ])
      expect(() => sentByApi(fields)).toThrow(ChoiceError);
  });

  it("by the form side by side, other tags one a line", () => {
    const form = new FormData();
    form.append("addressFrom", "/careers");
    form.append("addressTo", "");
    form.append("tagFrom", "SEO");
    form.append("tagTo", "");
    form.set("moreTags", "Web design → Design\r\n\r\nwp => WordPress");
    expect(sentByForm(form)).toEqual({
      addresses: [["/careers", ""]],
      tags: [
        ["SEO", ""],
        ["Web design", " Design"],
        ["wp", " WordPress"],
      ],
    });
    form.set("moreTags", "no arrow here");
    expect(() => sentByForm(form)).toThrow(ChoiceError);
  });

  it("by the form's box of other old addresses, one a line, “none” for no redirect", () => {
    const form = new FormData();
    form.set("moreAddresses", "/old-prices → /contact\n/tag/old-news => none\n/__proto__ → 404");
    expect(sentByForm(form).addresses).toEqual([
      ["/old-prices", "/contact"],
      ["/tag/old-news", ""],
      ["/__proto__", ""],
    ]);
    form.set("moreAddresses", "/old-prices /contact");
    expect(() => sentByForm(form)).toThrow(ChoiceError);
  });

  it("listed on the preview's page: the first of each kind one by one, and how many more", () => {
    const address = (from: string) => ({ from, title: from, closest: "/", to: "/" });
    const listed = listedChoices({
      addresses: [
        ...Array.from({ length: 1_000 }, (_, i) => address(`/old-page-${i}`)),
        ...Array.from({ length: 2_000 }, (_, i) => address(`/tag/tag-${i}`)),
        address("/author/niamh"),
      ],
      tags: offered(...Array.from({ length: 10_000 }, (_, i) => `Tag ${i}`)),
    });
    expect(listed.pages.listed).toHaveLength(ADDRESSES_LISTED);
    expect(listed.pages.more).toBe(1_000 - ADDRESSES_LISTED);
    expect(listed.lists.more).toBe(2_001 - ADDRESSES_LISTED);
    expect(listed.tags).toHaveLength(100);
    expect(listed.tagCount).toBe(10_000);
  });

  it("go only to paths on this site", () => {
    for (const path of ["/contact", "/blog?tag=SEO", "/#services"]) expect(siteLocalPath(path)).toBe(path);
    for (const path of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "contact",
      "/a b",
      "/\u2028",
    ])
      expect(siteLocalPath(path)).toBeNull();
  });
});

describe("a chain of merges", () => {
  it("of 10,000 tags, each into the next, ends at the last", () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `chain ${i}`);
    const chosen = chooseTags(
      offered(...names),
      names.slice(0, -1).map((name, i) => [name, names[i + 1]!]),
    );
    expect(new Set(chosen.map((tag) => tag.to))).toEqual(new Set(["chain 9999"]));
  });
});
