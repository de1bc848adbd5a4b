// The paged API lists' `page` and `limit` (GET /api/blog, GET /api/work): a whole number written as
// one, or a 400. A number written another way ("0x10", "1e3", "1.0", " 2") is the same page under
// another address: each was a list read again and kept again by the page cache.
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { pagingFields } from "~/platform/http/api-paging.server";

const Query = z.object(pagingFields(20, 50));
const parse = (query: string) => Query.safeParse(Object.fromEntries(new URLSearchParams(query)));

describe("a paged list's page and limit", () => {
  it("takes whole numbers in range, and the defaults when absent", () => {
    expect(parse("").data).toEqual({ page: 1, limit: 20 });
    expect(parse("page=3&limit=50").data).toEqual({ page: 3, limit: 50 });
    expect(parse("page=100000").data).toEqual({ page: 100_000, limit: 20 });
  });

  it("refuses a number written any other way", () => {
    for (const query of [
      "page=0x10",
      "page=1e3",
      "page=1.0",
      "page=%201",
      "page=1%20",
      "page=+1",
      "page=01",
      "limit=1e1",
      "limit=50.0",
      "limit=0b11",
      "page=",
      "page=100001",
      "limit=51",
      "page=99999999999999999999",
    ]) {
      const parsed = parse(query);
      expect(parsed.success, query).toBe(false);
      expect(parsed.error?.issues[0]?.message, query).toMatch(/must be a whole number from 1 to/);
    }
  });
});
