// Migration 0027 on a database written before it: the raw page views and vitals of days not rolled up
// yet become the same live figures the beacon now counts as it goes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

import { flushPageViews, recordPageView, recordVitals } from "~/features/analytics/analytics.server";
import { getDb, openDatabase } from "~/platform/db.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

import { databaseBefore } from "../../setup/database-before";
import { CHROME, IPHONE, SITE } from "./visitors";

function databaseBefore0027(dir: string) {
  const file = path.join(dir, "site.db");
  return { file, old: databaseBefore(27, file) };
}

type Row = Record<string, unknown>;
const RAW = ["visits", "page_views", "page_vitals"];

/** A table's rows without their ids, JSON read as objects (empty histograms left out), in one order. */
function rowsOf(db: Database.Database, table: string, order: string): Row[] {
  return db
    .prepare<[], Row>(`select * from ${table} order by ${order}`)
    .all()
    .map(({ id: _id, ...row }) => {
      for (const column of ["histograms", "causes"])
        if (typeof row[column] === "string")
          row[column] = Object.fromEntries(
            Object.entries(JSON.parse(row[column] as string) as Record<string, unknown[]>).filter(
              ([, list]) => list.length > 0,
            ),
          );
      return row;
    });
}

describe("migration 0027", () => {
  it("counts the raw events of days not rolled up as the beacon now counts them", () => {
    const today = dublinDay(new Date());
    // Two days of visitors: repeat visitors, pages seen twice in a visit, phones and desktops, campaigns,
    // referrers, vitals sent twice for one view, causes of good and poor values.
    for (const day of [addDays(today, -1), today]) {
      const noon = new Date(`${day}T11:00:00Z`).getTime();
      for (let n = 0; n < 40; n++) {
        const client = { ip: `10.3.0.${n % 13}`, userAgent: n % 3 ? CHROME : IPHONE, siteHost: SITE };
        const at = new Date(noon + n * 60_000);
        const page = ["/", "/services/seo", "/blog/a", "/contact"][n % 4]!;
        recordPageView(
          {
            ...client,
            url: `${page}${n % 5 ? "" : "?utm_source=news&utm_campaign=c" + (n % 2)}`,
            referrer: n % 7 ? "" : "https://www.google.com/",
          },
          at,
        );
        flushPageViews();
        recordVitals(
          page,
          [
            ["LCP", 900 + n * 150, `img.n${n % 4}`],
            ["CLS", (n % 6) / 20, "div.banner"],
            ["TTFB", 88.5],
          ],
          client,
          at,
        );
        if (n % 4 === 0) recordVitals(page, [["LCP", 3000 + n, "img.late"]], client, at);
        flushPageViews();
      }
    }
    const counted = getDb().$client;
    const dir = mkdtempSync(path.join(tmpdir(), "analytics-migration-"));
    const { file, old } = databaseBefore0027(dir);
    for (const table of RAW) {
      const rows = counted.prepare<[], Row>(`select * from ${table}`).all();
      const columns = Object.keys(rows[0]!);
      const insert = old.prepare(
        `insert into ${table} (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`,
      );
      for (const row of rows) insert.run(row);
    }
    old.close();

    expect(rowsOf(counted, "analytics_live", "day").length).toBeGreaterThan(20);
    expect(rowsOf(counted, "vitals_live", "day").length).toBeGreaterThan(8);
    const migrated = openDatabase(file).$client;
    // The visits' language is counted since later (0046): the figures 0027 knew are the same.
    const known = (rows: Row[]) => rows.filter((row) => row.dimension !== "language");
    expect(known(rowsOf(migrated, "analytics_live", "day, dimension, value"))).toEqual(
      known(rowsOf(counted, "analytics_live", "day, dimension, value")),
    );
    expect(rowsOf(migrated, "vitals_live", "day, page, device")).toEqual(
      rowsOf(counted, "vitals_live", "day, page, device"),
    );
    migrated.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
