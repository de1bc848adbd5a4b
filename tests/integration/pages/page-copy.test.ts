// Every public page's words as content: seeded from the words the code showed, drafts checked whole
// before anything is written, publishing keeping the replaced copy, who may do what, the audit log.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, pageCopy, pageRevisions } from "#db/schema";
import { listCaseStudiesCrediting } from "~/features/case-studies/index.server";
import { legalPages } from "~/features/pages/content/legal";
import { services } from "~/features/pages/content/services";
import {
  getPage,
  listPageRevisions,
  listPages,
  listServices,
  PageCopyInvalid,
  publishedCopy,
  publishPage,
  savePageDraft,
  seedPageCopy,
} from "~/features/pages/copy/page-copy.server";
import { LEGAL_BODY_MAX, PAGE_KINDS } from "~/features/pages/copy/page-schemas";
import { startingCopy } from "~/features/pages/copy/starting-copy";
import { seedDatabase } from "~/features/seed/index.server";
import { createUser } from "~/features/staff/index.server";
import { getDb, pathVersion } from "~/platform/db.server";
import { ForbiddenError, NotFoundError } from "~/platform/http/errors.server";

/** Copy as a test changes it: any field, any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;

let owner: { id: string; role: "owner" };
let editor: { id: string; role: "editor" };
let contributor: { id: string; role: "contributor" };

beforeAll(async () => {
  seedDatabase(getDb());
  owner = { id: (await createUser("copy-owner", "a-long-enough-password")).id, role: "owner" };
  editor = {
    id: (await createUser("copy-editor", "a-long-enough-password", { role: "editor" })).id,
    role: "editor",
  };
  contributor = {
    id: (await createUser("copy-contributor", "a-long-enough-password", { role: "contributor" })).id,
    role: "contributor",
  };
});

const rowOf = (key: string) => getDb().select().from(pageCopy).where(eq(pageCopy.key, key)).get();
const homeWith = (change: (copy: Loose) => void) => {
  const copy = structuredClone(getPage("home", { staff: true }).published) as Loose;
  change(copy);
  return copy;
};
const issuesOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof PageCopyInvalid) return error.issues;
    throw error;
  }
  throw new Error("expected PageCopyInvalid");
};

describe("seeding", () => {
  it("gives every page a row of today's words, each valid against its schema", () => {
    expect(listPages().map((page) => page.key)).toEqual([
      "home",
      ...services.map((s) => `services/${s.slug}`),
      "about",
      "contact",
      "work",
      "blog",
      ...legalPages.map((p) => `legal/${p.slug}`),
      "not-found",
    ]);
    for (const { key, copy } of startingCopy) {
      const kind = key.includes("/") ? (key.startsWith("services/") ? "service" : "legal") : key;
      const parsed = PAGE_KINDS[kind as keyof typeof PAGE_KINDS].safeParse(copy);
      expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
      expect(rowOf(key)?.published, key).toEqual(copy);
    }
    expect(listServices().map((s) => s.title)).toEqual(services.map((s) => s.title));
    expect(publishedCopy("home", "home")?.hero.headline).toBe("Helping Businesses Grow,");
    expect(publishedCopy("legal", "legal/privacy")?.sections[0]?.body).toContain("<p>{legalName}");
  });

  it("never writes over the owner's copy on a later start, and fills a page that has no row", () => {
    getDb()
      .update(pageCopy)
      .set({ published: { edited: true } })
      .where(eq(pageCopy.key, "about"))
      .run();
    getDb().delete(pageCopy).where(eq(pageCopy.key, "not-found")).run();
    expect(seedPageCopy(getDb())).toBe(1);
    // The owner's words stay; only a field About gained since (the client logos' heading) is filled in.
    expect(rowOf("about")?.published).toEqual({
      edited: true,
      clients: { heading: "Trusted by businesses like" },
    });
    expect(rowOf("not-found")?.published).toEqual(startingCopy.find((p) => p.key === "not-found")!.copy);
    getDb()
      .update(pageCopy)
      .set({ published: startingCopy.find((p) => p.key === "about")!.copy })
      .where(eq(pageCopy.key, "about"))
      .run();
  });
});

describe("a draft", () => {
  it("is saved beside the published copy, which visitors still read", () => {
    const copy = homeWith((c) => (c.hero.headline = "<b>Bold</b> growth"));
    const saved = savePageDraft("home", copy, editor);
    expect(saved.state).toBe("draft waiting");
    expect(saved.draft).toMatchObject({ hero: { headline: "<b>Bold</b> growth" } });
    expect(publishedCopy("home", "home")?.hero.headline).toBe("Helping Businesses Grow,");
    expect(getPage("home", { staff: false })).not.toHaveProperty("draft");
  });

  it("is refused whole, naming each field, and nothing is written", () => {
    const before = rowOf("services/seo");
    const copy = structuredClone(before!.published) as Loose;
    copy.title = "x".repeat(61);
    copy.hero.intro = "   ";
    copy.sections[0].cards = [];
    copy.closing.actions[0].to = "javascript:alert(1)";
    copy.surprise = "unknown";
    const issues = issuesOf(() => savePageDraft("services/seo", copy, editor));
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(["title", "hero.intro", "sections.0.cards", "closing.actions.0.to"]),
    );
    expect(issues.some((issue) => issue.message.includes("surprise"))).toBe(true);
    expect(rowOf("services/seo")).toEqual(before);
  });

  it("refuses characters that change the direction of text, in a line or a paragraph", () => {
    const copy = homeWith((home) => {
      home.hero.headline = "Growth\u202e for Dublin";
      home.hero.intro = "We build websites\u2066 that sell.";
    });
    expect(issuesOf(() => savePageDraft("home", copy, editor))).toEqual([
      { path: "hero.headline", message: "Contains a character that changes the direction of text" },
      { path: "hero.intro", message: "Contains a character that changes the direction of text" },
    ]);
  });

  it("refuses prototype-named fields as unknown, and leaves Object's prototype alone", () => {
    const hostile = JSON.parse(
      JSON.stringify(homeWith(() => {})).replace("{", '{"__proto__":{"polluted":1},"constructor":{"x":1},'),
    );
    const issues = issuesOf(() => savePageDraft("home", hostile, editor));
    expect(issues[0]!.message).toMatch(/Unknown field: .*(__proto__|constructor)/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses unsafe markup in a legal page's rich text, naming the section, and sanitises what it keeps", () => {
    const legal = structuredClone(rowOf("legal/terms")!.published) as Loose;
    legal.sections[1].body = '<p>Hi<img src=x onerror="alert(1)"></p>';
    legal.sections[2].body = '<p><a href="java\tscript:alert(1)">x</a></p>';
    legal.sections[3].body = "<script>alert(1)</script><p>x</p>";
    // Nested past what any page's parser reads quickly (each level a tag inside the last).
    legal.sections[0].body = `${"<b>".repeat(201)}Deep`;
    expect(issuesOf(() => savePageDraft("legal/terms", legal, owner))).toEqual([
      {
        path: "sections.0.body",
        message: expect.stringMatching(/^Text has formatting nested more than 200 layers/),
      },
      { path: "sections.1.body", message: "Contains markup that is not allowed: onerror" },
      { path: "sections.2.body", message: "Contains markup that is not allowed: href" },
      { path: "sections.3.body", message: "Contains markup that is not allowed: <script>" },
    ]);
    expect(rowOf("legal/terms")?.draft).toBeNull();
    legal.sections[1].body = '<p>Read <a href="/privacy">our privacy policy</a>.</p><ul><li>One</li></ul>';
    legal.sections[2].body = "<p>Plain</p>";
    legal.sections[3].body = "<p>Plain</p>";
    legal.sections[0].body = "<p>Plain</p>";
    const saved = savePageDraft("legal/terms", legal, editor);
    expect((saved.draft as Loose).sections[1].body).toContain('<a href="/privacy"');
  });

  it("refuses a legal page whose sections hold more than a page's worth of text together", () => {
    const legal = structuredClone(rowOf("legal/cookies")!.published) as Loose;
    const body = `<p>${"We keep what you ask us to keep, and no more. ".repeat(400)}</p>`;
    legal.sections = Array.from({ length: 4 }, (_, index) => ({ heading: `Part ${index + 1}`, body }));
    expect(body.length).toBeLessThan(LEGAL_BODY_MAX);
    expect(issuesOf(() => savePageDraft("legal/cookies", legal, owner))).toEqual([
      { path: "sections", message: "The sections' text must be at most 60,000 characters in all" },
    ]);
    expect(rowOf("legal/cookies")?.draft).toBeNull();
    legal.sections = legal.sections.slice(0, 3);
    expect(savePageDraft("legal/cookies", legal, owner).state).toBe("draft waiting");
  });

  it("is refused for an unknown page and for contributors", () => {
    expect(() => savePageDraft("services/nope", {}, owner)).toThrow(NotFoundError);
    expect(() => savePageDraft("../etc", {}, owner)).toThrow(NotFoundError);
    expect(() =>
      savePageDraft(
        "home",
        homeWith(() => {}),
        contributor,
      ),
    ).toThrow(ForbiddenError);
  });
});

describe("publishing", () => {
  it("makes the draft what visitors read, keeps the old copy as a revision, audits it and empties only its pages", () => {
    const home = pathVersion("/");
    const about = pathVersion("/about");
    const sitemap = pathVersion("/sitemap.xml");
    const draft = homeWith((c) => (c.hero.headline = "Growth you can measure,"));
    savePageDraft("home", draft, editor);
    const published = publishPage("home", editor);
    expect(published.state).toBe("published");
    expect(publishedCopy("home", "home")?.hero.headline).toBe("Growth you can measure,");
    expect(rowOf("home")?.draft).toBeNull();
    expect(rowOf("home")?.publishedBy).toBe(editor.id);
    const [revision] = listPageRevisions("home");
    expect((revision!.copy as Loose).hero.headline).toBe("Helping Businesses Grow,");
    expect([pathVersion("/"), pathVersion("/about"), pathVersion("/sitemap.xml")]).toEqual([
      home + 1,
      about,
      sitemap + 1,
    ]);
    const entries = getDb().select().from(auditLog).all();
    expect(entries.map((e) => [e.action, e.subject])).toContainEqual([
      "page.published",
      "Page “Home” (home)",
    ]);
  });

  it("of a service changes the home grid's title too, and the case studies' credits follow it", () => {
    const crediting = listCaseStudiesCrediting("Search Engine Optimisation").map((study) => study.slug);
    expect(crediting.length).toBeGreaterThan(0);
    const seo = structuredClone(rowOf("services/seo")!.published) as Loose;
    seo.title = "Search Marketing";
    savePageDraft("services/seo", seo, owner);
    const before = pathVersion("/services/seo");
    publishPage("services/seo", owner);
    expect(pathVersion("/services/seo")).toBe(before + 1);
    expect(listServices().find((s) => s.slug === "seo")?.title).toBe("Search Marketing");
    // The service page's proof was lost: its studies still credited the old title.
    expect(listCaseStudiesCrediting("Search Marketing").map((study) => study.slug)).toEqual(crediting);
    expect(listCaseStudiesCrediting("Search Engine Optimisation")).toEqual([]);
  });

  it("of a legal page is the owner's alone; without a draft there is nothing to publish", () => {
    expect(() => publishPage("legal/terms", editor)).toThrow(ForbiddenError);
    expect(rowOf("legal/terms")?.draft).not.toBeNull();
    publishPage("legal/terms", owner);
    expect(() => publishPage("legal/terms", owner)).toThrow(/no draft/);
    expect(() => publishPage("about", contributor)).toThrow(ForbiddenError);
    expect(() => publishPage("nothing-here", owner)).toThrow(NotFoundError);
    expect(
      getDb().select().from(pageRevisions).where(eq(pageRevisions.pageKey, "legal/terms")).all(),
    ).toHaveLength(1);
  });
});
