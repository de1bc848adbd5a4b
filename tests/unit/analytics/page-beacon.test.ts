import { describe, expect, it } from "vitest";

import { behavioursScript } from "~/platform/pages/page-behaviours";

describe("the page beacon", () => {
  it("is on public pages only, and adds under 1 KB to them", () => {
    const publicPage = behavioursScript(false);
    const admin = behavioursScript(true);
    expect(publicPage).toContain("sendBeacon");
    expect(publicPage).toContain('"/api/event"');
    expect(admin).not.toContain("sendBeacon");
    expect(Buffer.byteLength(publicPage) - Buffer.byteLength(admin)).toBeLessThan(1024);
  });

  it("sends the view and starts the Web Vitals script in tasks of their own, once the page has painted", () => {
    const publicPage = behavioursScript(false);
    expect(publicPage).toMatch(
      /requestAnimationFrame\(\(\) => \{\s*setTimeout\(send\);\s*setTimeout\(measure\);\s*\}\)/,
    );
  });
});
