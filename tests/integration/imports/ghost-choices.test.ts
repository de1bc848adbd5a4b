// A Ghost export offers the owner the same choices as a WordPress one, through the same mechanism:
// where each old address without a page like it here goes (its pages, the lists of a tag no post keeps
// and of an author), and what each tag becomes (kept, renamed, merged; case duplicates merged already).
// Checked when sent, followed by the run. A post missing only a linked file is held as a draft.
import { createReadStream } from "node:fs";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { posts } from "#db/schema";
import { ChoiceError, sentByApi, type SentChoices } from "~/features/imports/import-choices";
import { ADDRESSES_OFFERED } from "~/features/imports/import-plan";
import {
  getImport,
  heldPostsOf,
  receiveExport,
  runImports,
  startImport,
} from "~/features/imports/imports.server";
import { resolveRedirect } from "~/features/redirects/index.server";
import { getDb } from "~/platform/db.server";

import { ghostExport, type GhostTables, oldSiteForFile } from "./old-site";

const oldSite = oldSiteForFile();

const MEMBERS_NOTES = "6650a1f2c3d4e5f601234568";
const PRICING = "6650a1f2c3d4e5f601234569";

const page = (slug: string, title: string, status = "published") => ({
  id: `page-${slug}`,
  title,
  slug,
  html: "<p>A page.</p>",
  type: "page",
  status,
  visibility: "public",
  published_at: "2023-01-01T08:00:00.000Z",
});

/**
 * The fixture with pages with and without a page like them here, a tag written twice ("Culture",
 * "culture"), tags no post keeps, prototype-named pages and tags, and a post linking to a PDF the old
 * site no longer has.
 */
function withChoicesToMake(tables: GhostTables) {
  tables.posts.push(
    page("our-story", "Our Story"),
    page("about-us", "About Us"),
    page("old-draft", "An old draft page", "draft"),
    page("__proto__", "Proto page"),
    {
      id: "price-list",
      title: "Price list",
      slug: "price-list",
      html: '<p>Our <a href="__GHOST_URL__/content/files/2024/05/prices.pdf">price list</a>.</p>',
      type: "post",
      status: "published",
      visibility: "public",
      published_at: "2024-05-01T08:00:00.000Z",
    },
  );
  tables.tags.push(
    { id: "t3", name: "culture", slug: "culture-2" },
    { id: "t4", name: "Old News", slug: "old-news" },
    { id: "t5", name: "__proto__", slug: "__proto__" },
    { id: "t6", name: "constructor", slug: "constructor" },
  );
  tables.posts_tags.push({ post_id: MEMBERS_NOTES, tag_id: "t3" }, { post_id: PRICING, tag_id: "t5" });
}

const preview = (edit: (tables: GhostTables) => void = withChoicesToMake) =>
  receiveExport(createReadStream(ghostExport("ghost-choices", edit)), "ghost.json", null, oldSite.url);

const post = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get()!;

describe("a Ghost export's choices", () => {
  it("are offered as a WordPress export's are: old pages, lists and authors, and tags merged across case", async () => {
    const { choices, problems, plan } = await preview();
    const froms = choices.addresses!.map((choice) => choice.from);
    expect(choices.addresses).toEqual(
      expect.arrayContaining([
        {
          from: "/our-story",
          title: "Our Story",
          closest: expect.stringMatching(/^\//),
          to: expect.any(String),
        },
        {
          from: "/__proto__",
          title: "Proto page",
          closest: expect.stringMatching(/^\//),
          to: expect.any(String),
        },
        { from: "/tag/old-news", title: expect.stringContaining("Old News"), closest: "/blog", to: "/blog" },
        {
          from: "/tag/constructor",
          title: expect.stringContaining("constructor"),
          closest: "/blog",
          to: "/blog",
        },
        { from: "/author/niamh", title: "Author: Niamh Byrne", closest: "/about", to: "/about" },
      ]),
    );
    for (const choice of choices.addresses!) expect(choice.to).toBe(choice.closest);
    // A page like one here, a page never published, a tag posts keep, Ghost's internal tags: no choice.
    for (const settled of ["/contact", "/about-us", "/old-draft", "/tag/culture", "/tag/hash-featured-home"])
      expect(froms).not.toContain(settled);
    expect(choices.tags).toEqual([
      { name: "Culture", uses: 2, to: "Culture" },
      { name: "__proto__", uses: 1, to: "__proto__" },
    ]);
    expect(plan.tags).toBe(2);
    expect(problems).toContain("tags “Culture”, “culture” differ only in case: merged as “Culture”");
  });

  it("refuse what cannot be followed, and leave the preview as it was", async () => {
    const { id, choices } = await preview();
    const refused: SentChoices[] = [
      // Not one of the export's addresses to place, or one with a page here already.
      { addresses: [["/never-there", "/contact"]], tags: [] },
      { addresses: [["/tag/culture", "/contact"]], tags: [] },
      { addresses: [["constructor", "/contact"]], tags: [] },
      { addresses: [["/our-story", "https://elsewhere.example/"]], tags: [] },
      // A chain: one old address to another.
      { addresses: [["/our-story", "/tag/old-news"]], tags: [] },
      // A tag no post keeps, or none at all.
      { addresses: [], tags: [["constructor", "x"]] },
      { addresses: [], tags: [["toString", "x"]] },
      // A circle.
      {
        addresses: [],
        tags: [
          ["Culture", "__proto__"],
          ["__proto__", "culture"],
        ],
      },
    ];
    for (const sent of refused)
      expect(() => startImport(id, { choices: sent }), JSON.stringify(sent)).toThrow(ChoiceError);
    for (const redirects of ["{", "[]", '{"/our-story": 3}'])
      expect(() => sentByApi({ redirects })).toThrow(ChoiceError);
    const row = getImport(id)!;
    expect(row.status).toBe("previewed");
    expect(row.choices).toEqual(choices);
  });

  it("are followed by the run, and a post missing only a linked file is held as a draft", async () => {
    const { id } = await preview();
    startImport(id, {
      choices: {
        addresses: [
          ["/our-story", "/contact"],
          ["/__proto__", "/"],
          ["/tag/old-news", "/work"],
          ["/author/niamh", ""],
        ],
        // Renamed, and merged into the renamed one; any case names the tag.
        tags: [
          ["culture", "Team life"],
          ["__proto__", "team LIFE"],
        ],
      },
    });
    await runImports(() => false);
    const done = getImport(id)!;
    expect(done.status).toBe("done");

    expect(resolveRedirect("/our-story")?.location).toBe("/contact");
    expect(resolveRedirect("/__proto__")?.location).toBe("/");
    expect(resolveRedirect("/tag/old-news")?.location).toBe("/work");
    expect(resolveRedirect("/tag/constructor")?.location).toBe("/blog");
    expect(resolveRedirect("/author/niamh")).toBeNull();
    expect(resolveRedirect("/about-us")?.location).toBe("/about");
    expect(resolveRedirect("/old-draft")).toBeNull();
    expect(done.problems).toContain(
      "page “Our Story” (/our-story) has no page like it here: its address goes to /contact (change it under Redirects)",
    );

    expect(post("team-day-on-the-quays").tags).toEqual(["Team life"]);
    expect(post("members-notes").tags).toEqual(["Team life"]);
    expect(post("pricing-explained").tags).toEqual(["Team life"]);
    for (const list of ["/tag/culture", "/tag/culture-2", "/tag/__proto__"])
      expect(resolveRedirect(list)?.location).toBe("/blog?tag=Team%20life");

    // A members-only post is a draft here: its old address waits for it, never a 301 to a 404.
    expect(post("members-notes").status).toBe("draft");
    expect(resolveRedirect("/members-notes")).toBeNull();
    getDb()
      .update(posts)
      .set({ status: "published", publishedAt: new Date("2024-04-01T08:00:00Z") })
      .where(eq(posts.slug, "members-notes"))
      .run();
    expect(resolveRedirect("/members-notes")?.location).toBe("/blog/members-notes");

    // The PDF is gone from the old site: the post waits as a draft, its link to the old address.
    const priceList = post("price-list");
    expect(priceList.status).toBe("draft");
    expect(priceList.content).toContain(`${oldSite.url}/content/files/2024/05/prices.pdf`);
    expect(done.problems).toContain("“Price list”: a file could not be fetched: kept as a draft");
    expect(done.counts).toMatchObject({ mediaFailed: 1 });
    expect(heldPostsOf(id).map((held) => [held.title, held.outcome])).toEqual([["Price list", "waiting"]]);
  });
});

describe("a hostile Ghost export's choices", () => {
  it("with 10,000 tags and 1,000 pages are offered and followed", async () => {
    const TAGS = 10_000;
    const PAGES = 1_000;
    const { id, choices } = await preview((tables) => {
      for (let i = 0; i < PAGES; i++) tables.posts.push(page(`old-page-${i}`, `Old page ${i}`));
      for (let i = 0; i < TAGS; i++) {
        tables.tags.push({ id: `bulk-${i}`, name: `Bulk ${i}`, slug: `bulk-${i}` });
        // Every other one on a post, the rest on none (their lists are old addresses to place).
        if (i % 2 === 0) tables.posts_tags.push({ post_id: PRICING, tag_id: `bulk-${i}` });
      }
    });
    expect(choices.tags).toHaveLength(TAGS / 2 + 1);
    expect(choices.addresses!.filter((choice) => choice.from.startsWith("/old-page-"))).toHaveLength(PAGES);
    // The lists no post keeps are offered up to the cap, the author first; past it, the blog.
    const lists = choices.addresses!.filter((choice) => /^\/(tag|author)\//.test(choice.from));
    expect(lists).toHaveLength(ADDRESSES_OFFERED);
    expect(lists[0]!.from).toBe("/author/niamh");
    // Every tag merged into the next, every old page to the contact page: checked, then followed.
    const tags = choices.tags!.filter((tag) => tag.name.startsWith("Bulk "));
    startImport(id, {
      choices: {
        addresses: [
          ...Array.from({ length: PAGES }, (_, i): [string, string] => [`/old-page-${i}`, "/contact"]),
          ["/tag/bulk-1", "/work"],
        ],
        tags: tags.slice(1).map((tag, i): [string, string] => [tag.name, tags[i]!.name]),
      },
    });
    expect(getImport(id)!.choices.tags!.filter((tag) => tag.to === "Bulk 0")).toHaveLength(TAGS / 2);
    await runImports(() => false);
    expect(getImport(id)!.status).toBe("done");
    expect(resolveRedirect("/old-page-999")?.location).toBe("/contact");
    expect(resolveRedirect("/tag/bulk-1")?.location).toBe("/work");
    expect(resolveRedirect("/tag/bulk-3")?.location).toBe("/blog");
    expect(resolveRedirect("/tag/bulk-9999")?.location).toBe("/blog");
    expect(resolveRedirect("/tag/bulk-9998")?.location).toBe("/blog?tag=Bulk%200");
  }, 60_000);
});
