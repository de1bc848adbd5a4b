import { describe, expect, it } from "vitest";

import { toCsv } from "~/platform/text/csv";

describe("toCsv", () => {
  it("quotes every cell, doubles quotes, keeps line breaks inside a cell and ends lines with CRLF", () => {
    expect(toCsv(["a", "b"], [['say "hi"', "two\nlines"]])).toBe('a,b\r\n"say ""hi""","two\nlines"\r\n');
  });

  it("defuses a cell a spreadsheet would run as a formula", () => {
    for (const formula of ["=SUM(A1)", "+1", "-1", "@cmd", "\tx", "\rx"])
      expect(toCsv(["x"], [[formula]])).toBe(`x\r\n"'${formula}"\r\n`);
    expect(toCsv(["x"], [["a = b"]])).toBe('x\r\n"a = b"\r\n');
  });
});
