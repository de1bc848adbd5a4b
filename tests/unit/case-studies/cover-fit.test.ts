import { describe, expect, it } from "vitest";

import { coverFitWarnings } from "~/features/case-studies/components/cover-fit";

const upload = (width: number, height: number) =>
  `/uploads/images/harbour-coffee-${width}x${height}/${width}.jpg`;

describe("a case study's cover", () => {
  it("of 16:9 and at least 1,200 px wide fits every slot", () => {
    expect(coverFitWarnings(upload(1600, 900))).toEqual([]);
    expect(coverFitWarnings(upload(1200, 675))).toEqual([]);
  });

  it("too small for the wide tile is said, with its width", () => {
    expect(coverFitWarnings(upload(800, 450))).toEqual([
      expect.stringMatching(/^This image is 800 px wide: .*at least 1,200 px wide\.$/),
    ]);
  });

  it("of another shape is said, with what the 16:9 cards will cut", () => {
    expect(coverFitWarnings(upload(1200, 1600))).toEqual([
      expect.stringContaining("its top and bottom will be cut"),
    ]);
    expect(coverFitWarnings(upload(3000, 1000))).toEqual([expect.stringContaining("its sides will be cut")]);
  });

  it("says nothing of the site's own artwork, no cover or an address it cannot measure", () => {
    expect(coverFitWarnings("/images/art/harbour-1200x675/1200.jpg")).toEqual([]);
    expect(coverFitWarnings(null)).toEqual([]);
    expect(coverFitWarnings("/uploads/other/cover.svg")).toEqual([]);
  });
});
