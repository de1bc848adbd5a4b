// A walk over a whole table reads it a page at a time and lets waiting requests in between pages.
import { describe, expect, it } from "vitest";

import { inPages, ROWS_A_PAGE } from "~/platform/db-pages.server";

const table = Array.from({ length: ROWS_A_PAGE * 2 + 7 }, (_, i) => ({ id: String(i).padStart(5, "0") }));
const read = (after: string | undefined, limit: number) =>
  table.filter((row) => after === undefined || row.id > after).slice(0, limit);

describe("a walk in pages", () => {
  it("gives every row once, in key order, a page at a time", async () => {
    const pages: number[] = [];
    const seen: string[] = [];
    for await (const page of inPages(read, (row) => row.id)) {
      pages.push(page.length);
      seen.push(...page.map((row) => row.id));
    }
    expect(pages).toEqual([ROWS_A_PAGE, ROWS_A_PAGE, 7]);
    expect(seen).toEqual(table.map((row) => row.id));
  });

  it("goes on past a short page (rows left out) and ends at an empty one", async () => {
    const sparse = (after: string | undefined, limit: number) =>
      read(after, limit).filter((row) => Number(row.id) % 2 === 0);
    let rows = 0;
    for await (const page of inPages(sparse, (row) => row.id)) rows += page.length;
    expect(rows).toBe(table.filter((row) => Number(row.id) % 2 === 0).length);
  });

  it("lets the event loop answer between pages", async () => {
    const order: string[] = [];
    setImmediate(() => order.push("request"));
    for await (const page of inPages(read, (row) => row.id)) order.push(`page of ${page.length}`);
    expect(order.indexOf("request")).toBeGreaterThan(0);
    expect(order.indexOf("request")).toBeLessThan(order.length - 1);
  });
});
