import { describe, expect, it } from "vitest";

import { values } from "~/features/pages/content/about";
import { contactStats, faqs } from "~/features/pages/content/contact";
import { findService, services } from "~/features/pages/content/services";
import { seedCaseStudies } from "~/features/seed";
import { seedPackages } from "~/features/seed";
import { seedStory } from "~/features/seed";
import { seedTeam } from "~/features/seed";
import { seedTestimonials } from "~/features/seed";
import { seedSiteSettings } from "~/platform/site/launch-settings";
import { siteFacts, SiteSettingsSchema, withFacts } from "~/platform/site/site-settings";
import { formatEuro } from "~/platform/text/money";

const SERVICE_SLUGS = [
  "digital-marketing-strategy",
  "paid-ads-management",
  "website-development",
  "creative-direction",
  "seo",
  "automation-ai-app-development",
];

describe("services", () => {
  it("are the six the agency offers, in order, with unique slugs", () => {
    expect(services.map((s) => s.slug)).toEqual(SERVICE_SLUGS);
    expect(new Set(services.map((s) => s.slug)).size).toBe(6);
    expect(findService("seo")?.title).toBe("Search Engine Optimisation");
    expect(findService("nope")).toBeUndefined();
  });

  it("each have their own title, description and keywords", () => {
    for (const key of ["title", "description", "keywords"] as const) {
      expect(new Set(services.map((s) => s.meta[key])).size, key).toBe(6);
    }
  });

  it("state no figures of their own: a service page's figures are its case studies' results", () => {
    const copy = JSON.stringify(services);
    // Dollars on a euro site, and round numbers without a source, were what the review found.
    expect(copy).not.toMatch(/\$\d/);
    expect(copy).not.toMatch(/\d+(\.\d+)?x (average|return)/i);
    for (const service of services) expect(Object.keys(service)).not.toContain("claims");
  });

  it("have their sections and cards", () => {
    const seo = findService("seo")!;
    expect(seo.sections.find((s) => s.id === "areas")?.cards).toHaveLength(6);
    const specialised = seo.sections.find((s) => s.id === "specialised")!.cards;
    expect(specialised).toHaveLength(3);
    expect(specialised.every((c) => c.to === "/contact")).toBe(true);
    expect(findService("creative-direction")!.sections.find((s) => s.numbered)?.cards).toHaveLength(4);
    const automation = findService("automation-ai-app-development")!.sections.map((s) => s.id);
    expect(automation).toEqual(["services", "mobile", "web-apps"]);
    expect(findService("automation-ai-app-development")!.sections[0]!.cards).toHaveLength(4);
    const platforms = findService("paid-ads-management")!.sections[0]!.cards.map((c) => c.title);
    for (const p of [
      "Google",
      "Meta",
      "Instagram",
      "LinkedIn",
      "TikTok",
      "YouTube",
      "Twitter",
      "Pinterest",
    ]) {
      expect(
        platforms.some((t) => t.includes(p)),
        p,
      ).toBe(true);
    }
    for (const service of services) {
      const targets = service.closing.actions.map((a) => a.to);
      expect(targets).toContain("/contact");
      expect(targets).toContain("/work");
    }
    // Two ways on at the close, not three stacked buttons on a phone.
    for (const service of services) expect(service.closing.actions).toHaveLength(2);
  });
});

describe("home, about and contact copy", () => {
  const site = siteFacts(seedSiteSettings, new Date("2026-11-22T12:00:00Z"));

  it("has the headline stats from the settings, the packages and six testimonials", () => {
    expect(SiteSettingsSchema.parse(seedSiteSettings)).toEqual(seedSiteSettings);
    expect(site.headlineStats.map((s) => `${s.value} ${s.label}`)).toEqual([
      "250+ Clients Served",
      "95% Success Rate",
      "7 Years in Business",
      "24/7 Support",
    ]);
    expect(seedPackages.map((p) => [p.name, formatEuro(p.pricePerMonth), Boolean(p.popular)])).toEqual([
      ["Standard", "€1,250", false],
      ["Premium", "€2,500", true],
    ]);
    expect(seedTestimonials).toHaveLength(6);
    for (const t of seedTestimonials) expect(t.quote && t.name && t.role && t.company).toBeTruthy();
  });

  it("has the about page facts, each person once with one title", () => {
    expect(values.map((v) => v.name)).toEqual(["Integrity", "Expertise", "Innovation", "Results"]);
    expect(seedTeam.filter((t) => t.team).map((t) => t.team)).toEqual([
      "Strategy Team",
      "Creative Team",
      "Analytics Team",
      "Web Development Team",
    ]);
    // The story starts with the founding, whose year is the settings' (the about page shows that).
    expect(seedStory.map((m) => m.founding)).toEqual([true, false, false, false, false, false]);
    expect(seedStory.slice(1).map((m) => m.year)).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(seedTeam.find((p) => p.name === "Eoin Gallagher")!.role).toBe("Creative Director");
    expect(new Set(seedTeam.map((p) => p.name)).size).toBe(seedTeam.length);
  });

  it("has the contact tiles and four FAQs, and fills the facts into copy kept in the code", () => {
    // Not the home page's clients figure again: each figure is shown once on the site.
    expect(contactStats.map((s) => `${s.value} ${s.label}`)).toEqual([
      "24hrs Response Time",
      "1-2 wks To Get Started",
    ]);
    expect(faqs).toHaveLength(4);
    expect(faqs[0]!.answer).toContain("1-2 weeks");
    expect(faqs[2]!.answer).toContain("24/7");
    expect(faqs[3]!.answer).toContain("KPIs");
    const strategy = withFacts(findService("digital-marketing-strategy")!, {
      ...site,
      clientsServed: "300+",
    });
    expect(strategy.meta.description).toContain("trusted by 300+ businesses");
    expect(JSON.stringify(withFacts(services, site))).not.toMatch(/\{\w+\}/);
  });
});

describe("portfolio seed", () => {
  it("is one list of ten with unique slugs, metrics that start with a figure, and artwork", () => {
    expect(seedCaseStudies).toHaveLength(10);
    expect(new Set(seedCaseStudies.map((p) => p.slug)).size).toBe(10);
    for (const p of seedCaseStudies) {
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      for (const m of p.metrics ?? []) expect(m).toMatch(/^\S*\d\S*\s+\S/);
    }
    expect(seedCaseStudies.filter((p) => p.featured)).toHaveLength(3);
  });
});
