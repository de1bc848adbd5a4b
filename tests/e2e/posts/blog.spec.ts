import { expect, type Page, test } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";

import { withDb } from "../support/db";
import { open } from "../support/page";

const cards = (page: Page) => page.locator("main article");
const resultLine = (page: Page) => page.getByText(/^\d+ articles? found/);
const DRAFT = { slug: "tiktok-for-b2b", title: "TikTok for B2B: Does It Work? (Draft)" };

test.describe("blog list", () => {
  test("shows the published posts, newest first, with their card parts @nojs", async ({ page }) => {
    await open(page, "/blog");
    await expect(resultLine(page)).toHaveText("6 articles found");
    await expect(cards(page)).toHaveCount(6);
    const first = cards(page).first();
    await expect(first.getByRole("heading")).toHaveText(
      "Measuring Marketing ROI Without Drowning in Dashboards",
    );
    await expect(first).toContainText("6 October 2026");
    await expect(first).toContainText("Northwall Digital Team");
    await expect(first.getByRole("list", { name: "Topics" }).getByRole("listitem")).toHaveText([
      "Analytics",
      "Strategy",
    ]);
    await expect(first.getByRole("link", { name: /Read Article/ })).toHaveAttribute(
      "href",
      "/blog/measuring-marketing-roi",
    );
    await expect(page.getByText(DRAFT.title)).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveAttribute(
      "placeholder",
      "Search articles...",
    );
  });

  test("searches as the visitor types, in the URL, with skeletons while loading", async ({ page }) => {
    await open(page, "/blog");
    // Hold the request for a moment so the pending state can be seen.
    await page.route("**/blog?q=*", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole("searchbox", { name: "Search articles" }).fill("GOOGLE ADS");
    await expect(page.getByRole("list", { name: "Loading articles" }).getByRole("listitem")).toHaveCount(6);
    await expect(page).toHaveURL("/blog?q=GOOGLE+ADS");
    await expect(resultLine(page)).toHaveText("1 article found");
    await expect(cards(page).getByRole("heading")).toHaveText(
      "Google Ads Budgets: How Much Should a Small Business Spend?",
    );
  });

  test("typing keeps the search box; topics swap in place and Back brings the last list back", async ({
    page,
  }) => {
    await open(page, "/blog");
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.pressSequentially("seo", { delay: 120 });
    await expect(page).toHaveURL("/blog?q=seo");
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("seo");
    const found = await resultLine(page).textContent();

    const topics = page.getByRole("navigation", { name: "Topics" });
    const topic = (await topics.getByRole("link").nth(1).textContent())!;
    await topics.getByRole("link", { name: topic, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?q=seo&tag=`));
    await expect(resultLine(page)).toContainText(` in ${topic}`);
    await expect(topics.getByRole("link", { name: topic, exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );

    await page.goBack();
    await expect(page).toHaveURL("/blog?q=seo");
    await expect(resultLine(page)).toHaveText(found!);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("search and topic combine, work without JavaScript and can be shared @nojs", async ({ page }) => {
    await open(page, "/blog");
    await page
      .getByRole("navigation", { name: "Topics" })
      .getByRole("link", { name: "SEO", exact: true })
      .click();
    await expect(page).toHaveURL("/blog?tag=SEO");
    await expect(resultLine(page)).toHaveText("2 articles found in SEO");
    await expect(page.getByRole("link", { name: "SEO", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );

    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("slow");
    if (test.info().project.use.javaScriptEnabled === false)
      await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL("/blog?q=slow&tag=SEO");
    await expect(resultLine(page)).toHaveText("1 article found in SEO");

    await page.getByRole("link", { name: "All Topics" }).click();
    await expect(page).toHaveURL("/blog?q=slow");
    await expect(resultLine(page)).toHaveText("1 article found");

    await open(page, "/blog?tag=Local%20SEO");
    await expect(resultLine(page)).toHaveText("1 article found in Local SEO");
  });

  test("a search that names a topic offers every article filed under it @nojs", async ({ page }) => {
    // Search reads titles and excerpts: "seo" finds fewer articles than the topic SEO holds.
    await open(page, "/blog?q=seo");
    await page.getByRole("link", { name: "See all articles in SEO" }).click();
    await expect(page).toHaveURL("/blog?tag=SEO");
    await expect(resultLine(page)).toHaveText("2 articles found in SEO");
    await expect(page.getByRole("link", { name: "See all articles in SEO" })).toHaveCount(0);
  });

  test("the most used topics show first; the rest fold under More topics @nojs", async ({ page }) => {
    await open(page, "/blog");
    const topics = page.getByRole("navigation", { name: "Topics" });
    const pills = topics.getByRole("list").first().getByRole("link");
    await expect(pills).toHaveCount(9);
    await expect(pills.first()).toHaveText("All Topics");
    const more = topics.getByRole("list", { name: "More topics" }).getByRole("link");
    await expect(more.first()).toBeHidden();
    await topics.getByText(/^More topics \(\d+\)$/).click();
    const folded = (await more.first().textContent())!;
    await more.first().click();
    // The chosen topic joins the pills, marked as chosen.
    await expect(pills.filter({ hasText: folded })).toHaveAttribute("aria-current", "true");
  });

  test("the empty state offers to clear the search or show everything @nojs", async ({ page }) => {
    await open(page, "/blog?q=quantum+knitting&tag=SEO");
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    await expect(resultLine(page)).toHaveText("0 articles found in SEO");
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL("/blog?tag=SEO");
    await expect(resultLine(page)).toHaveText("2 articles found in SEO");
    await open(page, "/blog?q=quantum+knitting");
    // Without a topic, clearing the search is showing everything: one button, not two that do the same.
    await expect(page.getByRole("link", { name: "Clear search" })).toHaveCount(0);
    await page.getByRole("link", { name: "Show all articles" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page)).toHaveCount(6);
  });

  test("a page past the last is the blog's own page, saying where the articles are, with status 404 @nojs", async ({
    page,
  }) => {
    const response = await open(page, "/blog?page=9");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Insights & Articles");
    await expect(page.getByRole("heading", { name: "No articles on page 9" })).toBeVisible();
    await expect(page.getByText("The blog has 1 page of articles.")).toBeVisible();
    await page.getByRole("link", { name: "Show all articles" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page)).toHaveCount(6);
  });

  test("pages through a large blog twelve at a time with prev/next links @mutates", async ({ page }) => {
    withDb((db) => {
      const insert = db.prepare(
        "insert into posts (id, title, slug, excerpt, content, tags, status, created_at, updated_at) values (?, ?, ?, ?, ?, '[]', 'published', ?, ?)",
      );
      for (let i = 0; i < 14; i++) {
        const at = Date.UTC(2020, 0, 1 + i);
        insert.run(
          `paging-${i}`,
          `Archive note ${i}`,
          `archive-note-${i}`,
          "An older note.",
          "<p>Note</p>",
          at,
          at,
        );
      }
    });
    try {
      await open(page, "/blog?q=Archive+note");
      await expect(resultLine(page)).toHaveText("14 articles found");
      await expect(cards(page)).toHaveCount(12);
      await expect(page.locator('head link[rel="next"]')).toHaveAttribute(
        "href",
        /\/blog\?q=Archive\+note&page=2$/,
      );
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Next/ }).click();
      await expect(page).toHaveURL("/blog?q=Archive+note&page=2");
      await expect(cards(page)).toHaveCount(2);
      await expect(resultLine(page)).toHaveText("14 articles found");
      await expect(page.getByText("Page 2 of 2")).toBeVisible();
      await expect(page.locator('head link[rel="prev"]')).toHaveAttribute("href", /\/blog\?q=Archive\+note$/);
      const beyond = await page.request.get("/blog?q=Archive+note&page=3");
      expect(beyond.status()).toBe(404);
    } finally {
      withDb((db) => db.prepare("delete from posts where id like 'paging-%'").run());
    }
  });

  test("the newsletter box validates, stores once and answers the same for a known address @nojs", async ({
    page,
  }) => {
    const email = `reader-${test.info().project.name}@example.ie`;
    await open(page, "/blog");
    const box = page.getByRole("region", { name: "Get Growth Tips in Your Inbox" });
    await box.getByRole("textbox", { name: "Email address" }).fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(box.getByText("Please enter a valid email address")).toBeVisible();
    await box.getByRole("textbox", { name: "Email address" }).fill(email.toUpperCase());
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText(CHECK_INBOX)).toBeVisible();
    if (test.info().project.use.javaScriptEnabled !== false) {
      // Sent without a reload: the reader stays where they were.
      await expect(box.getByRole("status")).toBeInViewport();
    }

    await open(page, "/blog");
    await box.getByRole("textbox", { name: "Email address" }).fill(email);
    await box.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText(CHECK_INBOX)).toBeVisible();
    const rows = withDb((db) =>
      db.prepare("select email, status from newsletter_subscribers where email = ?").all(email),
    );
    expect(rows).toEqual([{ email, status: "pending" }]);
  });
});

const CHECK_INBOX =
  "Nearly there: check your inbox and open the link we've sent to confirm your subscription.";

test.describe("blog post", () => {
  const slug = "local-seo-dublin-2026-checklist";

  test("shows every part of the article @nojs", async ({ page }) => {
    await open(page, `/blog/${slug}`);
    await expect(page).toHaveTitle(
      "Local SEO in Dublin: A 2026 Checklist for Service Businesses | Northwall Digital",
    );
    const article = page.locator("main article").first();
    await expect(article.locator("time").first()).toHaveText("3 February 2026");
    await expect(article).toContainText("Northwall Digital Team");
    await expect(article).toContainText("2 min read");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Local SEO in Dublin: A 2026 Checklist for Service Businesses",
    );
    await expect(article.getByRole("list", { name: "Topics" }).getByRole("link")).toHaveText([
      "SEO",
      "Local SEO",
      "Google Business Profile",
    ]);
    // Its cover is the one the site drew (the title set again): the cards show it, the article does not.
    await expect(page.getByRole("img", { name: /Illustration for/ })).toHaveCount(0);
    await expect(
      page.getByRole("heading", { level: 2, name: "Start with your Google Business Profile" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "About the Northwall Team" })).toBeVisible();
    const related = page.getByRole("region", { name: "Related Articles" }).getByRole("article");
    await expect(related).toHaveCount(3);
    await expect(related.first().getByRole("heading")).toHaveText(
      "Why Your Website Is Slow (and Why It Costs You Customers)",
    );
    await expect(page.getByRole("region", { name: "Related Articles" })).not.toContainText("TikTok");
    // The article starts under its title: no button that leads to itself.
    await expect(page.getByRole("link", { name: "Read More" })).toHaveCount(0);
  });

  test("publishes article metadata and valid JSON-LD", async ({ page }) => {
    await open(page, `/blog/${slug}`);
    await expect(page.locator('meta[property="article:section"]')).toHaveAttribute("content", "Marketing");
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      "content",
      "2026-02-03T09:00:00.000Z",
    );
    await expect(page.locator('meta[property="article:tag"]')).toHaveCount(3);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${slug}$`));
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((text) => JSON.parse(text)["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Article", "BreadcrumbList"]));
    const article = blocks.map((t) => JSON.parse(t)).find((j) => j["@type"] === "Article");
    expect(article).toMatchObject({
      headline: expect.any(String),
      datePublished: expect.any(String),
      author: { name: "Northwall Digital Team" },
    });
  });

  test("Share copies the link and says so when there is no share sheet", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await open(page, `/blog/${slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/blog/${slug}$`));
  });

  test("Share uses the device's share sheet when there is one", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await open(page, `/blog/${slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
    expect(shared).toMatchObject({
      title: "Local SEO in Dublin: A 2026 Checklist for Service Businesses",
      url: expect.stringContaining(slug),
    });
    expect(shared.text).toContain("The twelve things we check first");
  });

  test("without JavaScript there is no dead Share button @nojs-only", async ({ page }) => {
    await open(page, `/blog/${slug}`);
    await expect(page.getByRole("button", { name: "Share" })).toBeHidden();
  });

  test("a missing or draft post is 'Article Not Found' with status 404 @nojs", async ({ page }) => {
    for (const path of ["/blog/no-such-article", `/blog/${DRAFT.slug}`]) {
      const response = await open(page, path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
      await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("the body is sanitized when shown @mutates", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    withDb((db) =>
      db
        .prepare(
          "insert into posts (id, title, slug, excerpt, content, tags, status) values ('xss-post', 'Hostile', 'hostile-html', 'x', ?, '[]', 'published')",
        )
        .run(
          `<p>Safe text</p><script>alert("script")</script><img src="x" onerror="alert('img')"><a href="javascript:alert('link')">link</a><svg onload="alert('svg')"></svg><iframe src="https://example.com"></iframe>`,
        ),
    );
    try {
      await open(page, "/blog/hostile-html");
      await expect(page.getByText("Safe text")).toBeVisible();
      await page.locator("#article-content a", { hasText: "link" }).click();
      await expect(
        page.locator("#article-content script, #article-content iframe, #article-content svg"),
      ).toHaveCount(0);
      await expect(page.locator("#article-content img")).not.toHaveAttribute("onerror", /.*/);
      expect(dialogs).toEqual([]);
    } finally {
      withDb((db) => db.prepare("delete from posts where id = 'xss-post'").run());
    }
  });
});

test.describe("the blog API", () => {
  test("GET /api/blog?status=published lists published posts with the API's fields", async ({ request }) => {
    const response = await request.get("/api/blog?status=published");
    expect(response.status()).toBe(200);
    const posts = await response.json();
    expect(posts).toHaveLength(6);
    for (const key of [
      "id",
      "slug",
      "title",
      "excerpt",
      "content",
      "coverImage",
      "videoUrl",
      "tags",
      "createdAt",
      "updatedAt",
    ]) {
      expect(posts[0]).toHaveProperty(key);
    }
    expect(posts.map((p: { status: string }) => p.status)).not.toContain("draft");
    const times = posts.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("never shows a draft to the public and explains bad queries", async ({ request }) => {
    const all = await (await request.get("/api/blog")).json();
    expect(all.map((p: { slug: string }) => p.slug)).not.toContain(DRAFT.slug);
    const draft = await request.get(`/api/blog/${DRAFT.slug}`);
    expect(draft.status()).toBe(404);
    expect(await draft.json()).toEqual({ error: "Post not found" });
    expect((await request.get("/api/blog?status=draft")).status()).toBe(401);
    const bad = await request.get("/api/blog?status=bogus");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Invalid query", issues: [{ path: "status" }] });
    const one = await request.get("/api/blog/why-your-website-is-slow");
    expect((await one.json()).title).toBe("Why Your Website Is Slow (and Why It Costs You Customers)");
  });
});

test.describe("feeds", () => {
  const parser = new XMLParser({ ignoreAttributes: false });

  test("RSS is well-formed, absolute, linked from every page and has no draft", async ({ page, request }) => {
    const response = await request.get("/rss.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const items = parser.parse(xml).rss.channel.item;
    expect(items).toHaveLength(6);
    for (const item of items) expect(item.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/blog\/[a-z0-9-]+$/);
    expect(xml).not.toContain(DRAFT.slug);
    await open(page, "/about");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/rss.xml",
    );
  });

  test("the sitemap lists every public page, post and project with lastmod, and no draft", async ({
    request,
  }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const urls = parser.parse(xml).urlset.url as { loc: string; lastmod: string }[];
    const paths = urls.map((u) => new URL(u.loc).pathname);
    for (const path of [
      "/",
      "/services/seo",
      "/work",
      "/work/paynest",
      "/about",
      "/contact",
      "/blog",
      "/blog/why-your-website-is-slow",
      "/privacy",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths.filter((p) => p.startsWith("/work/"))).toHaveLength(10);
    expect(paths.filter((p) => p.startsWith("/blog/"))).toHaveLength(6);
    expect(paths).not.toContain(`/blog/${DRAFT.slug}`);
    for (const url of urls) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
  });

  test("robots.txt allows the site, keeps crawlers out of admin and API, and names the sitemap", async ({
    request,
  }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain("Allow: /");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /api");
    expect(text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });
});

test.describe("opening a post on a slow connection", () => {
  const POST = {
    path: "/blog/measuring-marketing-roi",
    title: "Measuring Marketing ROI Without Drowning in Dashboards",
  };
  const loading = (page: Page) => page.getByRole("status").filter({ hasText: "Loading article..." });
  // While the old page waits for the next, Playwright's own queries wait for the move to end, so the
  // page reports what the visitor sees meanwhile: the status's words, whenever they change.
  async function shownStatus(page: Page) {
    let shown = "";
    page.on("console", (message) => {
      if (message.text().startsWith("status:")) shown = message.text().slice("status:".length);
    });
    await page.evaluate(() =>
      new MutationObserver(() => {
        const status = document.querySelector<HTMLElement>("[role=status]#page-loading");
        const visible = status && getComputedStyle(status).opacity === "1";
        console.log(`status:${visible ? status.innerText.trim() : ""}`);
      }).observe(document.body, { childList: true, subtree: true, characterData: true }),
    );
    return () => shown;
  }

  const readFirst = (page: Page) =>
    cards(page)
      .first()
      .getByRole("link", { name: /Read Article/ })
      .click();

  // The post's page is held back until the test lets it go, as a slow connection would.
  async function holdPost(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${POST.path}`, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test("says the article is loading until it arrives, and not when the visitor comes back", async ({
    page,
  }) => {
    await open(page, "/blog");
    const release = await holdPost(page);
    // Playwright's click waits for the move it starts, so it is awaited once the page is let go.
    const status = await shownStatus(page);
    const clicking = readFirst(page);
    await expect.poll(status).toBe("Loading article...");
    release();
    await clicking;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(POST.title);
    await expect(loading(page)).toHaveCount(0);

    await page.goBack();
    await expect(resultLine(page)).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
  });

  test("goes when the visitor presses Escape to stop", async ({ page }) => {
    await open(page, "/blog");
    const release = await holdPost(page);
    const status = await shownStatus(page);
    const clicking = readFirst(page);
    await expect.poll(status).toBe("Loading article...");
    await page.keyboard.press("Escape");
    await expect.poll(status).toBe("");
    release();
    await clicking;
  });
});
