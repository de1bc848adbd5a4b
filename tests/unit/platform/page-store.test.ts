// The page cache's store: kept pages stay within a count and a byte budget (their compressed copies
// included), the least recently used going first.
import { describe, expect, it } from "vitest";

import { PageStore } from "~/platform/pages/page-store.server";

const page = (bytes: number) => ({ bytes });

describe("PageStore", () => {
  it("keeps no more bytes than its budget, dropping the least recently used first", () => {
    const store = new PageStore({ entries: 500, bytes: 300_000 });
    store.set("/blog?q=a", page(100_000));
    store.set("/blog?q=b", page(100_000));
    store.set("/blog?q=c", page(100_000));
    store.get("/blog?q=a");
    store.set("/blog?q=d", page(100_000));
    expect(store.bytes).toBe(300_000);
    expect(store.get("/blog?q=b")).toBeUndefined();
    expect(store.get("/blog?q=a")).toBeDefined();
    expect(store.get("/blog?q=d")).toBeDefined();
  });

  it("counts a page's compressed copies as they are made", () => {
    const store = new PageStore({ entries: 500, bytes: 250_000 });
    const first = page(100_000);
    store.set("/", first);
    store.set("/work", page(100_000));
    store.get("/");
    store.grow("/", first, 20_000);
    expect(store.bytes).toBe(220_000);
    store.grow("/", first, 40_000);
    expect(store.get("/work")).toBeUndefined();
    expect(store.bytes).toBe(160_000);
  });

  it("keeps no more pages than its count, and replacing a page counts it once", () => {
    const store = new PageStore({ entries: 2, bytes: 1_000_000 });
    store.set("/", page(10));
    store.set("/", page(20));
    store.set("/work", page(30));
    store.set("/about", page(40));
    expect(store.size).toBe(2);
    expect(store.bytes).toBe(70);
    expect(store.get("/")).toBeUndefined();
  });

  it("does not count a copy made for a page it no longer keeps", () => {
    const store = new PageStore({ entries: 500, bytes: 1_000_000 });
    const old = page(100);
    store.set("/", old);
    store.set("/", page(200));
    store.grow("/", old, 50);
    expect(store.bytes).toBe(200);
  });
});
