import { describe, expect, it } from "vitest";

import { cardSpan, leadCard } from "~/ui/layout/card-span";

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

describe("leadCard", () => {
  /** The columns each row uses in a grid of `columns` (2 from sm, 6 from lg), a card without a span taking 1 (sm) or 2 (lg). */
  const leadRows = (count: number, columns: 2 | 6) => {
    const prefix = columns === 2 ? "sm:col-span-" : "lg:col-span-";
    const filled: number[] = [0];
    for (let index = 0; index < count; index++) {
      const found = leadCard(index, count)
        .span.split(" ")
        .find((c) => c.startsWith(prefix));
      const span = found ? Number(found.slice(prefix.length)) : columns === 2 ? 1 : 2;
      if (filled.at(-1)! + span > columns) filled.push(0);
      filled[filled.length - 1]! += span;
    }
    return filled;
  };

  it("sets the first card across the row and fills every row under it", () => {
    for (let count = 1; count <= 13; count++) {
      expect(leadCard(0, count).span).toBe("sm:col-span-2 lg:col-span-6");
      expect(leadRows(count, 6), `${count} cards`).toEqual(leadRows(count, 6).map(() => 6));
      // In two columns a last card alone is centred at half the width, as cardSpanInRows sets it.
      expect(leadRows(count, 2).slice(0, -1), `${count} cards`).toEqual(
        leadRows(count, 2)
          .slice(0, -1)
          .map(() => 2),
      );
    }
  });
});
