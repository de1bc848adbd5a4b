import { describe, expect, it } from "vitest";

import { parsePublishTime, toDayFirstWallTime, toDublinWallTime } from "~/platform/text/dublin-time";

const iso = (value: string) => parsePublishTime(value)?.toISOString();

describe("publish times in Dublin", () => {
  it("reads a datetime-local value as Irish winter time (UTC) and summer time (UTC+1)", () => {
    expect(iso("2026-01-15T09:30")).toBe("2026-01-15T09:30:00.000Z");
    expect(iso("2026-07-01T09:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(iso("2026-07-01T09:30:15")).toBe("2026-07-01T08:30:15.000Z");
  });

  it("handles the days the clocks change", () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 IST, so 01:30 never happens.
    expect(iso("2026-03-29T00:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(iso("2026-03-29T01:30")).toBeUndefined();
    expect(iso("2026-03-29T02:00")).toBe("2026-03-29T01:00:00.000Z");
    // 25 October 2026: 02:00 IST becomes 01:00 GMT, so 01:30 happens twice: the first is taken.
    expect(iso("2026-10-25T01:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(iso("2026-10-25T02:30")).toBe("2026-10-25T02:30:00.000Z");
  });

  it("takes an instant with Z or an offset as it is, and refuses anything else", () => {
    expect(iso("2026-07-01T09:30:00Z")).toBe("2026-07-01T09:30:00.000Z");
    expect(iso("2026-07-01T09:30:00.250+02:00")).toBe("2026-07-01T07:30:00.250Z");
    for (const bad of ["", "tomorrow", "2026-02-30T10:00", "2026-07-01T24:00", "2026-07-01", "1751360000"])
      expect(iso(bad)).toBeUndefined();
  });

  it("shows an instant back as the Dublin wall time a datetime-local input takes", () => {
    expect(toDublinWallTime(new Date("2026-07-01T08:30:00Z"))).toBe("2026-07-01T09:30");
    expect(toDublinWallTime(new Date("2026-12-01T08:30:00Z"))).toBe("2026-12-01T08:30");
    expect(parsePublishTime(toDublinWallTime(new Date("2026-10-25T00:30:00Z")))?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("reads a time typed day first, as an Irish owner writes it, and shows one back that way", () => {
    expect(iso("01/07/2026 09:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(iso("1/7/2026 9:30")).toBe("2026-07-01T08:30:00.000Z");
    expect(iso(" 27.11.2026, 14:30 ")).toBe("2026-11-27T14:30:00.000Z");
    expect(iso("27-11-2026 at 14.30")).toBe("2026-11-27T14:30:00.000Z");
    expect(iso("28/11/26 09:30")).toBe("2026-11-28T09:30:00.000Z");
    expect(iso("28/11/2026 9.30am")).toBe("2026-11-28T09:30:00.000Z");
    expect(iso("28/11/2026 2:15 pm")).toBe("2026-11-28T14:15:00.000Z");
    expect(iso("28/11/2026 at 12am")).toBe("2026-11-28T00:00:00.000Z");
    expect(iso("28/11/2026 12 p.m.")).toBe("2026-11-28T12:00:00.000Z");
    // Month first is not guessed at: the 13th month does not exist.
    for (const bad of [
      "11/27/2026 14:30",
      "31/02/2026 10:00",
      "27/11/2026",
      "27/11/2026 10",
      "27/11/2026 13pm",
      "27/11/2026 25:00",
    ])
      expect(iso(bad)).toBeUndefined();
    expect(toDayFirstWallTime(new Date("2026-07-01T08:30:00Z"))).toBe("01/07/2026 09:30");
    expect(iso(toDayFirstWallTime(new Date("2026-10-25T00:30:00Z")))).toBe("2026-10-25T00:30:00.000Z");
  });
});
