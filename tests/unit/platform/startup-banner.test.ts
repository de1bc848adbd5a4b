import { describe, expect, it } from "vitest";

import { startupBanner } from "~/platform/startup-banner";

describe("the start-up banner", () => {
  it("says where the site and the admin are, and how to make the first account while there is none", () => {
    const first = startupBanner("http://localhost:3000", { production: true, hasStaff: false });
    expect(first).toContain("Site    http://localhost:3000\n");
    expect(first).toContain("Admin   http://localhost:3000/admin\n");
    expect(first).toContain("npm run admin:create -- --username admin");
    const later = startupBanner("http://localhost:3000", { production: true, hasStaff: true });
    expect(later).not.toContain("admin:create");
    expect(later.split("\n").length).toBeLessThan(10);
  });
});
