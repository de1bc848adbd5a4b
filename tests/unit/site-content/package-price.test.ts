import { describe, expect, it } from "vitest";

import { PackageSchema } from "~/features/site-content/content-schemas";

const price = (typed: unknown) => PackageSchema.shape.pricePerMonth.safeParse(typed);

describe("a package's monthly price", () => {
  it("is read as people write prices, with a euro sign, thousands commas or spaces", () => {
    for (const typed of ["1395", "1,395", "€1,395", " € 1 395 ", "1395.00", 1395])
      expect(price(typed).data).toBe(1395);
  });

  it("is refused with a clear message when it is not a whole number of euro", () => {
    for (const typed of ["1395.50", "about 1k", "-5"])
      expect(price(typed).error?.issues[0]?.message).toMatch(
        /Monthly price (must be a whole number of euro|cannot be negative)/,
      );
  });
});
