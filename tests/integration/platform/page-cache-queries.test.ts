// The page cache against the built server when visitors send made-up queries: pages at addresses with
// a query are kept apart from the site's own pages, so a flood of them cannot push those out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

let server: RunningServer;

beforeAll(async () => {
  server = await serveTestDatabase();
}, 120_000);
afterAll(() => server?.stop());

const cacheOf = async (path: string) => {
  const answer = await fetch(`${server.baseURL}${path}`);
  await answer.arrayBuffer();
  return answer.headers.get("x-page-cache");
};

describe("pages at made-up queries", () => {
  it("never push the site's own pages out of the cache", async () => {
    for (const path of ["/", "/about", "/work"]) {
      await cacheOf(path);
      expect(await cacheOf(path), path).toBe("hit");
    }
    // More pages at made-up queries than the whole cache holds (the API's pages past the last: cheap to
    // render, kept like any page), eight at a time.
    const flood = Array.from({ length: 520 }, (_, n) => `/api/blog?limit=1&page=${n + 100}`);
    for (let at = 0; at < flood.length; at += 8) {
      await Promise.all(flood.slice(at, at + 8).map(cacheOf));
    }
    for (const path of ["/", "/about", "/work"]) expect(await cacheOf(path), path).toBe("hit");
  }, 120_000);

  it("are still kept among themselves: a category asked for twice is answered from memory", async () => {
    await cacheOf("/work?category=E-commerce");
    expect(await cacheOf("/work?category=E-commerce")).toBe("hit");
  });
});

describe("a page at other spellings of its address", () => {
  it("is never kept, so a flood of them cannot push the site's own pages out", async () => {
    for (const path of ["/", "/about", "/work"]) await cacheOf(path);
    // Each letter may be escaped or not, in capitals or not: millions of addresses of one page, 1,500
    // of which once pushed every other page out of the cache. None is kept (no cache answers it), so
    // no number of them can.
    const letters = [..."automation-ai-app-development"];
    const escaped = (letter: string, capitals: boolean) => {
      const hex = letter.charCodeAt(0).toString(16);
      return `%${capitals ? hex.toUpperCase() : hex}`;
    };
    const spellings = Array.from(
      { length: 24 },
      (_, n) =>
        `/services/${letters.map((letter, at) => (((n + 1) >> (at % 10)) & 1 ? escaped(letter, n % 2 === 0) : letter)).join("")}`,
    );
    for (let at = 0; at < spellings.length; at += 8) {
      const answers = await Promise.all(spellings.slice(at, at + 8).map(cacheOf));
      expect(answers.filter((answer) => answer !== null)).toEqual([]);
    }
    for (const path of ["/", "/about", "/work"]) expect(await cacheOf(path), path).toBe("hit");
  }, 120_000);
});
