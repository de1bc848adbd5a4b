import type { ImportCounts } from "#db/schema";
import { momentInDublin } from "~/platform/text/dates";

const files = (n: number) => (n === 1 ? "1 missing file" : `${n} missing files`);

/** While a retry runs: "Fetching the 37 missing files again…"; null when the import is not a retry. */
export function retryRunningWords(counts: ImportCounts): string | null {
  return counts.retries ? `Fetching the ${files(counts.retryMissing ?? 0)} again…` : null;
}

/**
 * What the last retry did, said plainly (the page looked the same after a retry that fetched nothing):
 * "Tried again Sat, 28 Nov, 04:01: none of the 37 missing files could be fetched…"; null before any.
 */
export function retryOutcomeWords(counts: ImportCounts, finishedAt: string | null): string | null {
  if (!counts.retries || !finishedAt) return null;
  const missing = counts.retryMissing ?? 0;
  const fetched = counts.retryFetched ?? 0;
  const when = `Tried again ${momentInDublin(finishedAt)}`;
  if (fetched >= missing)
    return `${when}: ${missing === 1 ? "the missing file" : `all ${missing} missing files`} fetched.`;
  const reasons = "each one's reason is under “Worth a look”";
  if (fetched === 0)
    return `${when}: none of the ${files(missing)} could be fetched. The old site still does not answer for them (${reasons}); try again once it is back.`;
  return `${when}: ${fetched} of the ${files(missing)} fetched; the rest still fail (${reasons}).`;
}
