import { describe, expect, it } from "vitest";

import { cardSpan } from "~/ui/layout/card-span";

/** The rows a grid of `columns` lays `count` cards out in (in order, as CSS grid places them), by columns used. */
function rows(count: number, columns: 2 | 3): number[] {
  const prefix = columns === 2 ? "sm:col-span-" : "lg:col-span-";
  const filled: number[] = [0];
  for (let index = 0; index < count; index++) {
    const span = Number(
      cardSpan(index, count)
        .split(" ")
        .find((c) => c.startsWith(prefix))!
        .slice(prefix.length),
    );
    if (filled.at(-1)! + span > columns) filled.push(0);
    filled[filled.length - 1]! += span;
  }
  return filled;
}

describe("cardSpan", () => {
  it("fills every row of two and of three columns, whatever the count (a seventh card is never alone)", () => {
    for (let count = 2; count <= 13; count++) {
      for (const columns of [2, 3] as const)
        expect(rows(count, columns), `${count} cards in ${columns} columns`).toEqual(
          rows(count, columns).map(() => columns),
        );
    }
  });

  it("leaves one card at its own width", () => {
    expect(cardSpan(0, 1)).toBe("sm:col-span-1 lg:col-span-1");
  });
});
