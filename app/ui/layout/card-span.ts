/**
 * The columns a card spans in a grid of two columns (from `sm`) and three (from `lg`) so that every
 * row is full and no card is left alone on the last one: in two columns an odd count widens the
 * first; in three, the first (and, when one is left over, the last) spans two.
 */
export function cardSpan(index: number, count: number): string {
  const last = index === count - 1;
  const sm = index === 0 && count % 2 === 1 && count > 1 ? "sm:col-span-2" : "sm:col-span-1";
  const rest = count % 3;
  const wide = count > 1 && ((index === 0 && rest !== 0) || (last && rest === 1));
  return `${sm} ${wide ? "lg:col-span-2" : "lg:col-span-1"}`;
}

/**
 * The columns a card spans in a grid of two columns (from `sm`) and six (from `lg`, three cards a row)
 * so that no row is left with a hole: a short last row of three is made of halves (two cards; a single
 * one left over turns the row before it into halves too), and in two columns a last card alone is
 * centred at half the width. Every card of a row keeps the same width, so covers line up.
 */
export function cardSpanInRows(index: number, count: number): string {
  const rest = count % 3;
  const halves = rest === 2 ? 2 : rest === 1 && count >= 4 ? 4 : 0;
  const lg =
    count === 1
      ? "lg:col-span-2 lg:col-start-3"
      : index >= count - halves
        ? "lg:col-span-3"
        : "lg:col-span-2";
  const alone = count % 2 === 1 && index === count - 1;
  const sm = alone
    ? "sm:col-span-2 sm:w-[calc((100%-1.5rem)/2)] sm:justify-self-center lg:w-auto lg:justify-self-stretch"
    : "";
  return `${sm} ${lg}`.trim();
}

/**
 * For a grid of two columns (from `sm`) and six (from `lg`): the first card leads across the whole
 * row, the rest are laid out as cardSpanInRows (three a row, a short last row in halves). One card
 * under the lead would be alone on its row: it leads across it too. `wide`: the card has more than a
 * third of the row (its cover is asked for at half the page's width).
 */
export function leadCard(index: number, count: number): { span: string; wide: boolean } {
  if (index === 0 || count === 2) return { span: LEAD, wide: true };
  const span = cardSpanInRows(index - 1, count - 1);
  return { span, wide: !span.includes("lg:col-span-2") };
}

const LEAD = "sm:col-span-2 lg:col-span-6";
