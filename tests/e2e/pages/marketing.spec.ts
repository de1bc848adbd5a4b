import { expect, type Page, test } from "@playwright/test";

import { withDb } from "../support/db";
import { open } from "../support/page";
import { SERVICE_PATHS } from "../support/paths";

const main = (page: Page) => page.locator("main");

async function expectImagesSized(page: Page) {
  const images = await page.locator("main img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute("src"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
    })),
  );
  for (const image of images) {
    expect(image.src, "local image").toMatch(/^\//);
    expect(image.width && image.height, `${image.src} has width and height`).toBeTruthy();
    expect(image.alt, `${image.src} has an alt attribute`).not.toBeNull();
  }
}

test.describe("home", () => {
  test("shows the pitch, stats, services, packages, case studies and testimonials @nojs", async ({
    page,
  }) => {
    await open(page, "/");
    await expect(page).toHaveTitle("Northwall Digital | Dublin Digital Marketing, SEO & PPC Agency");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      "Helping Businesses Grow, Year Over Year",
    );
    for (const stat of [
      "250+",
      "Clients Served",
      "95%",
      "Success Rate",
      // Counted from the year founded (the settings), so it agrees with "since 2019" (decision 021).
      String(new Date().getFullYear() - 2019),
      "Years in Business",
      "24/7",
      "Support",
    ]) {
      await expect(main(page).getByText(stat, { exact: true }).first()).toBeVisible();
    }
    // Each figure with where it comes from (the settings).
    await expect(page.getByRole("region", { name: "Our numbers" })).toContainText(
      "success rate is the share of clients who renewed after their first year",
    );
    const services = page.locator("#services");
    const serviceLinks = await services
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(serviceLinks).toEqual(SERVICE_PATHS);

    const standard = page.getByRole("article", { name: "Standard" });
    await expect(standard).toContainText("€1,250 / month, ex VAT");
    await expect(standard).toContainText("Multi-platform ads management");
    await expect(standard).toContainText("Up to 2 landing pages");
    const premium = page.getByRole("article", { name: "Premium" });
    await expect(premium).toContainText("€2,500");
    await expect(premium).toContainText("Most Popular");
    await expect(premium).toContainText("Complete SEO management");
    await expect(premium).toContainText("Including 250 directory listings");
    for (const pkg of [standard, premium]) {
      await expect(pkg.getByRole("link", { name: /Get Started/ })).toHaveAttribute("href", "/contact");
    }

    const caseStudies = page.getByRole("region", { name: "Case Studies" });
    await expect(caseStudies.getByRole("article")).toHaveCount(3);
    await expect(caseStudies.getByRole("link", { name: "View All Case Studies" })).toHaveAttribute(
      "href",
      "/work",
    );

    const testimonials = page.getByRole("region", { name: "What Our Clients Say" }).locator("figure");
    // Six featured, less the one the result card at the top quotes.
    await expect(testimonials).toHaveCount(5);
    await expect(testimonials.filter({ hasText: "Niamh O'Connor" })).toHaveCount(0);
    await expect(testimonials.first()).toContainText("Sinéad Byrne");
    await expect(testimonials.first()).toContainText("Founder, Glow Aesthetics Clinic");
    await expectImagesSized(page);
  });

  test("the hero's calls to action scroll to services and open the portfolio @nojs", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("link", { name: "Explore Our Services" }).click();
    await expect(page).toHaveURL("/#services");
    await expect(page.getByRole("heading", { name: "Our Services" })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "View Our Work" }).click();
    await expect(page).toHaveURL("/work");
  });

  test("a case study teaser opens its project", async ({ page }) => {
    await open(page, "/");
    const first = page.getByRole("region", { name: "Case Studies" }).getByRole("article").first();
    const title = await first.getByRole("heading").textContent();
    await first.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
  });
});

const servicePages = [
  { slug: "digital-marketing-strategy", title: "Digital Marketing Strategy" },
  { slug: "paid-ads-management", title: "Paid Ads Management" },
  { slug: "website-development", title: "Website Development" },
  { slug: "creative-direction", title: "Creative Direction" },
  { slug: "seo", title: "Search Engine Optimisation" },
  { slug: "automation-ai-app-development", title: "Automation, AI & App Development" },
];

/** The published case studies that credit a service, in the portfolio's order: the page's cards. */
const inPortfolioOrder = (service: string) =>
  withDb((db) =>
    (
      db
        .prepare(
          "select title, credits from case_studies where status = 'published' and deleted_at is null order by position, created_at",
        )
        .all() as { title: string; credits: string }[]
    )
      .map((study) => ({ title: study.title, credits: JSON.parse(study.credits) as string[] }))
      .filter((study) => study.credits.includes(service)),
  );
/** The same, those the service led (its first credit) first: where the page opens. */
const studiesCrediting = (service: string) =>
  inPortfolioOrder(service)
    .sort((a, b) => Number(b.credits[0] === service) - Number(a.credits[0] === service))
    .map((study) => study.title);

test.describe("service pages", () => {
  for (const service of servicePages) {
    test(`/services/${service.slug} has its hero, its case studies, sections and calls to action @nojs`, async ({
      page,
    }) => {
      const response = await open(page, `/services/${service.slug}`);
      expect(response?.status()).toBe(200);
      const hero = page.locator("main section").first();
      await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(hero.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");
      await expect(hero.getByRole("link", { name: "View Our Work" })).toHaveAttribute("href", "/work");
      // The hero's signature is the first study crediting the service (those it led first) that no
      // service before it in the list opens on; the cards below show the first three others in the
      // portfolio's order, each figure on the card of the study it came from.
      const crediting = studiesCrediting(service.title);
      const taken = new Set<string>();
      for (const earlier of servicePages.slice(0, servicePages.indexOf(service)))
        taken.add(studiesCrediting(earlier.title).find((title) => !taken.has(title))!);
      const signature = crediting.find((title) => !taken.has(title))!;
      await expect(hero.getByRole("figure")).toContainText(signature);
      const work = page.getByRole("region", { name: "Results We Delivered" }).getByRole("article");
      await expect(work.getByRole("heading")).toHaveText(
        inPortfolioOrder(service.title)
          .map((study) => study.title)
          .filter((title) => title !== signature)
          .slice(0, 3),
      );
      await expect(work.first().getByRole("list", { name: "Results" })).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText("$");
      await expect(
        page
          .getByRole("region", { name: /Why|What|Difference/ })
          .getByRole("listitem")
          .first(),
      ).toBeVisible();
      const closing = page.locator('section[aria-labelledby="closing-heading"]');
      await expect(closing.locator('a[href="/contact"]')).toHaveCount(1);
      await expect(closing.locator('a[href="/work"]')).toHaveCount(1);
      await expect(closing.getByRole("link")).toHaveCount(2);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`/services/${service.slug}$`),
      );
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /.+/);
    });
  }

  test("every service page has its own title and description", async ({ page }) => {
    const seen = new Set<string>();
    for (const { slug } of servicePages) {
      await page.goto(`/services/${slug}`);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(seen.has(title)).toBe(false);
      expect(seen.has(description!)).toBe(false);
      seen.add(title).add(description!);
    }
  });

  test("the SEO page's three specialised solutions lead to the contact page", async ({ page }) => {
    await open(page, "/services/seo");
    const solutions = page.getByRole("region", { name: "Specialised SEO Solutions" }).getByRole("link");
    await expect(solutions).toHaveCount(3);
    for (const href of await solutions.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toBe("/contact");
    }
    await expect(page.getByRole("region", { name: "Our SEO Services" }).getByRole("listitem")).toHaveCount(6);
  });

  test("the paid ads page lists all eight platforms", async ({ page }) => {
    await open(page, "/services/paid-ads-management");
    const platforms = page.getByRole("region", { name: "Platforms We Manage" });
    for (const name of [
      "Google Ads",
      "Meta (Facebook)",
      "Instagram",
      "LinkedIn",
      "TikTok",
      "YouTube",
      "Twitter (X)",
      "Pinterest",
    ]) {
      await expect(platforms.getByRole("heading", { name, exact: true })).toBeVisible();
    }
  });

  test("an unknown service is the 404 page", async ({ page }) => {
    const response = await page.goto("/services/astrology");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  });
});

test.describe("portfolio", () => {
  test("lists ten projects and filters instantly by category", async ({ page }) => {
    await open(page, "/work");
    await expect(page.getByText("10 projects", { exact: true })).toBeVisible();
    // The first six, then the rest on asking: the list grows in place and the address can be shared.
    await expect(main(page).getByRole("article")).toHaveCount(6);
    await page.getByRole("link", { name: /Show more projects/ }).click();
    await expect(page).toHaveURL("/work?show=12");
    await expect(main(page).getByRole("article")).toHaveCount(10);
    // Focus goes to the first new project, where the visitor's reading continues.
    await expect(main(page).getByRole("article").nth(6).getByRole("link")).toBeFocused();
    await expect(page.getByRole("link", { name: /Show more projects/ })).toHaveCount(0);
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    const pill = (name: string) => filter.getByRole("link", { name, exact: true });
    await expect(filter.getByRole("link").first()).toHaveText("All Categories");
    await expect(pill("All Categories")).toHaveAttribute("aria-current", "true");

    await pill("E-commerce").click();
    await expect(page).toHaveURL("/work?category=E-commerce");
    await expect(page.getByText("2 projects in E-commerce", { exact: true })).toBeVisible();
    await expect(main(page).getByRole("article")).toHaveCount(2);
    // The list swapped in place: the chosen pill keeps focus and shows its state.
    await expect(pill("E-commerce")).toBeFocused();
    await expect(pill("E-commerce")).toHaveAttribute("aria-current", "true");

    await pill("FinTech Growth").click();
    await expect(page.getByText("1 project in FinTech Growth", { exact: true })).toBeVisible();

    await pill("All Categories").click();
    await expect(page).toHaveURL("/work");
    await expect(page.getByText("10 projects", { exact: true })).toBeVisible();
  });

  test("the filter works without JavaScript and the filtered view can be shared @nojs", async ({ page }) => {
    await open(page, "/work");
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    // The categories with most projects first, then by name; past six the rest fold away.
    await expect(filter.getByRole("link")).toHaveText([
      "All Categories",
      "E-commerce",
      "Beauty & Wellness",
      "Business Transformation",
      "FinTech Growth",
      "Fitness & Performance",
      "Healthcare",
    ]);
    await filter.getByText("More categories (3)").click();
    await expect(filter.getByRole("link")).toHaveCount(10);
    await filter.getByRole("link", { name: "Healthcare" }).click();
    await expect(page).toHaveURL("/work?category=Healthcare");
    await expect(page.getByText("1 project in Healthcare", { exact: true })).toBeVisible();
    await open(page, "/work?category=E-commerce");
    await expect(filter.getByRole("link", { name: "E-commerce" })).toHaveAttribute("aria-current", "true");
    await expect(main(page).getByRole("article")).toHaveCount(2);
  });

  test("on a phone the chosen category shows beside All Categories, on the first screen @nojs", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/work?category=SEO Strategy");
    const chosen = page
      .getByRole("navigation", { name: "Filter by category" })
      .getByRole("link", { name: "SEO Strategy" });
    await expect(chosen).toBeInViewport({ ratio: 1 });
    // The row scrolls and holds every category, without a second control under it.
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    await expect(filter.getByRole("link")).toHaveCount(10);
    await expect(filter.getByText(/^More categories/)).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(chosen).toBeInViewport({ ratio: 1 });
  });

  test("an unmatched category shows the empty state, and Show All Projects resets @nojs", async ({
    page,
  }) => {
    const answer = await page.goto("/work?category=Knitting");
    // No such category: a 404 for search engines, the empty list for people.
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
    await expect(
      page.getByText("No projects match the selected category. Try selecting a different filter."),
    ).toBeVisible();
    await expect(page.getByText("0 projects in Knitting", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Show All Projects" }).click();
    await expect(page).toHaveURL("/work");
    await expect(main(page).getByRole("article")).toHaveCount(6);
  });

  test("Show more projects is a plain link that works without JavaScript @nojs", async ({ page }) => {
    await open(page, "/work");
    await expect(main(page).getByRole("article")).toHaveCount(6);
    await page.getByRole("link", { name: /Show more projects/ }).click();
    await expect(page).toHaveURL("/work?show=12");
    await expect(main(page).getByRole("article")).toHaveCount(10);
  });

  test("cards show at most two metrics and three tags, and every card opens a real project", async ({
    page,
    request,
  }) => {
    await open(page, "/work?show=12");
    const cards = main(page).getByRole("article");
    for (const card of await cards.all()) {
      expect(
        await card.getByRole("list", { name: "Results" }).getByRole("listitem").count(),
      ).toBeLessThanOrEqual(2);
      expect(
        await card.getByRole("list", { name: "Tags" }).getByRole("listitem").count(),
      ).toBeLessThanOrEqual(3);
    }
    const hrefs = await cards
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs).toHaveLength(10);
    for (const href of hrefs) {
      expect(href).toMatch(/^\/work\/[a-z0-9-]+$/);
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(await response.text()).not.toContain("Project Not Found");
    }
    await expectImagesSized(page);
  });
});

test.describe("project page", () => {
  test("shows the case study in full @nojs", async ({ page }) => {
    await open(page, "/work/paynest");
    await expect(page).toHaveTitle(/PayNest: Launching a FinTech App With Trust/);
    await expect(page.getByRole("link", { name: "← Back to Portfolio" })).toHaveAttribute("href", "/work");
    await expect(main(page).getByText("FinTech Growth", { exact: true }).first()).toBeVisible();
    await expect(main(page).locator("time")).toHaveText("2026");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "PayNest: Launching a FinTech App With Trust",
    );
    await expect(main(page)).toContainText("brought a savings app to 50,000 users");
    const tags = page.getByRole("list", { name: "Tags" });
    await expect(tags.getByRole("listitem")).toHaveText(["App Marketing", "TikTok", "Compliance", "ASO"]);
    const results = page.getByRole("region", { name: "Results at a glance" }).getByRole("listitem");
    await expect(results).toHaveCount(3);
    await expect(results.first()).toContainText("50k");
    await expect(results.first()).toContainText("Verified Users");
    await expect(page.getByRole("img", { name: /Artwork for the PayNest/ })).toHaveAttribute(
      "fetchpriority",
      "high",
    );
    await expect(page.getByRole("heading", { level: 2, name: "The challenge" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "The approach" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "The results" })).toBeVisible();
    const details = page.getByRole("complementary", { name: "Project details" });
    await expect(details).toContainText("PayNest");
    await expect(details.getByRole("link", { name: "Paid Ads Management" })).toHaveAttribute(
      "href",
      "/services/paid-ads-management",
    );
    await expect(
      page
        .getByRole("navigation", { name: "Next project" })
        .getByRole("link", { name: /Claddagh Coffee Roasters/ }),
    ).toHaveAttribute("href", "/work/claddagh-coffee-roasters");
    await expect(page.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "View More Work" })).toHaveAttribute("href", "/work");
    await expectImagesSized(page);
  });

  test("an unknown project is 'Project Not Found' with status 404 @nojs", async ({ page }) => {
    const response = await open(page, "/work/no-such-project");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Project Not Found");
    await expect(page.getByText("The project you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Portfolio" }).click();
    await expect(page).toHaveURL("/work");
  });
});

test("about tells the mission, values, teams, timeline and leadership @nojs", async ({ page }) => {
  await open(page, "/about");
  await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
  const mission = page.getByRole("region", { name: "Our Mission" });
  await expect(mission).toContainText("To help ambitious businesses grow");
  // The figures are the home page's, shown once on the site.
  await expect(page.getByRole("main")).not.toContainText("Success Rate");
  const values = page.getByRole("region", { name: "Our Values" }).getByRole("heading", { level: 3 });
  await expect(values).toHaveText(["Integrity", "Expertise", "Innovation", "Results"]);
  const teams = page.getByRole("region", { name: "Our Teams" }).getByRole("listitem");
  await expect(teams).toHaveCount(4);
  await expect(teams.nth(0)).toContainText("Strategy Team");
  await expect(teams.nth(0)).toContainText("Róisín Daly");
  await expect(teams.nth(3)).toContainText("Web Development Team");
  // One person, one title: the team card and the profile agree (decision 021).
  await expect(teams.nth(1)).toContainText("Eoin Gallagher, Creative Director");
  const years = page.getByRole("region", { name: "Our Story" }).locator("ol > li > p:first-of-type");
  await expect(years).toHaveText(["2019", "2020", "2021", "2022", "2023", "2024"]);
  const leaders = page.getByRole("region", { name: "The People You Will Work With" });
  for (const title of ["Founder & Managing Director", "Creative Director", "Analytics Lead"]) {
    await expect(leaders.getByText(title, { exact: true })).toBeVisible();
  }
});

test("contact shows the details, tiles and the FAQ @nojs", async ({ page }) => {
  await open(page, "/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ready to Grow?");
  const details = page.getByRole("complementary", { name: "Get in Touch" });
  await expect(details.getByRole("link", { name: "hello@northwalldigital.ie" })).toHaveAttribute(
    "href",
    "mailto:hello@northwalldigital.ie",
  );
  await expect(details.getByRole("link", { name: "+353 1 555 0142" })).toHaveAttribute(
    "href",
    "tel:+35315550142",
  );
  await expect(details).toContainText("12 North Wall Quay, Dublin 1, D01 K8F3, Ireland");
  await expect(details).toContainText("712345");
  await expect(details).toContainText("24hrs");
  await expect(details).toContainText("Response Time");
  await expect(details).toContainText("To Get Started");
  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  await expect(faq.locator("summary")).toHaveCount(4);
  const answer = faq.getByText(/start within 1-2 weeks/);
  await expect(answer).toBeHidden();
  await faq.getByText("How quickly can we get started?").click();
  await expect(answer).toBeVisible();
});

test.describe("motion", () => {
  // The suite runs with reduced motion (decorative loops cost CPU on every page); these tests see it move.
  test.use({ reducedMotion: "no-preference" });
  test("decorative animation runs normally and stops for reduced motion", async ({ page }) => {
    await open(page, "/about");
    const divider = page.locator(".animated-divider").first();
    await expect(divider).toHaveCSS("animation-name", "divider-flow");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(divider).toHaveCSS("animation-name", "none");
    const gradient = await divider.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(gradient).toContain("linear-gradient");
    // The glitch is the home page's headline alone.
    await open(page, "/");
    const glitch = await page
      .locator(".glitch .glitch-band")
      .first()
      .evaluate((el) => getComputedStyle(el, "::before").animationName);
    expect(glitch).toBe("none");
  });

  test("the 'once' glitch starts after 500 ms and lasts 1000 ms", async ({ page }) => {
    await open(page, "/");
    const timing = await page.locator(".glitch-once .glitch-band").evaluateAll((bands) =>
      bands.flatMap((el) =>
        ["::before", "::after"].map((part) => {
          const style = getComputedStyle(el, part);
          return [style.animationDelay, style.animationDuration, style.animationIterationCount];
        }),
      ),
    );
    expect(timing).toHaveLength(8);
    for (const each of timing) expect(each).toEqual(["0.5s", "1s", "1"]);
  });

  test("decorative motion animates only what the compositor moves (transform, opacity)", async ({ page }) => {
    for (const path of ["/", "/about"]) {
      await open(page, path);
      const animated = await page.evaluate(() =>
        document
          .getAnimations()
          .flatMap((animation) =>
            (animation.effect as KeyframeEffect)
              .getKeyframes()
              .flatMap((frame) =>
                Object.keys(frame).filter(
                  (key) => !["offset", "computedOffset", "easing", "composite"].includes(key),
                ),
              ),
          ),
      );
      expect(animated.length, `${path} has decorative motion`).toBeGreaterThan(0);
      expect(new Set(animated), path).toEqual(
        new Set(animated.filter((p) => ["transform", "opacity"].includes(p))),
      );
    }
  });

  test("endless motion off screen waits until it is scrolled into view", async ({ page }) => {
    await open(page, "/about");
    const divider = page.locator(".animated-divider").last();
    const state = () => divider.evaluate((el) => getComputedStyle(el).animationPlayState);
    await expect.poll(state).toBe("paused");
    await divider.scrollIntoViewIfNeeded();
    await expect.poll(state).toBe("running");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(state).toBe("paused");
  });
});

test("tooltips wait 700 ms, then the next one opens at once", async ({ page }) => {
  await open(page, "/");
  // Once the brand fonts are in: their swap moves the header under a still pointer, which leaves the
  // first switch early and would start the second tooltip's full delay (seen on a busy machine).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Measured inside the page, so a busy test machine cannot blur the timings.
  await page.evaluate(() => {
    const w = window as unknown as { shown: { text: string; at: number }[]; entered: number[] };
    w.shown = [];
    w.entered = [];
    document.addEventListener("pointerover", () => w.entered.push(performance.now()), true);
    new MutationObserver(() => {
      const tip = document.querySelector('[role="tooltip"]');
      if (tip && w.shown.at(-1)?.text !== tip.textContent)
        w.shown.push({ text: tip.textContent ?? "", at: performance.now() });
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole("radio", { name: "Light theme" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Light", { timeout: 3000 });
  await page.getByRole("radio", { name: "Dark theme" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Dark", { timeout: 3000 });
  const { shown, entered } = await page.evaluate(() => {
    const w = window as unknown as { shown: { text: string; at: number }[]; entered: number[] };
    return { shown: w.shown, entered: w.entered };
  });
  const enteredBefore = (at: number) => Math.max(...entered.filter((t) => t <= at));
  const light = shown.find((s) => s.text === "Light")!;
  const dark = shown.find((s) => s.text === "Dark")!;
  expect(light.at - enteredBefore(light.at)).toBeGreaterThanOrEqual(690);
  expect(dark.at - enteredBefore(dark.at)).toBeLessThan(300);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
});
