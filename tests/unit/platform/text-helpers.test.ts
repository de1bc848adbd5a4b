import { describe, expect, it } from "vitest";

import { dayInDublin, momentInDublin, timeAgo } from "~/platform/text/dates";
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

describe("dates as people say them", () => {
  const now = new Date("2026-11-27T15:00:00Z");
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("says how long ago within a week, and the date after (with the year when it is another)", () => {
    expect(timeAgo(before(2), now)).toBe("just now");
    expect(timeAgo(before(40), now)).toBe("40 seconds ago");
    expect(timeAgo(before(4 * 60), now)).toBe("4 minutes ago");
    expect(timeAgo(before(3 * 3600), now)).toBe("3 hours ago");
    expect(timeAgo(before(86_400), now)).toBe("1 day ago");
    expect(timeAgo(before(6 * 86_400), now)).toBe("6 days ago");
    expect(timeAgo(new Date("2026-03-03T12:00:00Z"), now)).toBe("on 3 March");
    expect(timeAgo(before(4979 * 86_400), now)).toBe("on 10 April 2013");
    // A moment a little ahead (a clock out by a second) is not "in the future".
    expect(timeAgo(before(-1), now)).toBe("just now");
  });

  it("gives a moment its year only when it is not this year's, in Dublin time", () => {
    // One shape with and without the year (ICU puts a comma after the weekday only without one).
    expect(momentInDublin(new Date("2026-12-01T09:00:00Z"), now)).toBe("Tue 1 Dec, 09:00");
    expect(momentInDublin(new Date("2027-01-01T19:00:00Z"), now)).toBe("Fri 1 Jan 2027, 19:00");
    // 23:30 UTC on New Year's Eve is still this year in Dublin (UTC+0 in winter)...
    expect(momentInDublin(new Date("2026-12-31T23:30:00Z"), now)).toBe("Thu 31 Dec, 23:30");
    // ...and 23:30 UTC on 31 May is 1 June in Dublin (summer time).
    expect(momentInDublin(new Date("2026-05-31T23:30:00Z"), now)).toBe("Mon 1 Jun, 00:30");
    expect(momentInDublin(new Date("2026-12-01T09:00:05Z"), now, { seconds: true })).toBe(
      "Tue 1 Dec, 09:00:05",
    );
  });

  it("writes a day the way it writes a moment, without the time", () => {
    expect(dayInDublin(new Date("2026-12-01T09:00:00Z"), now)).toBe("Tue 1 Dec");
    expect(dayInDublin(new Date("2025-11-28T04:04:00Z"), now)).toBe("Fri 28 Nov 2025");
    expect(dayInDublin(new Date("2026-05-31T23:30:00Z"), now)).toBe("Mon 1 Jun");
    // Words that are kept (an audit entry) say their year whatever year they are read in.
    expect(momentInDublin(new Date("2026-12-01T09:00:00Z"), now, { withYear: true })).toBe(
      "Tue 1 Dec 2026, 09:00",
    );
  });
});
