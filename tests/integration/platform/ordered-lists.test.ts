// Every list the agency orders (the people, quotes, clients, packages and the case studies) moves the
// same way: new items first, one place up or down, to the top, or to the place a drag drops them. (The
// story is in year order, by the site.)
import { inArray, sql } from "drizzle-orm";
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

  it("moves one place or to the top by writing one or two rows, however long the list; ties still move", () => {
    for (let i = 0; i < 200; i++)
      saveSiteItem("clients", undefined, { name: `More ${i}`, logo: "", url: "", status: "published" });
    const written = (move: () => void) => {
      const before = getDb().get<{ n: number }>(sql`select total_changes() as n`)!.n;
      move();
      return getDb().get<{ n: number }>(sql`select total_changes() as n`)!.n - before;
    };
    expect(written(() => moveItem(clientLogos, "site", idOf("B"), "down"))).toBe(2);
    expect(written(() => moveItem(clientLogos, "site", idOf("B"), "up"))).toBe(2);
    expect(written(() => moveItem(clientLogos, "site", idOf("C"), "top"))).toBe(1);
    expect(names().slice(0, 2)).toEqual(["C", "More 199"]);
    expect(names().slice(-3)).toEqual(["D", "B", "A"]);
    // Items at the same place (a list written before positions were kept apart), created in the same
    // millisecond too: each move is still one place, the list renumbered.
    const tied = [idOf("A"), idOf("B"), idOf("D")];
    getDb()
      .update(clientLogos)
      .set({ position: 500, createdAt: new Date(1_000) })
      .where(inArray(clientLogos.id, tied))
      .run();
    for (const move of ["up", "up", "down"] as const) {
      const before = names();
      const at = before.indexOf("B");
      expect(moveItem(clientLogos, "site", idOf("B"), move)).toBe(true);
      const after = [...before];
      after.splice(at, 1);
      after.splice(move === "up" ? at - 1 : at + 1, 0, "B");
      expect(names()).toEqual(after);
    }
  });

  it("reads a move from the list's forms, and nothing else", () => {
    expect(moveOf({ intent: "top" })).toBe("top");
    expect(moveOf({ intent: "move", to: "3" })).toEqual({ to: 3 });
    expect(moveOf({ intent: "move", over: "abc" })).toEqual({ over: "abc" });
    for (const form of [{ intent: "move", to: "-1" }, { intent: "move", to: "x" }, { intent: "save" }])
      expect(moveOf(form)).toBeNull();
  });
});
