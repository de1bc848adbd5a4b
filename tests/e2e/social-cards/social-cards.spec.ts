import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";

import { signIn } from "../support/auth";
import { open } from "../support/page";
import { unique } from "../support/unique";

const MAX_BYTES = 1024 * 1024;
const CARD = /\/uploads\/cards\/(post|study)-[0-9a-f-]{36}-[0-9a-f]{16}\.jpg$/;

/** The content of `<meta property|name="key">`, as a crawler reads it. */
function meta(html: string, key: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/:/g, "\\:")}" content="([^"]*)"`).exec(
    html,
  );
  return tag?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Fetches an image as a network's crawler does: it must be a JPEG or PNG under 1 MB. */
async function fetchImage(request: APIRequestContext, url: string) {
  const answer = await request.get(url);
  expect(answer.status(), url).toBe(200);
  const type = answer.headers()["content-type"] ?? "";
  expect(type, url).toMatch(/^image\/(jpeg|png)\b/);
  const body = await answer.body();
  expect(body.length, url).toBeLessThan(MAX_BYTES);
  const { format, width, height } = await sharp(body).metadata();
  expect(`image/${format}`, url).toBe(type.split(";")[0]);
  return { width: width!, height: height!, bytes: body.length };
}

test("every page in the sitemap names a JPEG or PNG social image that a network can fetch, with its alt", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  // Every kind of public page is in it.
  for (const path of [
    "/",
    "/services/seo",
    "/about",
    "/work",
    "/work/paynest",
    "/blog",
    "/contact",
    "/privacy",
  ])
    expect(pages).toContain(path);
  expect(pages.some((p) => /^\/blog\/[^/]+$/.test(p))).toBe(true);

  const seen = new Map<string, { width: number; height: number }>();
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const image = meta(html, "og:image");
    expect(image, path).toBeTruthy();
    expect(image!, path).not.toMatch(/\.svg(\?|#|$)/i);
    expect(meta(html, "twitter:image"), path).toBe(image);
    expect(meta(html, "og:image:alt"), path).toBeTruthy();
    expect(meta(html, "twitter:image:alt"), path).toBe(meta(html, "og:image:alt"));
    expect(meta(html, "og:image:type"), path).toMatch(/^image\/(jpeg|png)$/);

    // A post or case study has a card of its own; every other page the brand's default card.
    const own = /^\/(blog|work)\/[^/]+$/.test(path);
    if (own) expect(image!, path).toMatch(CARD);
    const size = seen.get(image!) ?? (await fetchImage(request, image!));
    seen.set(image!, size);
    if (CARD.test(image!)) {
      expect(size, path).toEqual({ width: 1200, height: 630, bytes: expect.any(Number) });
      expect(meta(html, "og:image:width"), path).toBe("1200");
      expect(meta(html, "og:image:height"), path).toBe("630");
      expect(meta(html, "og:image:type"), path).toBe("image/jpeg");
      // The alt says what the card shows: the title, its topic and the agency.
      expect(meta(html, "og:image:alt"), path).toMatch(/ — .+, .+$/);
    } else {
      expect(size.width, path).toBeGreaterThanOrEqual(1200);
    }
  }
  // Each post and case study has its own card.
  const cards = [...seen.keys()].filter((url) => CARD.test(url));
  expect(cards.length).toBe(pages.filter((p) => /^\/(blog|work)\/[^/]+$/.test(p)).length);
});

test.describe("a post's card follows its title @mutates", () => {
  test("editing the title in the admin gives the post a new card at a new address", async ({
    page,
    request,
  }) => {
    const id = unique();
    await signIn(page);
    const created = await page.request.post("/api/blog", {
      data: {
        title: `Cards follow titles ${id}`,
        excerpt: "A post whose card is redrawn.",
        content: "<p>Words.</p>",
        tags: ["Social Media"],
        status: "published",
      },
    });
    expect(created.status()).toBe(201);
    const post = (await created.json()) as { id: string; slug: string };

    // What a visitor (or a network's crawler) sees: no session.
    const visitor = { request };
    const before = await (await visitor.request.get(`/blog/${post.slug}`)).text();
    const first = meta(before, "og:image")!;
    expect(first).toMatch(CARD);
    expect(meta(before, "twitter:image:alt")).toBe(
      `Cards follow titles ${id} — Social Media, Northwall Digital`,
    );
    expect(await fetchImage(visitor.request, first)).toMatchObject({ width: 1200, height: 630 });

    await open(page, `/admin/posts?edit=${post.id}`);
    await page.getByLabel("Title", { exact: true }).fill(`Cards follow new titles ${id}`);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/result=updated/);

    const after = await (await visitor.request.get(`/blog/${post.slug}`)).text();
    const second = meta(after, "og:image")!;
    expect(second).toMatch(CARD);
    expect(second).not.toBe(first);
    expect(meta(after, "twitter:image:alt")).toBe(
      `Cards follow new titles ${id} — Social Media, Northwall Digital`,
    );
    const drawn = await fetchImage(visitor.request, second);
    expect(drawn).toMatchObject({ width: 1200, height: 630 });
    // A network that kept the old address is sent to the card the page shows now. (The earlier card
    // is removed once the new one is written, a moment after the save; the post's drawn cover is
    // redrawn for the new title too, and lands a moment later with a card of its own.)
    await expect
      .poll(async () => {
        const old = await request.get(first, { maxRedirects: 0 });
        const shown = meta(await (await visitor.request.get(`/blog/${post.slug}`)).text(), "og:image");
        const sentTo = old.status() === 301 ? new URL(old.headers()["location"]!, first).href : old.status();
        return sentTo === shown ? "the card shown" : { sentTo, shown };
      })
      .toBe("the card shown");
  });
});

test("an SVG social image is refused by the editor and the API, with a field error saying why", async ({
  page,
}) => {
  await signIn(page);
  const svg = "/images/brand/card.svg";
  const answer = await page.request.post("/api/blog", {
    data: {
      title: `SVG card ${unique()}`,
      excerpt: "Refused.",
      tags: [],
      socialImage: svg,
      status: "published",
    },
  });
  expect(answer.status()).toBe(400);
  expect((await answer.json()).issues).toEqual([
    expect.objectContaining({ path: "socialImage", message: expect.stringMatching(/JPEG, PNG or WebP/) }),
  ]);

  await open(page, "/admin/posts?new");
  await page.getByLabel("Title", { exact: true }).fill(`SVG card ${unique()}`);
  await page.getByLabel("Excerpt").fill("Refused.");
  await page.getByLabel("Social image URL").fill(svg);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByLabel("Social image URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/Social image must be a JPEG, PNG or WebP picture/)).toBeVisible();
});
