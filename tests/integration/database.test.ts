import { existsSync, readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb, openDatabase } from "#db/client";
import { blogPosts, workProjects } from "#db/schema";
import { seedDatabase } from "#db/seed";
import { parseUploadedImage } from "~/lib/images";
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
      "media",
      "newsletter_subscribers",
      "post_autosaves",
      "post_revisions",
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
      expect.arrayContaining([
        "blog_posts_listing_idx",
        "blog_posts_id_state_idx",
        "blog_posts_schedule_idx",
      ]),
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

  it("seeds covers that exist in every width and format", () => {
    const db = getDb();
    const covers = [
      ...db.select({ cover: workProjects.coverImage }).from(workProjects).all(),
      ...db.select({ cover: blogPosts.coverImage }).from(blogPosts).all(),
    ].map((row) => row.cover);
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) {
      const image = parseUploadedImage(cover);
      expect(image, cover!).not.toBeNull();
      for (const w of image!.widths)
        for (const ext of ["avif", "webp", "jpg"])
          expect(
            existsSync(path.join("public", image!.dir, `${w}.${ext}`)),
            `${image!.dir}/${w}.${ext}`,
          ).toBe(true);
    }
  });

  it("moves covers still on the old seeded SVG files to the raster artwork, and no others", () => {
    const db = openDatabase(path.join(mkdtempSync(path.join(tmpdir(), "covers-")), "site.db"));
    seedDatabase(db);
    const [first, second] = db.select().from(workProjects).limit(2).all();
    const [post, uploaded] = db.select().from(blogPosts).limit(2).all();
    db.update(workProjects)
      .set({ coverImage: "/images/work/old-slug.svg" })
      .where(eq(workProjects.id, first!.id))
      .run();
    db.update(workProjects).set({ coverImage: null }).where(eq(workProjects.id, second!.id)).run();
    db.update(blogPosts)
      .set({ coverImage: "/images/blog/a-renamed-post.svg" })
      .where(eq(blogPosts.id, post!.id))
      .run();
    const upload = "/uploads/images/abc123-1600x900/1600.jpg";
    db.update(blogPosts).set({ coverImage: upload }).where(eq(blogPosts.id, uploaded!.id)).run();

    const migration = readFileSync("db/migrations/0006_raster_artwork_covers.sql", "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) db.$client.exec(statement);

    const projectCover = (id: string) =>
      db.select({ cover: workProjects.coverImage }).from(workProjects).where(eq(workProjects.id, id)).get()
        ?.cover;
    const postCover = (id: string) =>
      db.select({ cover: blogPosts.coverImage }).from(blogPosts).where(eq(blogPosts.id, id)).get()?.cover;
    expect(projectCover(first!.id)).toBe("/images/art/work-old-slug-1200x675/1200.jpg");
    expect(projectCover(second!.id)).toBeNull();
    expect(postCover(post!.id)).toBe("/images/art/blog-a-renamed-post-1200x675/1200.jpg");
    expect(postCover(uploaded!.id)).toBe(upload);
    db.$client.close();
  });
});
