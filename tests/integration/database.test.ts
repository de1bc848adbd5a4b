import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "#db/client";
import { blogPosts, workProjects } from "#db/schema";
import { seedDatabase } from "#db/seed";
import { checkDatabase } from "~/services/health.server";

describe("the database", () => {
  it("is created, migrated, in WAL mode with foreign keys on", () => {
    const db = getDb();
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = db
      .all<{ name: string }>(
        sql`select name from sqlite_master where type = 'table' and name not in ('__drizzle_migrations', 'sqlite_sequence') and name not like 'blog_posts_search_%' order by name`,
      )
      .map((t) => t.name);
    expect(tables).toEqual([
      "blog_posts",
      "blog_posts_search",
      "contacts",
      "mail_outbox",
      "newsletter_subscribers",
      "post_tags",
      "sessions",
      "slug_redirects",
      "users",
      "work_projects",
    ]);
    const indexes = db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'index' and tbl_name = 'blog_posts'`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(["blog_posts_listing_idx", "blog_posts_id_state_idx"]),
    );
  });

  it("answers the health check with a real query", () => {
    expect(checkDatabase()).toBe(true);
  });

  it("seeds ten projects and seven posts once, and never again", () => {
    const db = getDb();
    expect(seedDatabase(db)).toEqual({ projects: 10, posts: 7 });
    expect(seedDatabase(db)).toEqual({ projects: 0, posts: 0 });
    expect(db.select({ n: count() }).from(workProjects).get()?.n).toBe(10);
    const statuses = db
      .select({ status: blogPosts.status })
      .from(blogPosts)
      .all()
      .map((p) => p.status);
    expect(statuses.filter((s) => s === "published")).toHaveLength(6);
    expect(statuses.filter((s) => s === "draft")).toHaveLength(1);
  });

  it("stores tags and metrics as JSON arrays and fills ids and timestamps", () => {
    const project = getDb().select().from(workProjects).limit(1).get();
    expect(project?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Array.isArray(project?.metrics)).toBe(true);
    expect(project?.createdAt).toBeInstanceOf(Date);
    const raw = getDb().get<{ tags: string }>(sql`select tags from work_projects limit 1`);
    expect(JSON.parse(raw?.tags ?? "")).toEqual(project?.tags);
  });
});
