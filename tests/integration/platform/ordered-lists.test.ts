// Every list the agency orders (the people, quotes, clients, packages and the case studies) moves the
// same way: new items first, one place up or down, to the top, or to the place a drag drops them. (The
// story is in year order, by the site.)
import { beforeEach, describe, expect, it } from "vitest";

import { clientLogos } from "#db/schema";
import { saveSiteItem } from "~/features/site-content/index.server";
import { getDb } from "~/platform/db.server";
import { listOrdered, moveItem, moveOf } from "~/platform/ordered-lists.server";

const names = () => listOrdered(clientLogos, { publishedOnly: false }).map((client) => client.name);
const idOf = (name: string) =>
  listOrdered(clientLogos, { publishedOnly: false }).find((c) => c.name === name)!.id;

beforeEach(() => {
  getDb().delete(clientLogos).run();
  for (const name of ["A", "B", "C", "D"])
    saveSiteItem("clients", undefined, { name, logo: "", url: "", status: "published" });
});

describe("an ordered list", () => {
  it("puts a new item first", () => {
    expect(names()).toEqual(["D", "C", "B", "A"]);
  });

  it("moves an item up, down, to the top, and to the place it is dropped", () => {
    moveItem(clientLogos, "site", idOf("A"), "up");
    expect(names()).toEqual(["D", "C", "A", "B"]);
    moveItem(clientLogos, "site", idOf("A"), "top");
    expect(names()).toEqual(["A", "D", "C", "B"]);
    moveItem(clientLogos, "site", idOf("A"), { to: 2 });
    expect(names()).toEqual(["D", "C", "A", "B"]);
    // Past the end is the end; the first cannot go further up.
    moveItem(clientLogos, "site", idOf("D"), { to: 99 });
    expect(names()).toEqual(["C", "A", "B", "D"]);
    expect(moveItem(clientLogos, "site", idOf("C"), "up")).toBe(false);
    // Dropped on another item: it takes that item's place.
    moveItem(clientLogos, "site", idOf("C"), { over: idOf("B") });
    expect(names()).toEqual(["A", "B", "C", "D"]);
    moveItem(clientLogos, "site", idOf("D"), { over: idOf("A") });
    expect(names()).toEqual(["D", "A", "B", "C"]);
  });

  it("reads a move from the list's forms, and nothing else", () => {
    expect(moveOf({ intent: "top" })).toBe("top");
    expect(moveOf({ intent: "move", to: "3" })).toEqual({ to: 3 });
    expect(moveOf({ intent: "move", over: "abc" })).toEqual({ over: "abc" });
    for (const form of [{ intent: "move", to: "-1" }, { intent: "move", to: "x" }, { intent: "save" }])
      expect(moveOf(form)).toBeNull();
  });
});
