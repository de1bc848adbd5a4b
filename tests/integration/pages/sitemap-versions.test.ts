// The sitemap's alternates read every post's and case study's versions in one query a kind instead of
// two or three queries an address (5,000 posts and 5,000 studies: 5.3 s cold, the loop held all along).
// What it lists must not change: for a site mixing live, draft, deleted and untranslated items in
// three languages (and a translation into a language the site is not in), every address's versions
// read from the one query are those the finders give one at a time.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, caseStudyTranslations, languageSettings, posts, postTranslations } from "#db/schema";
import { CaseStudySchema } from "~/features/case-studies";
import {
  CaseStudyTranslationSchema,
  saveCaseStudy,
  saveCaseStudyTranslation,
} from "~/features/case-studies/index.server";
import { knownVersions, pageVersions } from "~/features/pages/copy/page-translations.server";
import { PostTranslationApiSchema, savePost, savePostTranslation } from "~/features/posts/index.server";
import { contentChanged, getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

/** Each item: its state, and its translations' (language and whether published). */
const MIX = [
  {
    status: "published",
    translations: [
      ["ga", true],
      ["de", true],
    ],
  },
  {
    status: "published",
    translations: [
      ["ga", true],
      ["de", false],
    ],
  },
  { status: "published", translations: [["ga", false]] },
  { status: "draft", translations: [["ga", true]] },
  { status: "published", translations: [] },
  { status: "published", translations: [["de", true]], deleted: true },
  { status: "published", translations: [["ga", true]], foreign: true },
] as const;

const paths = new Set(["/", "/ga", "/blog", "/ga/blog", "/de/blog", "/work", "/ga/work", "/about"]);
["/blog/nothing", "/ga/blog/nothing", "/work/nothing", "/de/work/nothing", "/ga/about"].forEach((path) =>
  paths.add(path),
);

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga", "de"] })
    .run();
  contentChanged("site");
  MIX.forEach(({ status, translations, ...item }, n) => {
    const post = savePost(undefined, {
      title: `Mixed post ${n}`,
      excerpt: "A post.",
      content: "<p>Words.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status,
    });
    const study = saveCaseStudy(
      undefined,
      CaseStudySchema.parse({
        title: `Mixed study ${n}`,
        slug: `mixed-study-${n}`,
        clientName: "A client",
        category: "Retail",
        excerpt: "A study.",
        body: "<p>How.</p>",
        status,
      }),
    );
    paths.add(`/blog/${post.slug}`).add(`/work/${study.slug}`);
    for (const [lang, published] of translations) {
      const words = savePostTranslation(
        undefined,
        PostTranslationApiSchema.parse({
          lang,
          translationOf: post.id,
          title: `Alt ${lang} ${n}`,
          content: "<p>Focail.</p>",
          status: published ? "published" : "draft",
        }),
      );
      const studyWords = saveCaseStudyTranslation(
        undefined,
        CaseStudyTranslationSchema.parse({
          lang,
          translationOf: study.id,
          title: `Staidéar ${lang} ${n}`,
          slug: `staidear-${lang}-${n}`,
          category: "Miondíol",
          body: "<p>Conas.</p>",
          status: published ? "published" : "draft",
        }),
      );
      paths.add(`/${lang}/blog/${words.slug}`).add(`/${lang}/work/${studyWords.slug}`);
      // The address under the other prefix too: no such translation there.
      paths.add(`/${lang === "ga" ? "de" : "ga"}/work/${studyWords.slug}`);
    }
    if ("deleted" in item) {
      getDb().update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id)).run();
      getDb().update(caseStudies).set({ deletedAt: new Date() }).where(eq(caseStudies.id, study.id)).run();
    }
    if ("foreign" in item) {
      // A translation into a language the site has since dropped.
      getDb().update(postTranslations).set({ lang: "fr" }).where(eq(postTranslations.postId, post.id)).run();
      getDb()
        .update(caseStudyTranslations)
        .set({ lang: "fr" })
        .where(eq(caseStudyTranslations.caseStudyId, study.id))
        .run();
    }
  });
  contentChanged("posts");
  contentChanged("case-studies");
});

describe("the sitemap's versions of every address", () => {
  it("are read in one query a kind, without a body", async () => {
    const read = await statementsRead(() => knownVersions());
    expect(read.filter((sql) => /"(posts|case_studies)"/.test(sql))).toHaveLength(2);
    expect(read.filter((sql) => /"(content|body|challenge|outcome)"/.test(sql))).toEqual([]);
  });

  it("are, for each address of a mixed site, what the finders give one address at a time", async () => {
    const known = await knownVersions();
    expect(paths.size).toBeGreaterThan(40);
    for (const path of paths) expect(pageVersions(path, known), path).toEqual(pageVersions(path));
    // Some addresses have several live versions, some only their own: the mix is a real one.
    const live = (path: string) => pageVersions(path, known).filter((version) => version.exists).length;
    expect([...paths].map(live)).toEqual(expect.arrayContaining([0, 1, 2, 3]));
  });

  it("are asked of the database once for the whole list, not per address", async () => {
    const known = await knownVersions();
    // Every live item's addresses (those a sitemap lists).
    const itemPaths = [...paths].filter((path) => known.has(path));
    expect(itemPaths.length).toBeGreaterThan(10);
    const read = await statementsRead(() => itemPaths.forEach((path) => pageVersions(path, known)));
    expect(
      read.filter((sql) => /"(posts|case_studies|post_translations|case_study_translations)"/.test(sql)),
    ).toEqual([]);
  });
});
