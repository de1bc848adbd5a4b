import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { CaseStudySchema } from "~/features/case-studies";
import { listCaseStudies, saveCaseStudy } from "~/features/case-studies/index.server";
import {
  getPage,
  listServices,
  publishPage,
  readPublishedCopy,
  savePageDraft,
  setServiceHidden,
} from "~/features/pages/index.server";
import { PostApiSchema } from "~/features/posts";
import {
  getPostById,
  getPostBySlug,
  listPublishedPosts,
  type PostDraft,
  savePost,
} from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { saveSiteSettings } from "~/features/site-content/index.server";
import { CARD_SIZE, renderSocialCard } from "~/features/social-cards/social-card.server";
import {
  drawMissingSocialCards,
  missingSocialCard,
  postCardSubject,
  serviceCardSubject,
  socialCardFor,
  studyCardSubject,
} from "~/features/social-cards/social-cards.server";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { tasksSettled } from "~/platform/tasks.server";
import { SOCIAL_IMAGE_NOT_RASTER } from "~/platform/text/schemas";

const cardsDir = () => path.join(path.resolve(getEnv().UPLOADS_DIR), "cards");
const cardFile = (url: string) => path.join(cardsDir(), path.basename(url));
const cards = () => (existsSync(cardsDir()) ? readdirSync(cardsDir()) : []);

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

// Two seeded studies, two posts and two services are enough to show every rule; each card more is a
// second of sharp.
beforeAll(() => {
  const db = getDb();
  seedDatabase(db);
  db.run(sql`delete from case_studies where id not in (select id from case_studies order by id limit 2)`);
  db.run(sql`delete from posts where id not in (select id from posts order by id limit 2)`);
  db.run(
    sql`delete from page_copy where key like 'services/%' and key not in ('services/seo', 'services/paid-ads-management')`,
  );
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reaches into JSON of any shape
type Loose = Record<string, any>;
const serviceSubject = (slug: string) =>
  serviceCardSubject(slug, readPublishedCopy(`services/${slug}`) as { title: string; summary: string });

const draft = (title: string, over: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt: "First words.",
  content: "<p>One</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["Local SEO", "Maps"],
  status: "published",
  ...over,
});

describe("the card renderer", () => {
  it("draws a 1200×630 JPEG (or PNG), with or without a cover, however long the title", async () => {
    const cover = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#6d28d9" },
    })
      .jpeg()
      .toBuffer();
    const input = { kind: "post" as const, title: "A title", topic: "SEO", siteName: "Northwall Digital" };
    const jpeg = await renderSocialCard({ ...input, cover });
    expect(isJpeg(jpeg)).toBe(true);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", ...CARD_SIZE });
    expect(jpeg.length).toBeLessThan(300 * 1024);

    const long = await renderSocialCard({ ...input, title: "Word ".repeat(40).trim() }, "png");
    expect(isPng(long)).toBe(true);
    expect(await sharp(long).metadata()).toMatchObject({ format: "png", ...CARD_SIZE });
  });

  it("draws no SVG cover into the card (it is left out, and the card is still drawn)", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const jpeg = await renderSocialCard({ kind: "post", title: "SVG", siteName: "N", cover: svg });
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", ...CARD_SIZE });
  });
});

describe("cards of posts and case studies", () => {
  it("is drawn when a post is published, named by what it shows, and kept while that is the same", async () => {
    const post = savePost(undefined, draft("Cards for every post"));
    await tasksSettled();
    // As stored once its cover artwork (drawn in the background too) is in.
    const card = socialCardFor(postCardSubject(getPostById(post.id)!))!;
    expect(card).toMatchObject({
      width: 1200,
      height: 630,
      type: "image/jpeg",
      alt: "Cards for every post — Local SEO, Northwall Digital",
    });
    expect(card.url).toMatch(/^\/uploads\/cards\/post-[0-9a-f-]{36}-[0-9a-f]{16}\.jpg$/);
    const file = cardFile(card.url);
    expect(isJpeg(readFileSync(file))).toBe(true);
    const drawnAt = readFileSync(file);

    // Saved again unchanged (a new excerpt is not on the card): the same card, not drawn again.
    const same = savePost(post.id, draft("Cards for every post", { excerpt: "Other words." }));
    await tasksSettled();
    expect(socialCardFor(postCardSubject(getPostById(same.id)!))!.url).toBe(card.url);
    expect(readFileSync(file).equals(drawnAt)).toBe(true);

    // A new title: a new address (the networks fetch it again), the earlier card removed.
    const renamed = savePost(post.id, draft("Cards for every post, renamed"));
    await tasksSettled();
    const next = socialCardFor(postCardSubject(getPostById(renamed.id)!))!;
    expect(next.url).not.toBe(card.url);
    expect(existsSync(cardFile(next.url))).toBe(true);
    expect(existsSync(file)).toBe(false);
    // The earlier address still leads somewhere: to the current card.
    expect(await missingSocialCard(path.basename(card.url))).toEqual({ redirect: next.url, status: 301 });
  });

  it("asked for while the post changes again, leads to the card it shows now, never to a removed file", async () => {
    const post = savePost(undefined, draft("Cards asked for mid-change"));
    await tasksSettled();
    savePost(post.id, draft("Cards asked for mid-change, second"));
    const second = socialCardFor(postCardSubject(getPostById(post.id)!))!;
    // A crawler asks for the second card before it is drawn; while it is drawn, the title changes again.
    const asked = missingSocialCard(path.basename(second.url));
    savePost(post.id, draft("Cards asked for mid-change, third"));
    const third = socialCardFor(postCardSubject(getPostById(post.id)!))!;
    const found = await asked;
    if ("file" in found!) expect(existsSync(found.file), found.file).toBe(true);
    else expect(found).toEqual({ redirect: third.url, status: 301 });
    await tasksSettled();
  });

  it("draws no card for a draft", async () => {
    const post = savePost(undefined, draft("A draft without a card", { status: "draft" }));
    await tasksSettled();
    expect(cards().some((name) => name.includes(post.id))).toBe(false);
    expect(await missingSocialCard(path.basename(socialCardFor(postCardSubject(post))!.url))).toBeNull();
  });

  it("draws a case study's card when it is saved, with its cover from the site's own artwork", async () => {
    const study = listCaseStudies()[0]!;
    const saved = saveCaseStudy(
      study.id,
      CaseStudySchema.parse({ ...study, slug: study.slug, title: `${study.title} (again)` }),
    );
    await tasksSettled();
    const card = socialCardFor(studyCardSubject(listCaseStudies().find((p) => p.id === saved.id)!))!;
    expect(card.alt).toBe(`${saved.title} — ${saved.category}, Northwall Digital`);
    const meta = await sharp(cardFile(card.url)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", ...CARD_SIZE });
  });

  // Every live post's and study's card drawn twice: kept to a few rows above.
  it("draws the missing ones at start-up, again on demand, and new ones when the agency is renamed", async () => {
    // Covers drawn for the posts saved above change what their cards show: wait for them and theirs.
    await tasksSettled();
    await tasksSettled();
    const { failed } = await drawMissingSocialCards();
    expect(failed).toBe(0);
    const live = [
      ...listPublishedPosts().map((post) => postCardSubject(post)),
      ...listCaseStudies().map((study) => studyCardSubject(study)),
      ...listServices().map((service) => serviceCardSubject(service.slug, service)),
    ];
    const names = live.map((s) => path.basename(socialCardFor(s)!.url));
    expect(cards().sort()).toEqual([...names].sort());

    // A restored volume without its cards: the one asked for is drawn then.
    rmSync(cardsDir(), { recursive: true });
    const found = await missingSocialCard(names[0]!);
    expect(found).toEqual({ file: path.join(cardsDir(), names[0]!) });
    expect(isJpeg(readFileSync(path.join(cardsDir(), names[0]!)))).toBe(true);

    const settings = getSiteSettings();
    saveSiteSettings({ ...settings, name: "Northwall Studio" });
    await tasksSettled();
    const post = getPostBySlug(listPublishedPosts()[0]!.slug)!;
    const card = socialCardFor(postCardSubject(post))!;
    expect(card.alt).toMatch(/, Northwall Studio$/);
    expect(existsSync(cardFile(card.url))).toBe(true);
    saveSiteSettings(settings);
    await tasksSettled();
  }, 180_000);
});

describe("a service's card", () => {
  const publishService = async (slug: string, change: (copy: Loose) => void) => {
    const owner = {
      id: (await createUser(`cards-${slug}-${Date.now()}`, "a-long-enough-password")).id,
      role: "owner" as const,
    };
    const copy = structuredClone(getPage(`services/${slug}`, { staff: true }).published) as Loose;
    change(copy);
    savePageDraft(`services/${slug}`, copy, owner);
    publishPage(`services/${slug}`, owner);
    await tasksSettled();
    return owner;
  };

  it("is drawn anew when the service's words are published, named by its address and what it shows", async () => {
    // Another service whose address begins with this one's: its card is never taken for this one's.
    const neighbour = "service-seo-audit-0123456789abcdef.jpg";
    await publishService("seo", (copy) => (copy.summary = "Rankings that last, for {name}'s clients."));
    const first = socialCardFor(serviceSubject("seo"))!;
    expect(first.url).toMatch(/^\/uploads\/cards\/service-seo-[0-9a-f]{16}\.jpg$/);
    expect(first.alt).toBe("Search Engine Optimisation — a service of Northwall Digital");
    expect(serviceSubject("seo").summary).toBe("Rankings that last, for Northwall Digital's clients.");
    expect(await sharp(cardFile(first.url)).metadata()).toMatchObject({ format: "jpeg", ...CARD_SIZE });
    writeFileSync(path.join(cardsDir(), neighbour), readFileSync(cardFile(first.url)));

    // Markup, an emoji and the longest words the page takes: drawn, as text.
    const owner = await publishService("seo", (copy) => {
      copy.title = "<b>SEO</b> 🚀 ".padEnd(60, "x");
      copy.summary = "Words ".repeat(40).slice(0, 200);
    });
    const next = socialCardFor(serviceSubject("seo"))!;
    expect(next.url).not.toBe(first.url);
    expect(await sharp(cardFile(next.url)).metadata()).toMatchObject({ format: "jpeg", ...CARD_SIZE });
    expect(existsSync(cardFile(first.url))).toBe(false);
    expect(existsSync(path.join(cardsDir(), neighbour))).toBe(true);
    expect(await missingSocialCard(path.basename(first.url))).toEqual({ redirect: next.url, status: 301 });
    rmSync(path.join(cardsDir(), neighbour));

    // Hidden, it has no card to give; shown again, its card is there.
    setServiceHidden("seo", true, owner);
    expect(await missingSocialCard(path.basename(next.url))).toBeNull();
    setServiceHidden("seo", false, owner);
    await tasksSettled();
    expect(existsSync(cardFile(next.url))).toBe(true);
  }, 60_000);

  it("answers nothing for a name that is not a card's", async () => {
    for (const name of [
      "service-constructor-0123456789abcdef.jpg",
      "service-__proto__-0123456789abcdef.jpg",
      "service-SEO-0123456789abcdef.jpg",
      "service-..-0123456789abcdef.jpg",
      "service-seo%2f..-0123456789abcdef.jpg",
      "service--0123456789abcdef.jpg",
      "service-seo-0123456789abcdef.png",
      "service-seo.jpg",
    ])
      expect(await missingSocialCard(name), name).toBeNull();
  });
});

describe("an author's own social image", () => {
  const api = (socialImage: string) =>
    PostApiSchema.safeParse({ title: "T", excerpt: "E", tags: [], socialImage });

  it("is refused as an SVG, with a message saying why", () => {
    for (const url of [
      "/uploads/images/card.svg",
      "/images/brand/logo.SVG",
      "/uploads/images/card.svg?v=2",
    ]) {
      const parsed = api(url);
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues).toEqual([
        expect.objectContaining({ path: ["socialImage"], message: SOCIAL_IMAGE_NOT_RASTER }),
      ]);
    }
  });

  it("is accepted as a JPEG, PNG or WebP", () => {
    for (const url of ["/uploads/images/a-1600x900/1600.jpg", "/images/og.png", "/uploads/images/card.webp"])
      expect(api(url).success).toBe(true);
  });
});
