// HTML nested deeper, or holding more tags, than any writing: the HTML parsers here take time in the
// square of the depth (125,000 unclosed tags held the site's thread for 15 s, nested lists for longer)
// and in the number of tags, so every post and case study body that is saved is refused past
// MAX_HTML_DEPTH or MAX_HTML_TAGS with its field named (legal pages: page-copy.test.ts; imports:
// hostile-exports.test.ts), and every reader of a body stored or imported without that check shows its
// words instead of parsing the tower.
import { beforeAll, describe, expect, it } from "vitest";

import { CaseStudySchema } from "~/features/case-studies";
import {
  CaseStudyTranslationSchema,
  saveCaseStudy,
  saveCaseStudyTranslation,
} from "~/features/case-studies/index.server";
import { saveSiteLanguages } from "~/features/pages/index.server";
import {
  type PostDraft,
  PostTranslationApiSchema,
  savePost,
  savePostTranslation,
} from "~/features/posts/index.server";
import { FieldError } from "~/platform/http/errors.server";
import { MAX_HTML_DEPTH, MAX_HTML_TAGS, nestsTooDeep, withinDepth } from "~/platform/text/html-limits";
import { htmlToText } from "~/platform/text/html-text";
import { addressesIn, imagesIn, sanitizePostHtml } from "~/platform/text/sanitize.server";

const tower = (depth: number, open = "<b>") => `${open.repeat(depth)}deep words`;
const tooDeep = tower(MAX_HTML_DEPTH + 1);

const draft = (content: string, title = "A tower of tags"): PostDraft => ({
  title,
  excerpt: "An excerpt.",
  content,
  coverImage: null,
  videoUrl: null,
  tags: [],
  status: "draft",
});

const study = (body: string, status = "draft") =>
  CaseStudySchema.parse({
    title: "A study",
    clientName: "A client",
    category: "Retail",
    excerpt: "A summary.",
    body,
    status,
  });

const fieldError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
};

beforeAll(() => {
  saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
});

describe("nestsTooDeep", () => {
  it("counts what a browser keeps open: implied ends, void elements and closed tags do not add up", () => {
    expect(nestsTooDeep(tower(MAX_HTML_DEPTH))).toBe(false);
    expect(nestsTooDeep(tooDeep)).toBe(true);
    expect(nestsTooDeep(tower(MAX_HTML_DEPTH, "<ul><li>"))).toBe(true);
    // Paragraphs and list items left unclosed, as hand-written and imported HTML leaves them.
    expect(nestsTooDeep("<p>a".repeat(5000))).toBe(false);
    expect(nestsTooDeep(`<ul>${"<li>item".repeat(5000)}</ul>`)).toBe(false);
    expect(nestsTooDeep("<br><img src=/x.jpg><hr>".repeat(5000))).toBe(false);
    expect(nestsTooDeep("<b>x</b>".repeat(50_000))).toBe(false);
  });
});

describe("a body saved", () => {
  it("is refused past the depth, its field named, for posts, case studies and both translations", () => {
    const post = fieldError(() => savePost(undefined, draft(tooDeep)));
    expect(post).toBeInstanceOf(FieldError);
    expect(post).toMatchObject({
      field: "content",
      message: expect.stringContaining("nested more than 200"),
    });
    expect(savePost(undefined, draft(tower(MAX_HTML_DEPTH))).content).toContain("deep words");
    // Flat, but more tags than any post: each save and first view parses them all several times.
    const flood = fieldError(() => savePost(undefined, draft(`<ul>${"<li>x".repeat(MAX_HTML_TAGS)}</ul>`)));
    expect(flood).toMatchObject({ field: "content", message: expect.stringContaining("over 10,000 tags") });
    const list = `<ul>${"<li>x</li>".repeat(MAX_HTML_TAGS / 2 - 1)}</ul>`;
    expect(savePost(undefined, draft(list, "A long list")).content).toContain("<li>x</li>");

    const caseStudy = fieldError(() => saveCaseStudy(undefined, study(tooDeep)));
    expect(caseStudy).toMatchObject({ field: "body", message: expect.stringMatching(/^The approach has/) });

    const source = savePost(undefined, { ...draft("<p>Words.</p>", "A source"), status: "published" });
    const postTranslation = fieldError(() =>
      savePostTranslation(
        undefined,
        PostTranslationApiSchema.parse({
          lang: "ga",
          translationOf: source.id,
          title: "Túr",
          content: tooDeep,
          status: "draft",
        }),
      ),
    );
    expect(postTranslation).toMatchObject({ field: "content" });

    const sourceStudy = saveCaseStudy(undefined, study("<p>Words.</p>", "published"));
    const studyTranslation = fieldError(() =>
      saveCaseStudyTranslation(
        undefined,
        CaseStudyTranslationSchema.parse({
          lang: "ga",
          translationOf: sourceStudy.id,
          title: "Túr",
          category: "Miondíol",
          body: tooDeep,
          status: "draft",
        }),
      ),
    );
    expect(studyTranslation).toMatchObject({ field: "body" });
  });
});

describe("a body stored or imported without the check", () => {
  it("shows its words, and its images and links are read, without parsing the tower", () => {
    const stored = `<p>Before</p>${tower(125_000, "<ul><li>")}<img src="/uploads/a.jpg" alt="A"><a href="/b">B</a>`;
    expect(withinDepth(stored)).not.toContain("<ul>");
    const shown = sanitizePostHtml(stored);
    expect(shown).not.toContain("<ul>");
    expect(shown).toContain("Before");
    expect(shown).toContain("deep words");
    expect(htmlToText(stored)).toMatch(/^Before deep words/);
    // The words come through; its images and links read as none (they are not shown either).
    expect(imagesIn(stored)).toEqual([]);
    expect(addressesIn(stored)).toEqual([]);
  });
});
