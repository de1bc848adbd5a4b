/**
 * At most this many values per day and dimension are kept by name, the most visited (viewed, for
 * pages; measured, for the pages' Web Vitals); the rest of the day's traffic in that dimension is
 * counted as OTHER. Campaigns, referrers and paths are whatever a beacon says, so a flood of made-up
 * ones would otherwise be a row each, in every roll-up and every report of a period that includes the day.
 */
export const VALUES_PER_DAY = 100;
/** The value the traffic beyond a day's VALUES_PER_DAY values is counted under. */
export const OTHER = "(other)";
