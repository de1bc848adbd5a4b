/** Projects a visit of /work (in any language) shows at first; "Show more projects" adds as many again. */
export const WORK_PAGE_SIZE = 6;

/** How many projects `show` asks for: a whole number of screenfuls, at least one. */
export function shownCount(value: string | null): number {
  const asked = Number(value);
  if (!Number.isSafeInteger(asked) || asked <= WORK_PAGE_SIZE) return WORK_PAGE_SIZE;
  return Math.ceil(asked / WORK_PAGE_SIZE) * WORK_PAGE_SIZE;
}
