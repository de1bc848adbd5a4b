import { describe, expect, it } from "vitest";

import { plural, splitMetric } from "~/platform/text/metrics";
import { parseSimpleMarkdown } from "~/platform/text/simple-markdown";

describe("splitMetric", () => {
  it("takes the first word as the value and the rest as the label", () => {
    expect(splitMetric("312% Online Bookings")).toEqual({ value: "312%", label: "Online Bookings" });
    expect(splitMetric("  4.9★   Google Rating ")).toEqual({ value: "4.9★", label: "Google Rating" });
    expect(splitMetric("3x")).toEqual({ value: "3x", label: "" });
  });
});

describe("plural", () => {
  it("counts projects", () => {
    expect(plural(1, "project")).toBe("1 project");
    expect(plural(0, "project")).toBe("0 projects");
    expect(plural(10, "project")).toBe("10 projects");
  });
});

describe("parseSimpleMarkdown", () => {
  it("turns headings, paragraphs and line breaks into blocks", () => {
    expect(
      parseSimpleMarkdown("## The challenge\nLine one\nLine two\n\nNext para\n### Detail\n# Top"),
    ).toEqual([
      { type: "heading", level: 2, text: "The challenge" },
      { type: "paragraph", lines: ["Line one", "Line two"] },
      { type: "paragraph", lines: ["Next para"] },
      { type: "heading", level: 3, text: "Detail" },
      { type: "heading", level: 2, text: "Top" },
    ]);
  });

  it("keeps HTML as plain text and copes with Windows line endings and empty input", () => {
    expect(parseSimpleMarkdown("<script>alert(1)</script>\r\n<b>x</b>")).toEqual([
      { type: "paragraph", lines: ["<script>alert(1)</script>", "<b>x</b>"] },
    ]);
    expect(parseSimpleMarkdown("")).toEqual([]);
    expect(parseSimpleMarkdown("##no space")).toEqual([{ type: "paragraph", lines: ["##no space"] }]);
  });
});

describe("minutesToWait", () => {
  it("rounds a wait up to whole minutes, at least one", async () => {
    const { minutesToWait } = await import("~/platform/text/metrics");
    expect(minutesToWait(1)).toBe("1 minute");
    expect(minutesToWait(60)).toBe("1 minute");
    expect(minutesToWait(61)).toBe("2 minutes");
    expect(minutesToWait(900)).toBe("15 minutes");
  });
});
