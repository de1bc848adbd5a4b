// A burst of saves of one post draws its social card once, with what the last save left.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { languageSettings } from "#db/schema";
import {
  type PostDraft,
  PostTranslationApiSchema,
  savePost,
  savePostTranslation,
} from "~/features/posts/index.server";
import {
  postCardSubject,
  socialCardFor,
  socialCardsDrawn,
} from "~/features/social-cards/social-cards.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { tasksSettled } from "~/platform/tasks.server";

const draft = (title: string): PostDraft => ({
  title,
  excerpt: "First words.",
  content: "<p>One</p>",
  // A cover of its own (not one to be drawn), so the artwork does not redraw the card on its own.
  coverImage: "/uploads/2026/11/a-photo.jpg",
  videoUrl: null,
  tags: ["Local SEO"],
  status: "published",
});

/** Lets what a save started in the background run, as the next request would. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve)).then(() => new Promise(setImmediate));

describe("social cards after a burst of saves", () => {
  it("draws one card, for the last save, and none for the titles saved over", async () => {
    const before = socialCardsDrawn();
    let post = savePost(undefined, draft("Burst 0"));
    await nextTurn();
    for (let n = 1; n <= 4; n++) {
      post = savePost(post.id, draft(`Burst ${n}`));
      await nextTurn();
    }
    await tasksSettled();

    expect(socialCardsDrawn() - before).toBe(1);
    const card = socialCardFor(postCardSubject(post))!;
    const dir = path.join(path.resolve(getEnv().UPLOADS_DIR), "cards");
    expect(existsSync(path.join(dir, path.basename(card.url)))).toBe(true);
    expect(readdirSync(dir).filter((name) => name.includes(post.id))).toEqual([path.basename(card.url)]);
  });
});

describe("social cards of translations", () => {
  it("draws a published translation's own card after its save, not at its first share", async () => {
    getDb()
      .insert(languageSettings)
      .values({ id: 1, defaultLanguage: "en", languages: ["en", "ga"] })
      .onConflictDoUpdate({ target: languageSettings.id, set: { languages: ["en", "ga"] } })
      .run();
    const post = savePost(undefined, draft("A post to translate"));
    await tasksSettled();
    const before = socialCardsDrawn();

    const translation = savePostTranslation(
      undefined,
      PostTranslationApiSchema.parse({
        lang: "ga",
        translationOf: post.id,
        title: "Alt le haistriú",
        content: "<p>Focail.</p>",
        status: "published",
      }),
    );
    await tasksSettled();

    expect(socialCardsDrawn() - before).toBe(1);
    const card = socialCardFor(postCardSubject({ ...translation, coverImage: post.coverImage }, "ga"));
    expect(card).not.toBeNull();
    const dir = path.join(path.resolve(getEnv().UPLOADS_DIR), "cards");
    expect(existsSync(path.join(dir, path.basename(card!.url)))).toBe(true);
  });
});
