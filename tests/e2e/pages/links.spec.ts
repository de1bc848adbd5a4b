import { expect, test } from "@playwright/test";

// Crawls the public site from "/" and the sitemap: every internal link and image must answer.
test("no broken internal links or images", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const queue = ["/", ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)];
  const pages = new Set<string>();
  const assets = new Set<string>();
  const broken: string[] = [];

  while (queue.length) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    pages.add(path);
    const response = await request.get(path);
    if (response.status() !== 200) {
      broken.push(`${path} → ${response.status()}`);
      continue;
    }
    if (!response.headers()["content-type"]?.includes("text/html")) continue;
    const html = await response.text();
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
      const url = new URL(href!.replace(/&amp;/g, "&"), `${baseURL}${path}`);
      if (url.origin !== baseURL || url.pathname.startsWith("/admin")) continue;
      if (!pages.has(url.pathname) && pages.size + queue.length < 400) queue.push(url.pathname + url.search);
    }
    for (const [, src] of html.matchAll(/<(?:img|source)[^>]*(?:src|srcSet|srcset)="([^"]+)"/g)) {
      for (const candidate of src!.split(",").map((s) => s.trim().split(" ")[0]!)) {
        const url = new URL(candidate, `${baseURL}${path}`);
        if (url.origin === baseURL) assets.add(url.pathname);
      }
    }
  }
  for (const asset of assets) {
    const response = await request.get(asset);
    if (response.status() !== 200) broken.push(`${asset} → ${response.status()}`);
  }
  expect(pages.size).toBeGreaterThanOrEqual(30);
  expect(broken).toEqual([]);
});
