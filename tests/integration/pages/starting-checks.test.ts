import { describe, expect, it } from "vitest";

import { checkPageCopy, kindOfKey, pageFormSpec, startingCopy } from "~/features/pages";
import { pageChecker, seedPageCopy } from "~/features/pages/index.server";
import { getDb } from "~/platform/db.server";

describe("a fresh site's pages", () => {
  it("have no writing problems: every starting page's checks are empty", () => {
    seedPageCopy(getDb());
    const pageExists = pageChecker();
    const found = startingCopy.map(({ key, copy }) => ({
      key,
      problems: checkPageCopy(pageFormSpec(kindOfKey(key)!), copy as unknown as Record<string, unknown>, {
        pageExists,
      }).map(({ code, field }) => `${code}@${field}`),
    }));
    expect(found.filter(({ problems }) => problems.length)).toEqual([]);
    expect(found.length).toBeGreaterThan(10);
  });
});
