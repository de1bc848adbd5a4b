import { describe, expect, it } from "vitest";

import { withoutTrailing } from "~/platform/text/trailing";

describe("withoutTrailing", () => {
  it("takes the run of the given characters off the end, keeping the first ones asked for", () => {
    expect(withoutTrailing("/blog///", "/")).toBe("/blog");
    expect(withoutTrailing("/", "/")).toBe("");
    expect(withoutTrailing("/", "/", 1)).toBe("/");
    expect(withoutTrailing("//", "/", 1)).toBe("/");
    expect(withoutTrailing("/a//b", "/")).toBe("/a//b");
    expect(withoutTrailing("", "/")).toBe("");
  });

  it("reads a long run of slashes that does not end the text in one pass", () => {
    const link = `/a${"/".repeat(1_000_000)}b`;
    expect(withoutTrailing(link, "/")).toBe(link);
  });
});
