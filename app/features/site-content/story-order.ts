import type { Milestone } from "#db/schema";

/** The story in time: the founding first, then by year (a new milestone lands where its year is). */
export const inYearOrder = <T extends Pick<Milestone, "founding" | "year">>(items: T[]) =>
  items.toSorted((a, b) => Number(b.founding) - Number(a.founding) || a.year - b.year);
