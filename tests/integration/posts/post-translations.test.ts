// Posts in other languages (the service): one translation a post and language linked to its source,
// its own address in its language, refused input that writes nothing, "outdated" once the source is
// edited, a changed address kept for a 301, and the languages setting refusing to drop a language
// posts are translated into.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { languageSettings, postTranslationOldSlugs, postTranslations } from "#db/schema";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { type PostDraft, savePost } from "~/features/posts/posts.server";
import {
  liveTranslations,
  movedTranslationSlug,
  postLanguagesInUse,
  savePostTranslation,
  translationAt,
  translationsOfPost,
} from "~/features/posts/translations/post-translations.server";
import { PostTranslationApiSchema } from "~/features/posts/translations/translation-schema";
import { contentChanged, getDb } from "~/platform/db.server";
import { ConflictError, FieldError } from "~/platform/http/errors.server";

const draft = (title: string, over: Partial<PostDraft> = {}): PostDraft => ({
  title,
  excerpt: "An English post.",
  content: "<p>Words in English.</p>",
  coverImage: null,
  videoUrl: null,
  tags: ["SEO"],
  status: "published",
  ...over,
});

const irish = (translationOf: string, over: Record<string, unknown> = {}) =>
  PostTranslationApiSchema.parse({
    lang: "ga",
    translationOf,
    title: "Alt as Gaeilge",
    content: "<p>Focail as Gaeilge.</p>",
    status: "published",
    ...over,
  });

const translationRows = () => getDb().select({ n: count() }).from(postTranslations).get()!.n;

beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga", "de"] })
    .run();
  contentChanged("site");
});

describe("a post's translation", () => {
  it("is linked to its source, lives at its own address and is listed only in its language", () => {
    const source = savePost(undefined, draft("Local SEO for Dublin shops"));
    const translation = savePostTranslation(undefined, irish(source.id, { slug: "seo-aitiuil" }));
    expect(translation).toMatchObject({ postId: source.id, lang: "ga", slug: "seo-aitiuil" });
    expect(translationAt("ga", "seo-aitiuil")?.source.id).toBe(source.id);
    expect(translationAt("de", "seo-aitiuil")).toBeUndefined();
    expect(liveTranslations("ga").map((row) => row.translation.id)).toContain(translation.id);
    expect(liveTranslations("de")).toHaveLength(0);
    expect(translationsOfPost(source)).toEqual([
      expect.objectContaining({ lang: "ga", state: "up to date" }),
    ]);
  });

  it("is outdated once its source is edited after it, and up to date again when saved anew", () => {
    const source = savePost(undefined, draft("Outdated after an edit"));
    const translation = savePostTranslation(undefined, irish(source.id, { title: "As dáta" }));
    expect(translationsOfPost(source)[0]!.state).toBe("up to date");
    // The source is edited a minute later.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60_000);
    const edited = savePost(source.id, draft("Outdated after an edit", { content: "<p>New words.</p>" }));
    vi.useRealTimers();
    expect(translationsOfPost(edited)[0]!.state).toBe("outdated");
    savePostTranslation(translation.id, irish(source.id, { title: "As dáta" }));
    expect(translationsOfPost(edited)[0]!.state).toBe("up to date");
  });

  it("keeps a live translation's old address for a 301 when its address changes", () => {
    const source = savePost(undefined, draft("An address that moves"));
    const translation = savePostTranslation(undefined, irish(source.id, { slug: "seoladh-sean" }));
    savePostTranslation(translation.id, irish(source.id, { slug: "seoladh-nua" }));
    expect(movedTranslationSlug("ga", "seoladh-sean")).toBe("seoladh-nua");
    expect(translationAt("ga", "seoladh-sean")).toBeUndefined();
  });

  it("is absent while its source is not published", () => {
    const source = savePost(undefined, draft("Only a draft", { status: "draft" }));
    savePostTranslation(undefined, irish(source.id, { slug: "dreacht-amhain" }));
    expect(translationAt("ga", "dreacht-amhain")).toBeUndefined();
    expect(translationAt("ga", "dreacht-amhain", { includeDrafts: true })).toBeDefined();
  });
});

describe("refused input changes nothing", () => {
  it.each([
    ["an unknown language", { lang: "xx" }, "lang", /Unknown language/],
    ["a prototype-named language", { lang: "__proto__" }, "lang", /Unknown language/],
    ["a language the site is not in", { lang: "fr" }, "lang", /not in French/],
    ["the default language", { lang: "en" }, "lang", /default language/],
    ["a missing source", { translationOf: "no-such-post" }, "translationOf", /No post/],
  ])("%s", (_name, over, field, message) => {
    const source = savePost(undefined, draft(`Refused: ${String(_name)}`));
    const before = translationRows();
    const attempt = () => savePostTranslation(undefined, irish(source.id, over));
    expect(attempt).toThrow(FieldError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as FieldError).field).toBe(field);
    }
    expect(translationRows()).toBe(before);
  });

  it("a translation of a translation", () => {
    const source = savePost(undefined, draft("Translated once"));
    const translation = savePostTranslation(undefined, irish(source.id, { slug: "aistrithe-uair" }));
    const before = translationRows();
    expect(() =>
      savePostTranslation(undefined, irish(translation.id, { lang: "de", slug: "zweimal" })),
    ).toThrow(/translation itself/);
    expect(translationRows()).toBe(before);
  });

  it("a second translation for the same language (409)", () => {
    const source = savePost(undefined, draft("Translated twice"));
    savePostTranslation(undefined, irish(source.id, { slug: "an-chead-cheann" }));
    const before = translationRows();
    expect(() => savePostTranslation(undefined, irish(source.id, { slug: "an-dara-ceann" }))).toThrow(
      ConflictError,
    );
    expect(translationRows()).toBe(before);
  });

  it("an address another post has in that language (409)", () => {
    const first = savePost(undefined, draft("First with the address"));
    const second = savePost(undefined, draft("Second wanting it"));
    savePostTranslation(undefined, irish(first.id, { slug: "seoladh-glactha" }));
    expect(() => savePostTranslation(undefined, irish(second.id, { slug: "seoladh-glactha" }))).toThrow(
      /address/,
    );
    expect(
      getDb().select().from(postTranslations).where(eq(postTranslations.postId, second.id)).all(),
    ).toEqual([]);
    expect(
      getDb()
        .select()
        .from(postTranslationOldSlugs)
        .all()
        .map((row) => row.oldSlug),
    ).not.toContain("seoladh-glactha");
  });
});

describe("the site's languages", () => {
  it("refuse to drop a language posts are translated into (409), changing nothing", () => {
    expect(postLanguagesInUse()).toContain("ga");
    expect(() => saveSiteLanguages({ default: "en", languages: ["en", "de"] })).toThrow(
      /Posts are translated into Irish/,
    );
    expect(getDb().select().from(languageSettings).get()?.languages).toEqual(["en", "ga", "de"]);
  });
});
