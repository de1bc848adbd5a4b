// Migration 0046 on a database written before it: the days already rolled up get their visits'
// language from their landing pages, so the Languages panel covers them too.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { openDatabase } from "~/platform/db.server";

import { databaseBefore } from "../../setup/database-before";

/** The migration's place in the journal (its number is renumbered when branches merge, its name is not). */
const position = (
  JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
    entries: { idx: number; tag: string }[];
  }
).entries.find((entry) => entry.tag.endsWith("_language_figures"))!.idx;

describe("migration 0046", () => {
  it("gives each rolled-up day its visits per language, from the landing pages", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "language-figures-"));
    const file = path.join(dir, "site.db");
    const old = databaseBefore(position, file);
    old
      .prepare(
        "insert into language_settings (id, default_language, languages, updated_at) values (1, 'en', ?, 0)",
      )
      .run(JSON.stringify(["en", "ga"]));
    const daily = old.prepare(
      "insert into analytics_daily (day, dimension, value, visitors, visits, views) values (?, ?, ?, ?, ?, ?)",
    );
    for (const [value, visitors, visits, views] of [
      ["/", 5, 6, 9],
      ["/ga", 2, 2, 3],
      ["/ga/contact", 1, 1, 2],
      ["/de/x", 1, 1, 1], // not one of the site's languages
      ["/gallery", 1, 1, 1], // no prefix: "ga" only as a whole segment
      ["(other)", 3, 3, 3],
    ] as const)
      daily.run("2026-10-01", "landing", value, visitors, visits, views);
    daily.run("2026-10-01", "total", "", 13, 14, 19);
    old.close();

    const migrated = openDatabase(file).$client;
    const rows = migrated
      .prepare(
        "select value, visitors, visits, views from analytics_daily where dimension = 'language' order by value",
      )
      .all();
    expect(rows).toEqual([
      { value: "en", visitors: 10, visits: 11, views: 14 },
      { value: "ga", visitors: 3, visits: 3, views: 5 },
    ]);
    migrated.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
