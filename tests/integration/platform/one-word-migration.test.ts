import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/platform/db.server";

import { databaseBefore } from "../../setup/database-before";

const dir = mkdtempSync(path.join(tmpdir(), "one-word-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database as the site had it before its tables were renamed (migrations 0000-0018). */
function databaseBeforeTheRename(file: string) {
  const old = databaseBefore(19, file);
  const at = Date.UTC(2026, 0, 5);
  old.exec(`
    insert into blog_posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at)
      values ('p1', 'Winter Ads That Convert', 'winter-ads', 'Cold-weather campaigns.', '<p>Hi</p>', '["PPC"]', 'published', ${at}, ${at});
    insert into post_tags (post_id, tag) values ('p1', 'PPC');
    insert into slug_redirects (old_slug, post_id) values ('old-winter', 'p1');
    insert into work_projects (id, title, slug, excerpt, category, created_at, updated_at)
      values ('w1', 'Harbour Dental', 'harbour-dental', 'Bookings up.', 'Healthcare', ${at}, ${at});
    insert into project_slug_redirects (old_slug, project_id) values ('dental-old', 'w1');
    insert into contacts (id, name, email, goals, status, created_at)
      values ('c1', 'Aoife Byrne', 'aoife@example.ie', 'More bookings', 'new', ${at});
    insert into contact_events (id, contact_id, kind, status, by, created_at)
      values ('e1', 'c1', 'status', 'contacted', 'owner', ${at});
  `);
  old.close();
}

describe("the migration to one word per concept", () => {
  it("renames posts, case studies and enquiries keeping every row, link and the search index", () => {
    const file = path.join(dir, "site.db");
    databaseBeforeTheRename(file);

    const db = openDatabase(file).$client;
    const one = (query: string) => db.prepare(query).get();
    expect(one("select title from posts where id = 'p1'")).toEqual({ title: "Winter Ads That Convert" });
    expect(one("select post_id from post_tags where tag = 'PPC'")).toEqual({ post_id: "p1" });
    expect(one("select post_id from old_addresses where kind = 'post'")).toEqual({ post_id: "p1" });
    expect(one("select title from case_studies where id = 'w1'")).toEqual({ title: "Harbour Dental" });
    expect(one("select case_study_id from old_addresses where kind = 'case-study'")).toEqual({
      case_study_id: "w1",
    });
    expect(one("select name from enquiries where id = 'c1'")).toEqual({ name: "Aoife Byrne" });
    expect(one("select enquiry_id, status from enquiry_events")).toEqual({
      enquiry_id: "c1",
      status: "contacted",
    });
    const old = db
      .prepare(
        "select name from sqlite_master where name in ('blog_posts', 'work_projects', 'contacts', 'contact_events', 'project_slug_redirects', 'blog_posts_search')",
      )
      .all();
    expect(old).toEqual([]);
    expect(db.pragma("foreign_key_check")).toEqual([]);

    // The search index was rebuilt from the renamed table and follows it from now on.
    expect(one("select rowid from posts_search where posts_search match 'inter ads'")).toBeTruthy();
    db.prepare("update posts set title = 'Spring Search Campaigns' where id = 'p1'").run();
    expect(one("select count(*) as n from posts_search where posts_search match 'spring'")).toEqual({ n: 1 });

    // Deleting an enquiry still takes its history with it: the foreign key follows the rename.
    db.prepare("delete from enquiries where id = 'c1'").run();
    expect(one("select count(*) as n from enquiry_events")).toEqual({ n: 0 });
    db.close();
  });
});
