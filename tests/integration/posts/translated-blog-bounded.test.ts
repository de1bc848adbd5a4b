// The blog in another language reads a page of translations, not all of them: it read every live
// translation and its source, bodies and all, for each list page, search, topic list, related articles
// and the sitemap. 5,000 Irish translations of 100 kB took an Irish post 6–12 s and 1 GB, the sitemap
// 46 s and 1.1 GB, and twenty readers at once stalled the server for 15 s.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { languageSettings, posts } from "#db/schema";
import { languageVersions, pageVersions } from "~/features/pages/index.server";
import {
  listPublishedPostAddresses,
  liveTranslationAddresses,
  postVersions,
  savePost,
  searchTranslatedPosts,
  translatedTopics,
} from "~/features/posts/index.server";
import {
  relatedLiveTranslations,
  savePostTranslation,
} from "~/features/posts/translations/post-translations.server";
import { PostTranslationApiSchema } from "~/features/posts/translations/translation-schema";
import { contentChanged, getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

const MADE = 14;
const sources: string[] = [];

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga"] })
    .run();
  contentChanged("site");
  for (let n = 0; n < MADE; n++) {
    const source = savePost(undefined, {
      title: `Source ${n}`,
      excerpt: "An English post.",
      content: "<p>Words.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "published",
    });
    sources.push(source.id);
    // A second apart: the newest-first order never depends on ids.
    getDb()
      .update(posts)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1) + n * 1000) })
      .where(eq(posts.id, source.id))
      .run();
    savePostTranslation(
      undefined,
      PostTranslationApiSchema.parse({
        lang: "ga",
        translationOf: source.id,
        title: n % 2 ? `Árachas ${n}` : `Alt ${n}`,
        content: "<p>Focail.</p>",
        tags: n % 3 ? ["Margaíocht", `ábhar-${n}`] : ["Sonraí"],
        // The last one stays a draft: never listed.
        status: n === MADE - 1 ? "draft" : "published",
      }),
    );
  }
});

/** Statements that read translations' bodies without a bound on how many. */
const unboundedBodies = (read: string[]) =>
  read.filter(
    (sql) =>
      /"post_translations"\."content"/.test(sql) &&
      !/\blimit\b/i.test(sql) &&
      !/"post_translations"\."id" in/.test(sql),
  );

describe("the blog in Irish", () => {
  it("lists a page of the live translations, newest first, with their number", async () => {
    let found: ReturnType<typeof searchTranslatedPosts> | undefined;
    const read = await statementsRead(() => (found = searchTranslatedPosts("ga", { page: 2, pageSize: 5 })));
    expect(unboundedBodies(read)).toEqual([]);
    expect(found!.total).toBe(MADE - 1);
    expect(found!.posts.map((post) => post.title)).toEqual(
      [7, 6, 5, 4, 3].map((n) => (n % 2 ? `Árachas ${n}` : `Alt ${n}`)),
    );
  });

  it("searches titles in the reader's case rules and filters by topic, a page at a time", async () => {
    let found: ReturnType<typeof searchTranslatedPosts> | undefined;
    const read = await statementsRead(
      () => (found = searchTranslatedPosts("ga", { q: "áRACHAS", page: 1, pageSize: 4 })),
    );
    expect(unboundedBodies(read)).toEqual([]);
    // 1, 3, …, 11 (13 is a draft)
    expect(found!.total).toBe(6);
    expect(found!.posts.map((post) => post.title)).toEqual([
      "Árachas 11",
      "Árachas 9",
      "Árachas 7",
      "Árachas 5",
    ]);
    const topic = searchTranslatedPosts("ga", { tag: "Sonraí", pageSize: 10 });
    expect(topic.posts.map((post) => post.title)).toEqual([
      "Alt 12",
      "Árachas 9",
      "Alt 6",
      "Árachas 3",
      "Alt 0",
    ]);
    expect(topic.total).toBe(5);
  });

  it("names its topics, most used first, from the tags alone", async () => {
    let topics: string[] = [];
    const read = await statementsRead(() => (topics = translatedTopics("ga")));
    expect(unboundedBodies(read)).toEqual([]);
    expect(topics.slice(0, 2)).toEqual(["Margaíocht", "Sonraí"]);
    expect(topics).toHaveLength(2 + 8);
  });

  it("relates an article to the newest others sharing a topic, three of them", async () => {
    const post = { id: sources[9]!, tags: ["Sonraí"] };
    let related: ReturnType<typeof relatedLiveTranslations> = [];
    const read = await statementsRead(() => (related = relatedLiveTranslations("ga", post, 3)));
    expect(unboundedBodies(read)).toEqual([]);
    expect(related.map(({ translation }) => translation.title)).toEqual(["Alt 12", "Alt 6", "Árachas 3"]);
    expect(relatedLiveTranslations("ga", { id: sources[0]!, tags: [] }, 3)).toEqual([]);
  });

  it("gives the sitemap and the 404's suggestions addresses without any body", async () => {
    let addresses: { slug: string }[] = [];
    const read = await statementsRead(() => {
      addresses = liveTranslationAddresses("ga");
      listPublishedPostAddresses();
    });
    expect(read.filter((sql) => /"content"/.test(sql))).toEqual([]);
    expect(addresses).toHaveLength(MADE - 1);
  });

  it("finds each article's versions in the other languages (hreflang, the sitemap) without its body", async () => {
    const english = listPublishedPostAddresses().find((post) => post.slug.startsWith("source-12"))!;
    let versions: ReturnType<typeof postVersions> = null;
    const read = await statementsRead(() => (versions = postVersions("ga", "/blog/alt-12")));
    expect(read.filter((sql) => /"content"/.test(sql))).toEqual([]);
    expect(versions).toEqual({ en: `/blog/${english.slug}`, ga: "/ga/blog/alt-12" });
    expect(postVersions("en", `/blog/${english.slug}`)).toEqual(versions);
  });

  it("gives the sitemap each article's versions without reading the homes' copy for each", async () => {
    const sitemapRead = await statementsRead(() => pageVersions("/ga/blog/alt-12"));
    expect(sitemapRead.filter((sql) => /"page_copy"|"page_translations"/.test(sql))).toEqual([]);
    const withHomes = languageVersions("/ga/blog/alt-12");
    expect(pageVersions("/ga/blog/alt-12")).toEqual(withHomes.map(({ home: _, ...version }) => version));
    expect(withHomes.map((version) => version.exists)).toEqual([true, true]);
  });
});
