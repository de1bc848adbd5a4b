// What the import's page says of "Fetch the missing images again": while it runs, and what it did,
// in words an owner reads (a retry that fetched nothing used to leave the page as it was).
import { describe, expect, it } from "vitest";

import { retryOutcomeWords, retryRunningWords } from "~/features/imports/retry-words";

const at = "2026-11-28T04:01:00Z";

describe("a retry's words", () => {
  it("says what it is fetching while it runs, and nothing for a first import", () => {
    expect(retryRunningWords({ retries: 1, retryMissing: 37 })).toBe("Fetching the 37 missing files again…");
    expect(retryRunningWords({ retries: 1, retryMissing: 1 })).toBe("Fetching the 1 missing file again…");
    expect(retryRunningWords({ posts: 3 })).toBeNull();
  });

  it("says when it ran and how many it fetched, and why the rest are not here", () => {
    expect(retryOutcomeWords({ posts: 3 }, at)).toBeNull();
    expect(retryOutcomeWords({ retries: 1, retryMissing: 37, retryFetched: 0 }, at)).toBe(
      "Tried again Sat 28 Nov, 04:01: none of the 37 missing files could be fetched. The old site still does not answer for them (each one's reason is under “Worth a look”); try again once it is back.",
    );
    expect(retryOutcomeWords({ retries: 2, retryMissing: 3, retryFetched: 2 }, at)).toBe(
      "Tried again Sat 28 Nov, 04:01: 2 of the 3 missing files fetched; the rest still fail (each one's reason is under “Worth a look”).",
    );
    expect(retryOutcomeWords({ retries: 1, retryMissing: 5, retryFetched: 5 }, at)).toBe(
      "Tried again Sat 28 Nov, 04:01: all 5 missing files fetched.",
    );
  });
});
