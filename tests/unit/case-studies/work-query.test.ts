import { describe, expect, it } from "vitest";

import { WorkQuerySchema } from "~/features/case-studies/case-study-schema";
import { WORK_MAX_SHOWN, WORK_PAGE_SIZE } from "~/features/case-studies/work-paging";

const read = (query: string) => WorkQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

describe("the portfolio's query", () => {
  it("is the whole portfolio, a screenful, when empty", () => {
    expect(read("")).toEqual({ category: "", show: WORK_PAGE_SIZE });
  });

  it("reads a repeated value's last, without the spaces around it", () => {
    expect(read("category=SEO&category=%20Retail%20&show=6&show=12")).toEqual({
      category: "Retail",
      show: 12,
    });
  });

  it("asks for whole screenfuls, at least one, whatever is sent", () => {
    for (const [show, shown] of [
      ["7", 12],
      ["0", WORK_PAGE_SIZE],
      ["-5", WORK_PAGE_SIZE],
      ["lots", WORK_PAGE_SIZE],
      ["1e400", WORK_PAGE_SIZE],
      ["__proto__", WORK_PAGE_SIZE],
      // Rounded up to a screenful, the largest safe integer was a count past it, which a redirect then
      // carried to an address read as one screenful.
      ["9007199254740991", WORK_MAX_SHOWN],
      [String(WORK_MAX_SHOWN + 1), WORK_MAX_SHOWN],
    ] as const) {
      expect(read(`show=${show}`).show, show).toBe(shown);
    }
  });

  it("ignores values it does not read, prototype-named ones too", () => {
    expect(read("__proto__=x&constructor=y&category=Healthcare")).toEqual({
      category: "Healthcare",
      show: WORK_PAGE_SIZE,
    });
  });
});
