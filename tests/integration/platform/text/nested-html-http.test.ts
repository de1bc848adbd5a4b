// HTML nested deeper than any writing over HTTP against the built server: the API refuses it with a
// 400 naming the field, at once and with nothing written; a post stored with such a body before the
// check (an older database) is still shown, sent and previewed from its words, never a 500.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { posts } from "#db/schema";
import { type PostDraft, savePost } from "~/features/posts/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../../scripts/lib/start-server";
import { type SignedInForm, signedInStaff, staffAccount } from "../../../setup/signed-in-form";

let server: RunningServer;
let owner: SignedInForm;
let storedId = "";

// Deep enough to have overflowed html-to-text's stack in the newsletter's plain text (a 500).
const tower = "<ul><li>x".repeat(1000);

beforeAll(async () => {
  const made = await staffAccount("nested-owner");
  const stored: PostDraft = {
    title: "Stored before the check",
    excerpt: "An older post.",
    content: "<p>Safe words.</p>",
    coverImage: null,
    videoUrl: null,
    tags: [],
    status: "published",
  };
  storedId = savePost(undefined, stored).id;
  getDb()
    .update(posts)
    .set({ content: `<p>Safe words.</p>${tower}` })
    .where(eq(posts.id, storedId))
    .run();
  const staff = await signedInStaff({ owner: made.account });
  ({ server } = staff);
  owner = staff.as.owner;
}, 120_000);
afterAll(() => server?.stop());

describe("HTML nested past the depth", () => {
  it("is refused by the API with its field named, and nothing is written", async () => {
    const answer = await owner.sendJson("POST", "/api/blog", {
      title: "A tower sent to the API",
      content: "<b>x".repeat(5_000),
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain("Content has formatting nested more than 200");
    expect(
      getDb().select().from(posts).where(eq(posts.title, "A tower sent to the API")).get(),
    ).toBeUndefined();
  });

  it("stored before the check, is shown, previewed and sent from its words", async () => {
    const page = await owner.get("/blog/stored-before-the-check");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Safe words.");
    const preview = await owner.get(`/admin/posts/${storedId}/newsletter/preview`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Safe words.");
  });
});
