// The staff's GET /api/blog?lang=ga reads one page of translations, not every translation and its source
// with their bodies (up to 500 KB each) to keep a page of 50: a few hundred long posts would otherwise
// hold hundreds of MB per request, and a handful at once could take the server's memory.
import { beforeAll, expect, it } from "vitest";

import { languageSettings } from "#db/schema";
import { savePost } from "~/features/posts/posts.server";
import { translationsAnswer } from "~/features/posts/translations/api-translations.server";
import { savePostTranslation } from "~/features/posts/translations/post-translations.server";
import { PostTranslationApiSchema } from "~/features/posts/translations/translation-schema";
import { contentChanged, getDb } from "~/platform/db.server";

import { statementsRead } from "../../setup/statements-read";

const made: string[] = [];
beforeAll(() => {
  getDb()
    .insert(languageSettings)
    .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga"] })
    .run();
  contentChanged("site");
  for (let n = 0; n < 12; n++) {
    const source = savePost(undefined, {
      title: `Source ${n}`,
      excerpt: "An English post.",
      content: "<p>Words.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "published",
    });
    const translation = savePostTranslation(
      undefined,
      PostTranslationApiSchema.parse({
        lang: "ga",
        translationOf: source.id,
        title: `Alt ${n}`,
        content: "<p>Focail.</p>",
        status: n % 3 ? "published" : "draft",
      }),
    );
    made.unshift(translation.id);
  }
});

const staffPage = (query: { page: number; limit: number; status?: string }) =>
  translationsAnswer(new Request("http://x/api/blog"), { ...query, lang: "ga" }, true, (total) => ({
    "X-Total-Count": String(total),
  }));

it("answers the asked page of every translation, most recently changed first, with the total", async () => {
  const answer = staffPage({ page: 2, limit: 5 });
  expect(answer.headers.get("X-Total-Count")).toBe("12");
  expect(((await answer.json()) as { id: string }[]).map((each) => each.id)).toEqual(made.slice(5, 10));
  const drafts = staffPage({ page: 1, limit: 50, status: "draft" });
  expect(drafts.headers.get("X-Total-Count")).toBe("4");
  expect(((await drafts.json()) as { status: string }[]).every((each) => each.status === "draft")).toBe(true);
});

it("reads from the database only the page it answers", async () => {
  const read = await statementsRead(() => staffPage({ page: 1, limit: 2 }));
  const bodies = read.filter((source) => /"post_translations"\."content"/.test(source));
  expect(bodies.length).toBeGreaterThan(0);
  for (const source of bodies) expect(source).toMatch(/\blimit\b/i);
});
