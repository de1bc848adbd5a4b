import { describe, expect, it } from "vitest";

import { closestPage } from "~/features/pages/index.server";

const pages = [
  { path: "/services/seo", title: "Search Engine Optimisation" },
  { path: "/services/paid-ads-management", title: "Paid Ads Management" },
  { path: "/work", title: "Our Work" },
  { path: "/work/glow-aesthetics-clinic", title: "Glow Aesthetics Clinic" },
  { path: "/blog/local-seo-dublin-2026-checklist", title: "Local SEO in Dublin" },
  { path: "/contact", title: "Contact" },
];

describe("the page a missed address most likely meant", () => {
  it("forgives a typo, a changed word and a different case", () => {
    expect(closestPage("/servics/seo", pages)?.path).toBe("/services/seo");
    expect(closestPage("/services/paid-ad-management", pages)?.path).toBe("/services/paid-ads-management");
    expect(closestPage("/Contact/", pages)?.path).toBe("/contact");
    expect(closestPage("/blog/local-seo-dublin-checklist", pages)?.path).toBe(
      "/blog/local-seo-dublin-2026-checklist",
    );
  });

  it("takes two letters swapped for one slip", () => {
    // Counted as two edits in five letters, "/wrok" once found nothing.
    expect(closestPage("/wrok", pages)?.path).toBe("/work");
    expect(closestPage("/contcat", pages)?.path).toBe("/contact");
    expect(closestPage("/servcies/seo", pages)?.path).toBe("/services/seo");
  });

  it("finds the page an address cut short begins", () => {
    expect(closestPage("/work/glow-aesthetics", pages)?.path).toBe("/work/glow-aesthetics-clinic");
  });

  it("offers nothing when nothing is near, rather than a guess", () => {
    expect(closestPage("/no/such/page", pages)).toBeNull();
    expect(closestPage("/wp-login.php", pages)).toBeNull();
    expect(closestPage("/", pages)).toBeNull();
    expect(closestPage("/%E0%A4", pages)).toBeNull();
    expect(closestPage(`/${"w".repeat(5000)}`, pages)).toBeNull();
  });
});
