import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import Database from "better-sqlite3";
import { count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";

import { caseStudies, clientLogos, posts, siteSettings, testimonials } from "#db/schema";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb, openDatabase } from "~/platform/db.server";
import { checkDatabase } from "~/platform/health.server";
import { parseUploadedImage } from "~/platform/images";

describe("the database", () => {
  it("is created, migrated, in WAL mode with foreign keys on", () => {
    const db = getDb();
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = db
      .all<{ name: string }>(
        sql`select name from sqlite_master where type = 'table' and name not in ('__drizzle_migrations', 'sqlite_sequence') and name not like 'posts_search_%' order by name`,
      )
      .map((t) => t.name);
    expect(tables).toEqual([
      "analytics_daily",
      "analytics_live",
      "analytics_salts",
      "audit_log",
      "autosaves",
      "case_studies",
      "case_study_translation_old_slugs",
      "case_study_translations",
      "client_logos",
      "enquiries",
      "enquiry_events",
      "experiment_daily",
      "experiment_signups",
      "experiment_visitors",
      "experiments",
      "import_failures",
      "import_held_posts",
      "imported_items",
      "imports",
      "jobs",
      "language_settings",
      "media",
      "milestones",
      "newsletter_sends",
      "newsletter_subscribers",
      "newsletter_suppressions",
      "not_found_hits",
      "old_addresses",
      "packages",
      "page_copy",
      "page_revisions",
      "page_translations",
      "page_views",
      "page_vitals",
      "passkeys",
      "post_tags",
      "post_translation_old_slugs",
      "post_translations",
      "posts",
      "posts_search",
      "preview_links",
      "recovery_codes",
      "redirects",
      "revisions",
      "seeded_content",
      "sessions",
      "site_item_translations",
      "site_settings",
      "site_settings_translations",
      "staff_invites",
      "staff_policy",
      "team_members",
      "testimonials",
      "users",
      "visits",
      "vitals_daily",
      "vitals_live",
    ]);
    const indexes = db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'index' and tbl_name = 'posts'`,
    );
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(["posts_listing_idx", "posts_id_state_idx", "posts_schedule_idx"]),
    );
  });

  it("answers the health check with a real query", () => {
    expect(checkDatabase()).toBe(true);
  });

  it("seeds the site's content once, and never again", () => {
    const db = getDb();
    expect(seedDatabase(db)).toEqual({
      caseStudies: 10,
      posts: 7,
      // Every public page's words: home, six services, about, contact, three legal pages, the 404.
      pages: 15,
      settings: 1,
      testimonials: 6,
      team: 5,
      clients: 8,
      packages: 2,
      story: 6,
    });
    expect(seedDatabase(db)).toEqual({ caseStudies: 0, posts: 0, pages: 0 });
    // Emptied by the admin, a list stays empty.
    db.delete(clientLogos).run();
    expect(seedDatabase(db)).toEqual({ caseStudies: 0, posts: 0, pages: 0 });
    expect(db.select({ n: count() }).from(clientLogos).get()?.n).toBe(0);
    expect(db.select({ n: count() }).from(caseStudies).get()?.n).toBe(10);
    const statuses = db
      .select({ status: posts.status })
      .from(posts)
      .all()
      .map((p) => p.status);
    expect(statuses.filter((s) => s === "published")).toHaveLength(6);
    expect(statuses.filter((s) => s === "draft")).toHaveLength(1);
  });

  it("gives seeded posts and case studies the same ids on every new site, as version 5 UUIDs", () => {
    const idsIn = (db: ReturnType<typeof getDb>) => ({
      posts: db.select({ id: posts.id, slug: posts.slug }).from(posts).orderBy(posts.slug).all(),
      studies: db
        .select({ id: caseStudies.id, slug: caseStudies.slug })
        .from(caseStudies)
        .orderBy(caseStudies.slug)
        .all(),
    });
    const dir = mkdtempSync(path.join(tmpdir(), "agency-seed-ids-"));
    try {
      const other = openDatabase(path.join(dir, "app.db"));
      seedDatabase(other);
      const here = idsIn(getDb());
      expect(idsIn(other)).toEqual(here);
      other.$client.close();
      const ids = [...here.posts, ...here.studies].map((row) => row.id);
      expect(new Set(ids).size).toBe(17);
      for (const id of ids)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores tags and metrics as JSON arrays and fills ids and timestamps", () => {
    const caseStudy = getDb().select().from(caseStudies).limit(1).get();
    expect(caseStudy?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Array.isArray(caseStudy?.metrics)).toBe(true);
    expect(caseStudy?.createdAt).toBeInstanceOf(Date);
    const raw = getDb().get<{ tags: string }>(sql`select tags from case_studies limit 1`);
    expect(JSON.parse(raw?.tags ?? "")).toEqual(caseStudy?.tags);
  });

  it("seeds covers that exist in every width and format", () => {
    const db = getDb();
    const covers = [
      ...db.select({ cover: caseStudies.coverImage }).from(caseStudies).all(),
      ...db.select({ cover: posts.coverImage }).from(posts).all(),
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
    const [first, second] = db.select().from(caseStudies).limit(2).all();
    const [post, uploaded] = db.select().from(posts).limit(2).all();
    db.update(caseStudies)
      .set({ coverImage: "/images/work/old-slug.svg" })
      .where(eq(caseStudies.id, first!.id))
      .run();
    db.update(caseStudies).set({ coverImage: null }).where(eq(caseStudies.id, second!.id)).run();
    db.update(posts)
      .set({ coverImage: "/images/blog/a-renamed-post.svg" })
      .where(eq(posts.id, post!.id))
      .run();
    const upload = "/uploads/images/abc123-1600x900/1600.jpg";
    db.update(posts).set({ coverImage: upload }).where(eq(posts.id, uploaded!.id)).run();

    // Written when the tables had their older names.
    const migration = readFileSync("db/migrations/0006_raster_artwork_covers.sql", "utf8")
      .replaceAll("work_projects", "case_studies")
      .replaceAll("blog_posts", "posts");
    for (const statement of migration.split("--> statement-breakpoint")) db.$client.exec(statement);

    const caseStudyCover = (id: string) =>
      db.select({ cover: caseStudies.coverImage }).from(caseStudies).where(eq(caseStudies.id, id)).get()
        ?.cover;
    const postCover = (id: string) =>
      db.select({ cover: posts.coverImage }).from(posts).where(eq(posts.id, id)).get()?.cover;
    expect(caseStudyCover(first!.id)).toBe("/images/art/work-old-slug-1200x675/1200.jpg");
    expect(caseStudyCover(second!.id)).toBeNull();
    expect(postCover(post!.id)).toBe("/images/art/blog-a-renamed-post-1200x675/1200.jpg");
    expect(postCover(uploaded!.id)).toBe(upload);
    db.$client.close();
  });

  it("upgrades a database from before the agency could edit its content, as the seed writes a new one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "upgrade-"));
    const file = path.join(dir, "site.db");
    // The migrations as they were before the site's content moved into its own tables (0000-0008).
    const before = path.join(dir, "migrations");
    cpSync("db/migrations", before, { recursive: true });
    rmSync(path.join(before, "0009_site_content.sql"));
    const journal = JSON.parse(readFileSync(path.join(before, "meta/_journal.json"), "utf8"));
    journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 9);
    writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: before });
    old
      .prepare(
        "insert into work_projects (id, title, slug, excerpt, content, category, cover_image, metrics, tags, featured, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        "p1",
        "Emerald Threads: Scaling an Irish Fashion Label Online",
        "emerald-threads",
        "A Shopify rebuild.",
        "## The challenge\nA slow store.\n\n## What we did\nWe rebuilt it <fast>.\nAnd fixed the feed.\n\n## The result\nRevenue tripled.",
        "E-commerce",
        null,
        JSON.stringify(["3x Online Revenue", "1.8s Load"]),
        JSON.stringify(["Shopify"]),
        1,
        Date.UTC(2024, 0, 1),
        Date.UTC(2024, 0, 1),
      );
    old.close();

    const db = openDatabase(file);
    seedDatabase(db);
    const caseStudy = db.select().from(caseStudies).get()!;
    expect(caseStudy).toMatchObject({
      clientName: "Emerald Threads",
      challenge: "A slow store.",
      body: "<p>We rebuilt it &lt;fast&gt;.</p><p>And fixed the feed.</p>",
      outcome: "Revenue tripled.",
      legacyMarkdown: "",
      metrics: [
        { value: "3x", label: "Online Revenue" },
        { value: "1.8s", label: "Load" },
      ],
      status: "published",
      featured: true,
    });
    expect(caseStudy.credits.length).toBeGreaterThan(0);
    expect(caseStudy.publishedAt).toEqual(new Date(Date.UTC(2024, 0, 1)));
    const quote = db.select().from(testimonials).where(eq(testimonials.company, "Emerald Threads")).get();
    expect(caseStudy.testimonialId).toBe(quote!.id);
    expect(db.select().from(siteSettings).get()?.values).toMatchObject({ phone: "+353 1 555 0142" });
    db.$client.close();
  });
});
