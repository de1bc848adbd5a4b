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
