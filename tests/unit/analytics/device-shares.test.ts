import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { DeviceShares } from "~/features/analytics/components/device-shares";

const text = (devices: { device: string; visits: number; share: number }[]) =>
  renderToStaticMarkup(createElement(DeviceShares, { devices })).replaceAll("<!-- -->", "");

describe("the analytics screen's devices", () => {
  it("says 1 visit, not 1 visits, and counts the rest in the plural", () => {
    expect(text([{ device: "mobile", visits: 1, share: 1 }])).toContain("100% · 1 visit<");
    const two = text([
      { device: "desktop", visits: 1200, share: 0.75 },
      { device: "mobile", visits: 400, share: 0.25 },
    ]);
    expect(two).toContain("75% · 1,200 visits");
    expect(two).toContain("25% · 400 visits");
  });

  it("says so when there were no visits", () => {
    expect(text([])).toContain("No visits in this period.");
  });
});
