// A write may only make stale what it can change, or any write could empty the page cache. Pages kept
// in memory are keyed on the version of the content they show (app/platform/db.server.ts); these tests
// write through the real services to a temporary SQLite file and watch that version.
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";

import { storeEnquiry } from "~/features/enquiries/index.server";
import { requestSubscription } from "~/features/newsletter/index.server";
import { listPublishedTags, savePost } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { startSession } from "~/features/staff/index.server";
import { ensureAdmin } from "~/features/staff/index.server";
import { contentVersion, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";

let client = 0;
/** A sign-up from the blog, each from its own client address (the limit per client is tested elsewhere). */
const subscribe = (email: string) =>
  requestSubscription(email, { source: "blog", clientIp: `198.51.100.${++client}` });

beforeAll(() => {
  seedDatabase(getDb());
});

const post = (title: string, tags: string[] = ["Caching"]) => ({
  title,
  excerpt: "Short",
  content: "<p>Body</p>",
  coverImage: null,
  videoUrl: null,
  tags,
  status: "published" as const,
});

describe("the posts' content version", () => {
  it("stays the same through newsletter sign-ups, enquiries and sign-ins", async () => {
    const before = contentVersion("posts");
    for (let i = 0; i < 5; i++) await subscribe(`reader-${i}@example.ie`);
    await storeEnquiry({
      name: "Aoife Byrne",
      email: "aoife@example.ie",
      budget: null,
      goals: "More leads, please.",
    });
    const admin = await ensureAdmin("cache-admin", "a-long-enough-password-for-tests");
    if (admin) await startSession(admin.id);
    expect(contentVersion("posts")).toBe(before);
  });

  it("changes when a post is created or updated through the posts service", () => {
    const before = contentVersion("posts");
    const created = savePost(undefined, post("Caching the blog"));
    const afterCreate = contentVersion("posts");
    expect(afterCreate).not.toBe(before);
    savePost(created.id, post("Caching the blog, again"));
    expect(contentVersion("posts")).not.toBe(afterCreate);
  });

  it("changes when another connection writes (an operator's sqlite3)", () => {
    const before = contentVersion("posts");
    const other = new Database(getEnv().DATABASE_PATH);
    try {
      other.prepare("update posts set title = title || '!' where slug like 'caching-the-blog%'").run();
    } finally {
      other.close();
    }
    expect(contentVersion("posts")).not.toBe(before);
  });

  it("keeps the tag list until the posts change, then shows the new tag", async () => {
    const before = listPublishedTags();
    await subscribe("one-more-reader@example.ie");
    expect(listPublishedTags()).toBe(before);
    savePost(undefined, post("A post with a new topic", ["Brand New Topic"]));
    expect(listPublishedTags()).toContain("Brand New Topic");
  });
});
