/** Projects a visit of /work (in any language) shows at first; "Show more projects" adds as many again. */
export const WORK_PAGE_SIZE = 6;

/** The most projects one address asks for: a thousand screenfuls, more than any portfolio holds. */
export const WORK_MAX_SHOWN = 1000 * WORK_PAGE_SIZE;

/**
 * How many projects `show` asks for: a whole number of screenfuls, at least one, at most
 * WORK_MAX_SHOWN (rounded up from near the largest safe integer, a count was no longer one).
 */
export function shownCount(value: string | null): number {
  const asked = Number(value);
  if (!Number.isSafeInteger(asked) || asked <= WORK_PAGE_SIZE) return WORK_PAGE_SIZE;
  return Math.min(Math.ceil(asked / WORK_PAGE_SIZE) * WORK_PAGE_SIZE, WORK_MAX_SHOWN);
}
