import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudySlugRedirect } from "~/features/case-studies/index.server";
import { findRedirectedSlug } from "~/features/posts/index.server";
import { closeDb, getDb } from "~/platform/db.server";

import { databaseBefore } from "../../setup/database-before";

const dir = mkdtempSync(path.join(tmpdir(), "old-addresses-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kept = Date.UTC(2026, 2, 14, 9, 30);

/**
 * The test's database as the site had it before one old-address table (migrations 0000-0027): a post
 * and a case study renamed twice each, a draft post renamed once, and a post and a case study that
 * once had the same slug (each kind's own address).
 */
function databaseBeforeOneTable(file: string) {
  const old = databaseBefore(28, file);
  const at = Date.UTC(2026, 0, 5);
  old.exec(`
    insert into posts (id, title, slug, excerpt, content, status, created_at, updated_at) values
      ('p1', 'Winter Ads That Convert', 'winter-ads', 'Cold-weather campaigns.', '<p>Hi</p>', 'published', ${at}, ${at}),
      ('p2', 'Spring Plans', 'spring-plans', 'Not out yet.', '<p>Soon</p>', 'draft', ${at}, ${at});
    insert into slug_redirects (old_slug, post_id, created_at) values
      ('old-winter', 'p1', ${kept}), ('winter-ads-2025', 'p1', ${kept}), ('the-launch', 'p1', ${kept}),
      ('spring-draft', 'p2', ${kept});
    insert into case_studies (id, title, slug, excerpt, category, status, created_at, updated_at) values
      ('w1', 'Harbour Dental', 'harbour-dental', 'Bookings up.', 'Healthcare', 'published', ${at}, ${at});
    insert into case_study_slug_redirects (old_slug, case_study_id, created_at) values
      ('dental-old', 'w1', ${kept}), ('harbour-clinic', 'w1', ${kept}), ('the-launch', 'w1', ${kept});
  `);
  old.close();
}

beforeAll(() => {
  closeDb();
  // Each test file starts on a copy of a database migrated to the newest; this one starts before.
  const file = process.env.DATABASE_PATH!;
  for (const part of [file, `${file}-wal`, `${file}-shm`]) rmSync(part, { force: true });
  databaseBeforeOneTable(file);
});

describe("the migration to one old-address table", () => {
  it("keeps every earlier address of both kinds, with its owner and when it was kept", () => {
    const db = getDb().$client;
    expect(
      db.prepare("select kind, old_slug, post_id, case_study_id, created_at from old_addresses").all(),
    ).toEqual(
      expect.arrayContaining([
        { kind: "post", old_slug: "old-winter", post_id: "p1", case_study_id: null, created_at: kept },
        { kind: "post", old_slug: "winter-ads-2025", post_id: "p1", case_study_id: null, created_at: kept },
        { kind: "post", old_slug: "the-launch", post_id: "p1", case_study_id: null, created_at: kept },
        { kind: "post", old_slug: "spring-draft", post_id: "p2", case_study_id: null, created_at: kept },
        { kind: "case-study", old_slug: "dental-old", post_id: null, case_study_id: "w1", created_at: kept },
        {
          kind: "case-study",
          old_slug: "harbour-clinic",
          post_id: null,
          case_study_id: "w1",
          created_at: kept,
        },
        { kind: "case-study", old_slug: "the-launch", post_id: null, case_study_id: "w1", created_at: kept },
      ]),
    );
    expect(db.prepare("select count(*) as n from old_addresses").get()).toEqual({ n: 7 });
    const gone = db
      .prepare("select name from sqlite_master where name in ('slug_redirects', 'case_study_slug_redirects')")
      .all();
    expect(gone).toEqual([]);
    expect(db.pragma("foreign_key_check")).toEqual([]);
  });

  it("still redirects every old address of a post and a case study to its current one", () => {
    expect(findRedirectedSlug("old-winter")).toBe("winter-ads");
    expect(findRedirectedSlug("winter-ads-2025")).toBe("winter-ads");
    expect(caseStudySlugRedirect("dental-old")).toBe("harbour-dental");
    expect(caseStudySlugRedirect("harbour-clinic")).toBe("harbour-dental");
    // The same old slug of each kind goes to its own kind's item.
    expect(findRedirectedSlug("the-launch")).toBe("winter-ads");
    expect(caseStudySlugRedirect("the-launch")).toBe("harbour-dental");
    // A draft's old address answers only where drafts do (the admin's preview), as before.
    expect(findRedirectedSlug("spring-draft")).toBeUndefined();
    expect(findRedirectedSlug("spring-draft", { includeDrafts: true })).toBe("spring-plans");
    // An old address of one kind is never the other's.
    expect(caseStudySlugRedirect("old-winter")).toBeUndefined();
    expect(findRedirectedSlug("dental-old")).toBeUndefined();
  });

  it("lets an item's old addresses go with it, and only its own", () => {
    const db = getDb().$client;
    db.prepare("delete from case_studies where id = 'w1'").run();
    expect(db.prepare("select kind, old_slug from old_addresses where kind = 'case-study'").all()).toEqual(
      [],
    );
    expect(db.prepare("select count(*) as n from old_addresses where kind = 'post'").get()).toEqual({ n: 4 });
  });

  it("refuses an old address whose owner is not of its kind", () => {
    const db = getDb().$client;
    expect(() =>
      db
        .prepare("insert into old_addresses (kind, old_slug, case_study_id) values ('post', 'x', null)")
        .run(),
    ).toThrow(/CHECK constraint/);
    expect(() =>
      db
        .prepare("insert into old_addresses (kind, old_slug, post_id) values ('case-study', 'x', 'p1')")
        .run(),
    ).toThrow(/CHECK constraint/);
  });
});
