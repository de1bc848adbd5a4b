import { expect, test } from "@playwright/test";

import { withDb } from "../support/db";
import { SERVICE_PATHS } from "../support/paths";

const publicPages = [
  "/",
  ...SERVICE_PATHS,
  "/work",
  "/work/paynest",
  "/about",
  "/contact",
  "/blog",
  "/blog/why-your-website-is-slow",
  "/privacy",
];

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}
const metaContent = (html: string, attr: string, name: string) =>
  new RegExp(`<meta ${attr}="${name.replace(/[:]/g, "\\:")}" content="([^"]*)"`).exec(html)?.[1];

test("every public page has its own title and description, a canonical URL, Open Graph and valid JSON-LD", async ({
  request,
  baseURL,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of publicPages) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const description = metaContent(html, "name", "description");
    expect(title, path).toBeTruthy();
    expect(titles.has(title!), `${path} title is unique`).toBe(false);
    expect(descriptions.has(description!), `${path} description is unique`).toBe(false);
    titles.add(title!);
    descriptions.add(description!);
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    expect(metaContent(html, "name", "robots"), path).toBe(
      "index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1",
    );
    expect(metaContent(html, "property", "og:url"), path).toBe(`${baseURL}${path}`);
    expect(metaContent(html, "property", "og:image"), path).toMatch(new RegExp(`^${baseURL}/`));
    expect(metaContent(html, "property", "og:locale"), path).toBe("en_IE");
    expect(metaContent(html, "property", "og:locale:alternate"), path).toBe("en_US");
    expect(metaContent(html, "name", "twitter:card"), path).toBe("summary_large_image");
    const blocks = jsonLd(html);
    expect(blocks.length, path).toBeGreaterThan(0);
    for (const block of blocks) expect(block["@context"], path).toBe("https://schema.org");
  }
});

test("LocalBusiness carries the fields search engines need", async ({ request }) => {
  const html = await (await request.get("/contact")).text();
  const business = jsonLd(html).find((b) => b["@type"] === "LocalBusiness") as {
    areaServed: { name?: string; geoRadius?: number }[];
    hasOfferCatalog: { itemListElement: { itemOffered: { name: string } }[] };
  };
  expect(business).toMatchObject({
    name: "Northwall Digital",
    telephone: "+353 1 555 0142",
    email: "hello@northwalldigital.ie",
    address: {
      "@type": "PostalAddress",
      streetAddress: "12 North Wall Quay",
      addressLocality: "Dublin",
      postalCode: "D01 K8F3",
      addressCountry: "IE",
    },
    geo: { "@type": "GeoCoordinates" },
  });
  const areas = business.areaServed.map((a) => a.name ?? a.geoRadius);
  expect(areas).toEqual(["Dublin", "Ireland", "Europe", 100000]);
  const services = business.hasOfferCatalog.itemListElement.map((o) => o.itemOffered.name);
  expect(services).toEqual(["SEO Services", "PPC Management", "Digital Marketing Strategy"]);
  const crumbs = jsonLd(html).find((b) => b["@type"] === "BreadcrumbList") as {
    itemListElement: { name: string }[];
  };
  expect(crumbs.itemListElement.map((i) => i.name)).toEqual(["Home", "Contact"]);
});

test("the default social image is a real 1200×630 picture", async ({ request }) => {
  const response = await request.get("/og-default.png");
  expect(response.headers()["content-type"]).toBe("image/png");
  const png = await response.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("public HTML is cacheable with an ETag and 304; admin pages are private; assets are immutable", async ({
  request,
}) => {
  const page = await request.get("/services/seo");
  expect(page.headers()["cache-control"]).toBe(
    "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
  );
  const etag = page.headers()["etag"]!;
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await request.get("/services/seo", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect((await request.get("/admin/login")).headers()["cache-control"]).toBe("private, no-store");
  // Only the admin loads the app's modules (public pages carry no external script).
  const asset = /\/assets\/[^"\s]+\.js/.exec(await (await request.get("/admin/login")).text())![0];
  expect((await request.get(asset)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("publishing a post changes the blog's ETag @mutates", async ({ request }) => {
  const before = (await request.get("/blog")).headers()["etag"];
  withDb((db) =>
    db
      .prepare(
        "insert into posts (id, title, slug, excerpt, content, tags, status) values ('etag-post', 'Fresh news', 'fresh-news', 'New.', '<p>New</p>', '[]', 'published')",
      )
      .run(),
  );
  try {
    const after = await request.get("/blog", { headers: { "If-None-Match": before! } });
    expect(after.status()).toBe(200);
    expect(after.headers()["etag"]).not.toBe(before);
  } finally {
    withDb((db) => db.prepare("delete from posts where id = 'etag-post'").run());
  }
});

test("static pages are rendered once at start-up and served from memory, byte for byte the same", async ({
  request,
}) => {
  for (const path of ["/", "/services/seo", "/about", "/work", "/privacy"]) {
    const first = await request.get(path);
    const second = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(await second.body(), path).toEqual(await first.body());
    expect(second.headers()["etag"]).toBe(first.headers()["etag"]);
    expect(second.headers()["content-security-policy"]).toContain("script-src 'self' 'sha256-");
    expect(second.headers()["cache-control"]).toBe(
      "public, max-age=0, s-maxage=300, stale-while-revalidate=86400",
    );
    expect(
      (await request.get(path, { headers: { "If-None-Match": first.headers()["etag"]! } })).status(),
    ).toBe(304);
    const head = await request.head(path);
    expect(head.status()).toBe(200);
    expect(head.headers()["etag"]).toBe(first.headers()["etag"]);
  }
  // A filter the page reads is a page of its own; a campaign tag beside it is dropped (page-cache.spec).
  const filtered = await request.get("/work?category=Healthcare&utm_source=test");
  expect(filtered.status()).toBe(200);
});
