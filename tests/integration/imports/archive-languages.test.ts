// The site archive carries the site in every language (its languages, pages', posts' and the agency's
// own words translated, the experiments) and every table of the schema is carried or left out on
// purpose. A crafted archive's translations are checked as the admin checks what it writes. Against
// the real services and a SQLite file.
import { createWriteStream, mkdirSync, writeFileSync } from "node:fs";
import { type Readable } from "node:stream";

import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import yazl from "yazl";

import * as schema from "#db/schema";
import {
  experimentDaily,
  experiments,
  languageSettings,
  pageTranslations,
  posts,
  postTranslationOldSlugs,
  postTranslations,
  previewLinks,
  siteItemTranslations,
  siteSettingsTranslations,
  testimonials,
} from "#db/schema";
import { CONTENT_NAMES, NOT_CARRIED, PERSONAL_NAMES } from "~/features/imports/archive/archive-rows.server";
import { restoreSiteArchive, writeSiteArchive } from "~/features/imports/site-archive.server";
import { readPublishedCopy, saveSiteLanguages, seedPageCopy } from "~/features/pages/index.server";
import { saveSettingsTranslation } from "~/features/site-content/index.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { inTestFolder } from "./old-site";

let files = 0;
const archivePath = () => inTestFolder(`archive-languages-${process.pid}-${++files}.zip`);

async function crafted(entries: Record<string, unknown>): Promise<string> {
  const zip = new yazl.ZipFile();
  const manifest = {
    format: "northwall-site-archive",
    version: 1,
    schema: "0000",
    site: "https://old.example",
    personal: false,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), "manifest.json");
  for (const [name, rows] of Object.entries(entries))
    zip.addBuffer(Buffer.from(JSON.stringify(rows)), `content/${name}.json`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  const file = archivePath();
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

const at = Date.UTC(2026, 5, 1);
const post = (id: string, slug: string) => ({
  id,
  title: `Post ${slug}`,
  slug,
  excerpt: "",
  content: "<p>English</p>",
  tags: "[]",
  status: "published",
  published_at: at,
  created_at: at,
  updated_at: at,
});
const translation = (id: string, postId: string, lang: string, slug: string, extra = {}) => ({
  id,
  post_id: postId,
  lang,
  title: `Alt ${slug}`,
  slug,
  excerpt: "",
  content: "<p>Gaeilge</p>",
  tags: "[]",
  status: "published",
  source_updated_at: at,
  published_at: at,
  created_at: at,
  updated_at: at,
  ...extra,
});

describe("the archive's tables", () => {
  it("names every table of the schema: carried, carried with personal data, or left out with a reason", () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table as SQLiteTable));
    const listed = [...CONTENT_NAMES, ...PERSONAL_NAMES, ...Object.keys(NOT_CARRIED)];
    const forgotten = tables.filter((name) => !listed.includes(name));
    expect(forgotten, "tables neither carried nor in NOT_CARRIED with a reason").toEqual([]);
    expect(
      listed.filter((name) => !tables.includes(name)),
      "listed tables the schema no longer has",
    ).toEqual([]);
    expect(new Set(listed).size, "a table listed twice").toBe(listed.length);
    for (const [name, why] of Object.entries(NOT_CARRIED)) expect(why.length, name).toBeGreaterThan(10);
  });
});

describe("a site in two languages, moved out and back in", () => {
  it("brings its languages, an Irish page, post and tagline, and an experiment's results; never its preview links", async () => {
    const db = getDb();
    mkdirSync(getEnv().UPLOADS_DIR, { recursive: true });
    seedPageCopy(db);
    saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    const home = readPublishedCopy("home") as { hero: { headline: string } };
    const irishHome = { ...home, hero: { ...home.hero, headline: "Fáilte" } };
    db.insert(pageTranslations)
      .values({
        pageKey: "home",
        lang: "ga",
        published: irishHome,
        publishedAt: new Date(at),
        sourcePublishedAt: new Date(at),
      })
      .run();
    db.insert(posts)
      .values({
        id: "p1",
        title: "Hello",
        slug: "hello",
        excerpt: "",
        content: "<p>Hi</p>",
        status: "published",
        publishedAt: new Date(at),
        checkProblems: 3,
      })
      .run();
    db.insert(postTranslations)
      .values({
        id: "t1",
        postId: "p1",
        lang: "ga",
        title: "Dia duit",
        slug: "dia-duit",
        excerpt: "",
        content: "<p>Dia duit</p>",
        status: "published",
        sourceUpdatedAt: new Date(at),
        publishedAt: new Date(at),
      })
      .run();
    db.insert(postTranslationOldSlugs).values({ lang: "ga", oldSlug: "haigh", translationId: "t1" }).run();
    saveSettingsTranslation("ga", {
      tagline: "Gníomhaireacht Bhaile Átha Cliath",
      autoReplySubject: "Go raibh maith agat",
      autoReplyBody: "Scríobhfaimid ar ais.",
    });
    db.insert(testimonials)
      .values({ id: "q1", quote: "They doubled our bookings.", name: "Aoife", role: "Owner" })
      .run();
    db.insert(siteItemTranslations)
      .values({
        kind: "testimonials",
        itemId: "q1",
        lang: "ga",
        words: { quote: "Dhúbail siad ár n-áirithintí.", role: "Úinéir" },
        sourceWords: { quote: "They doubled our bookings.", role: "Owner" },
      })
      .run();
    // A translation whose item is not in the archive is left out with a reason, not the whole import.
    db.insert(siteItemTranslations)
      .values({
        kind: "team",
        itemId: "nobody",
        lang: "ga",
        words: { role: "Duine" },
        sourceWords: { role: "Person" },
      })
      .run();
    const experiment = db
      .insert(experiments)
      .values({
        pageKey: "home",
        field: "hero.headline",
        arms: [
          { key: "control", text: "A" },
          { key: "b", text: "B" },
        ],
        goal: "enquiry",
        status: "stopped",
      })
      .returning()
      .get();
    db.insert(experimentDaily)
      .values({ experimentId: experiment.id, day: "2026-06-01", arm: "b", visitors: 40, conversions: 3 })
      .run();
    db.insert(previewLinks)
      .values({ kind: "post", target: "p1", tokenHash: "f".repeat(64), expiresAt: new Date(at + 86_400_000) })
      .run();

    const file = archivePath();
    const manifest = await writeSiteArchive(createWriteStream(file));
    expect(manifest.collections).toMatchObject({
      language_settings: 1,
      page_translations: 1,
      post_translations: 1,
      post_translation_old_slugs: 1,
      site_settings_translations: 1,
      site_item_translations: 2,
      experiments: 1,
      experiment_daily: 1,
    });
    expect(manifest.collections).not.toHaveProperty("preview_links");

    // A fresh site: none of it here.
    for (const table of [
      siteItemTranslations,
      testimonials,
      postTranslationOldSlugs,
      postTranslations,
      pageTranslations,
      siteSettingsTranslations,
      experimentDaily,
      experiments,
      previewLinks,
      posts,
      languageSettings,
    ])
      db.delete(table).run();

    const problems = new Set<string>();
    await restoreSiteArchive(file, problems);
    expect([...problems]).toEqual([
      "site item translations row left out: what it belongs to (in team members) is not in the archive",
    ]);
    expect(db.select().from(siteItemTranslations).all()).toMatchObject([
      {
        kind: "testimonials",
        itemId: "q1",
        lang: "ga",
        words: { quote: "Dhúbail siad ár n-áirithintí.", role: "Úinéir" },
      },
    ]);
    expect(siteLanguages()).toEqual({ default: "en", languages: ["en", "ga"] });
    const page = db.select().from(pageTranslations).get()!;
    expect((page.published as typeof home).hero.headline).toBe("Fáilte");
    expect(
      db
        .select()
        .from(postTranslations)
        .all()
        .map((row) => [row.slug, row.lang, row.postId]),
    ).toEqual([["dia-duit", "ga", "p1"]]);
    expect(db.select().from(postTranslationOldSlugs).all()).toEqual([
      { lang: "ga", oldSlug: "haigh", translationId: "t1" },
    ]);
    expect(db.select().from(siteSettingsTranslations).get()?.tagline).toBe(
      "Gníomhaireacht Bhaile Átha Cliath",
    );
    expect(db.select().from(experimentDaily).all()).toMatchObject([
      { arm: "b", visitors: 40, conversions: 3 },
    ]);
    expect(db.select().from(previewLinks).all()).toEqual([]);
    // The checks while writing are counted again here, not taken from the archive.
    expect(db.select().from(posts).get()?.checkProblems).toBeNull();
  });
});

describe("a crafted archive's translations", () => {
  it("leaves out what the admin would refuse and says so; a visitor's unknown language becomes none", async () => {
    const problems = new Set<string>();
    const counts = await restoreSiteArchive(
      await crafted({
        language_settings: [{ id: 1, default_language: "en", languages: '["en","ga"]', updated_at: at }],
        posts: [post("p1", "one"), post("p2", "two")],
        post_translations: [
          translation("t1", "p1", "ga", "a-haon", {
            content: '<p onclick="x()">Dia<script>alert(1)</script></p>',
          }),
          translation("t2", "p2", "de", "zwei"),
          translation("t3", "p2", "__proto__", "dha"),
          translation("t4", "p2", "ga", "../admin"),
        ],
        post_translation_old_slugs: [{ lang: "ga", old_slug: "<script>", translation_id: "t1" }],
        site_settings_translations: [
          {
            lang: "ga",
            tagline: "x".repeat(5000),
            auto_reply_subject: "S",
            auto_reply_body: "B",
            updated_at: at,
          },
          {
            lang: "fr",
            tagline: "Agence",
            auto_reply_subject: "Merci",
            auto_reply_body: "Merci, nous vous répondrons bientôt.",
            updated_at: at,
          },
        ],
        page_translations: [{ page_key: "home", lang: "ga", published: '{"hero":{}}' }],
        experiments: [
          {
            id: 7,
            page_key: "home",
            field: "hero.headline",
            arms: '[{"key":"control","text":"A"}]',
            goal: "enquiry",
            status: "stopped",
            started_at: at,
          },
          {
            id: 8,
            page_key: "home",
            field: "hero.headline",
            arms: '[{"key":"control","text":"A"},{"key":"b","text":"B","__proto__":{"x":1}}]',
            goal: "enquiry",
            status: "stopped",
            started_at: at,
          },
        ],
        // The refused experiment's day goes with it; the import goes on.
        experiment_daily: [
          { experiment_id: 7, day: "2026-06-01", arm: "b", visitors: 1, conversions: 0 },
          { experiment_id: 8, day: "2026-06-01", arm: "b", visitors: 2, conversions: 1 },
        ],
      }),
      problems,
    );
    const db = getDb();
    expect(db.select({ experimentId: experimentDaily.experimentId }).from(experimentDaily).all()).toEqual([
      { experimentId: 8 },
    ]);
    const kept = db.select().from(postTranslations).all();
    expect(kept.map((row) => row.slug)).toEqual(["a-haon"]);
    expect(kept[0]!.content).not.toMatch(/<script|onclick/);
    expect(db.select().from(postTranslationOldSlugs).all()).toEqual([]);
    expect(db.select().from(siteSettingsTranslations).all()).toEqual([]);
    expect(db.select().from(pageTranslations).all()).toEqual([]);
    expect(db.select({ id: experiments.id, arms: experiments.arms }).from(experiments).all()).toEqual([
      {
        id: 8,
        arms: [
          { key: "control", text: "A" },
          { key: "b", text: "B" },
        ],
      },
    ]);
    expect(counts.post_translations).toBe(1);
    const said = [...problems].join("\n");
    expect(said).toMatch(/post translations in de left out: the site is not in that language/);
    expect(said).toMatch(/post translations row 3 left out: its language is not one/);
    expect(said).toMatch(/post translations row 4 left out: its address/);
    expect(said).toMatch(/post translation old slugs row 1 left out/);
    expect(said).toMatch(/site settings translations row 1 left out: its words/);
    expect(said).toMatch(/site settings translations in fr left out: the site is not in that language/);
    expect(said).toMatch(/page translations row 1 left out: its words/);
    expect(said).toMatch(/experiments row 1 left out: its arms/);
    expect(said).toMatch(
      /experiment daily row left out: what it belongs to \(in experiments\) is not in the archive/,
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("refuses languages the product has no words for, or a default not among them, keeping the site's own", async () => {
    const before = siteLanguages();
    expect(before.languages).toContain("ga");
    const problems = new Set<string>();
    await restoreSiteArchive(
      await crafted({
        language_settings: [{ id: 1, default_language: "ga", languages: '["en","xx"]', updated_at: at }],
      }),
      problems,
    );
    expect([...problems].join("\n")).toMatch(/language settings row 1 left out: its languages/);
    // The archive's choice was refused: the site keeps its own, its translations reachable.
    expect(siteLanguages()).toEqual(before);
  });
});
