import { expect, type Page, test } from "@playwright/test";
import type Database from "better-sqlite3";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

// Whatever an owner types or imports, no page scrolls sideways: a 300-character word, markup, right-to-
// left text, emoji and as many long tags as the editor takes (thirty), in every place a title, a name or
// a tag is shown, on a phone and on a laptop. An import brings more than the editor takes: the site
// holds 10,000 tags, all of them on one post, and no page lists them all. The rows are written straight
// into the writers' database (as an import or an old database would hold them, past the forms' rules)
// in one transaction, and taken out after.

const WIDTHS = [390, 1280] as const;
/** Distinct tags on the site, all of them on the first hostile post (the thirty long ones among them). */
const MANY_TAGS = 10_000;
/** A picture the site ships, standing in for two hostile people's candid photos. */
const CANDID = "/images/art/blog-local-seo-dublin-2026-checklist-1200x675/1200.jpg";
/** More links to a topic than any page may show: the blog's 48 topics and its cards' tags, with room. */
const TOPIC_LINKS_AT_MOST = 100;
/** The blog's filter: "All", its 48 most used topics and the one chosen further down. */
const TOPICS_IN_A_LIST_AT_MOST = 50;

function seedHostileSite(key: string) {
  const word = (length: number) =>
    `${key}${"Donaudampfschifffahrtsgesellschaft".repeat(12)}`.slice(0, length);
  const title = `${word(300)} <em>markup</em> مرحبا بالعالم שלום 🚀👩🏽‍💻`;
  const tags = Array.from({ length: 30 }, (_, i) => `${i}${word(59)}`);
  const many = [
    ...tags,
    ...Array.from(
      { length: MANY_TAGS - tags.length },
      (_, i) => `${key} topic ${String(i).padStart(4, "0")}`,
    ),
  ];
  const at = Date.UTC(2001, 0, 1);
  withDb((db) => {
    const post = db.prepare(
      `insert into posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at, published_at)
       values (?, ?, ?, ?, ?, ?, 'published', ?, ?, ?)`,
    );
    const tag = db.prepare("insert into post_tags (post_id, tag) values (?, ?)");
    db.transaction(() => {
      // Thirteen: a search for them has a second page (twelve a page), and each has related articles.
      for (let i = 0; i < 13; i++) {
        const own = i === 0 ? many : tags;
        post.run(
          `${key}-${i}`,
          title,
          `${key}-${i}`,
          `${word(300)} ${title}`,
          `<p>${word(300)}</p>`,
          JSON.stringify(own),
          at + i,
          at + i,
          at + i,
        );
        for (const name of own) tag.run(`${key}-${i}`, name);
      }
      db.prepare(
        `insert into case_studies (id, title, slug, client_name, excerpt, outcome, category, metrics, tags, credits, featured, status, position, published_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'published', -1, ?)`,
      ).run(
        key,
        title,
        key,
        word(300),
        title,
        word(300),
        word(100),
        JSON.stringify([{ value: word(40), label: title }]),
        JSON.stringify(tags),
        JSON.stringify(["Website Development"]),
        at,
      );
      addQuote(db, key, title, word(120));
      // Two of them with candid photos, so the about page shows "The team at work" with their names.
      const member = db.prepare(
        "insert into team_members (id, name, role, bio, team, candid_photo, status, position) values (?, ?, ?, ?, ?, ?, 'published', -1)",
      );
      member.run(key, word(120), word(120), title, word(80), CANDID);
      member.run(`${key}-at-work`, word(120), word(120), title, "", CANDID);
    })();
  });
  return { key, tag: tags[0]!, rareTag: many.at(-1)! };
}

function addQuote(db: Database.Database, id: string, quote: string, name: string) {
  db.prepare(
    "insert into testimonials (id, quote, name, role, company, featured, status, position) values (?, ?, ?, ?, ?, 1, 'published', -1)",
  ).run(id, quote, name, name, name);
}

function removeHostileSite(key: string) {
  withDb((db) =>
    db.transaction(() => {
      db.prepare("delete from posts where id like ?").run(`${key}-%`);
      db.prepare("delete from case_studies where id = ?").run(key);
      db.prepare("delete from testimonials where id like ?").run(`${key}%`);
      db.prepare("delete from team_members where id in (?, ?)").run(key, `${key}-at-work`);
    })(),
  );
}

/**
 * How far the page reaches past the window's right edge (0 or less: nothing to scroll sideways), and
 * when it does, the innermost element that reaches out, to name in the failure.
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const by = document.documentElement.scrollWidth - window.innerWidth;
    if (by <= 0) return { by: 0 };
    const out = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = out.filter(
      (element) => !out.some((other) => other !== element && element.contains(other)),
    );
    return { by, reaching: innermost.slice(0, 3).map((element) => element.outerHTML.slice(0, 160)) };
  });

/**
 * The most topics one list on the page shows (the post's, a card's, an admin row's, the blog's filter)
 * and the links to a topic in all: a post with 10,000 tags lists some, never all.
 */
const topicsShown = (page: Page) =>
  page.evaluate(() => {
    // What a person sees at this width: a phone's row holds every topic, a wider page folds some.
    const shown = (elements: NodeListOf<Element>) => [...elements].filter((e) => e.checkVisibility()).length;
    return {
      longestList: Math.max(
        0,
        ...[...document.querySelectorAll("[aria-label=Topics], [aria-label=Tags]")].map((list) =>
          shown(list.querySelectorAll("li")),
        ),
      ),
      links: shown(document.querySelectorAll("a[href*='tag=']")),
    };
  });

/**
 * Whether each row of the home page's quotes reaches from the list's left edge to its right. Seven
 * quotes once left one card alone, centred, on a last row of three.
 */
const quoteRows = (page: Page) =>
  page.getByRole("list", { name: "Client quotes" }).evaluate((list) => {
    const edge = list.getBoundingClientRect();
    const rows = new Map<number, DOMRect[]>();
    for (const item of list.children) {
      const box = item.getBoundingClientRect();
      rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
    }
    return [...rows.values()].map(
      (boxes) =>
        Math.abs(Math.min(...boxes.map((b) => b.left)) - edge.left) < 1 &&
        Math.abs(Math.max(...boxes.map((b) => b.right)) - edge.right) < 1,
    );
  });

for (const width of WIDTHS) {
  test(`hostile titles, names and tags scroll no page sideways at ${width} px @mutates`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const { key, tag, rareTag } = seedHostileSite(unique());
    try {
      const publicPages = [
        "/",
        "/services/website-development",
        "/work",
        `/work/${key}`,
        "/about",
        "/contact",
        "/blog",
        `/blog?q=${key}&page=2`,
        `/blog/${key}-0`,
        `/blog?tag=${encodeURIComponent(tag)}`,
        `/blog?tag=${encodeURIComponent(rareTag)}`,
        `/${key}${"x".repeat(300)}`,
      ];
      const wide: Record<string, { by: number; reaching?: string[] }> = {};
      const listed: Record<string, { longestList: number; links: number }> = {};
      for (const path of publicPages) {
        await open(page, path);
        wide[path] = await overflow(page);
        listed[path] = await topicsShown(page);
      }
      if (width === 1280) {
        // How many quotes the home page shows depends on what else the server holds (the result card
        // takes its study's quote out): one more when they would fill their rows of three exactly.
        const quotes = page.getByRole("list", { name: "Client quotes" }).getByRole("listitem");
        await open(page, "/");
        if ((await quotes.count()) % 3 === 0) {
          withDb((db) => addQuote(db, `${key}-quote`, "A quote that leaves a row short.", "A client"));
          await open(page, "/");
        }
        expect((await quotes.count()) % 3).not.toBe(0);
        const rows = await quoteRows(page);
        expect(rows.length).toBeGreaterThan(1);
        expect(rows).toEqual(rows.map(() => true));
      }
      // The hostile rows are on the pages checked (else the check proves nothing).
      await open(page, "/about");
      await expect(page.getByRole("heading", { name: "The team at work" })).toHaveCount(1);
      await open(page, `/blog/${key}-0`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(key);
      await expect(page.getByRole("heading", { name: "Related articles" })).toBeVisible();
      // The post names how many more topics it has; the rarest is still filtered to from the blog.
      await expect(page.getByText(`and ${(MANY_TAGS - 12).toLocaleString("en-IE")} more`)).toBeVisible();
      await open(page, `/blog?tag=${encodeURIComponent(rareTag)}`);
      await expect(page.getByRole("link", { name: new RegExp(`^${key}`) }).first()).toBeVisible();
      if (width === 390) {
        const menu = await page.getByRole("button", { name: /menu/i }).boundingBox();
        expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
      }
      await signIn(page, undefined, { at: "/admin/posts" });
      for (const path of [
        "/admin",
        "/admin/posts",
        "/admin/case-studies",
        "/admin/testimonials",
        "/admin/team",
        `/admin/posts?edit=${key}-0`,
      ]) {
        await open(page, path);
        wide[path] = await overflow(page);
        listed[path] = await topicsShown(page);
      }
      // The editor holds every tag the post has: the owner can reach and change each one.
      await expect(page.getByLabel("Tags (comma separated)")).toHaveValue(new RegExp(`${rareTag}$`));
      expect(wide).toEqual(Object.fromEntries(Object.keys(wide).map((path) => [path, { by: 0 }])));
      for (const [path, shown] of Object.entries(listed)) {
        expect
          .soft(shown.longestList, `${path}: topics in one list`)
          .toBeLessThanOrEqual(TOPICS_IN_A_LIST_AT_MOST);
        expect.soft(shown.links, `${path}: links to topics`).toBeLessThanOrEqual(TOPIC_LINKS_AT_MOST);
      }
    } finally {
      removeHostileSite(key);
    }
  });
}
