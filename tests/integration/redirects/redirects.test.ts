// Redirects and the 404 log, through the real service and a real SQLite file.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { notFoundHits, posts, redirects } from "#db/schema";
import {
  addImportedRedirects,
  addRedirect,
  deleteRedirect,
  isOwnAddress,
  listNotFound,
  listRedirects,
  NOT_FOUND_KEPT,
  NOT_FOUND_PER_CLIENT,
  pruneNotFound,
  recordNotFound,
  RedirectSchema,
  resolveRedirect,
} from "~/features/redirects/redirects.server";
import { getDb } from "~/platform/db.server";
import { ConflictError } from "~/platform/http/errors.server";

const add = (input: Record<string, unknown>) => addRedirect(RedirectSchema.parse(input));

describe("redirects", () => {
  it("checks what the owner types: a path, not the site's own addresses, a page or URL to go to", () => {
    const issues = (input: Record<string, unknown>) =>
      RedirectSchema.safeParse(input).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [];
    expect(issues({ from: "/", to: "/new" })).toEqual([["from", expect.stringContaining("Start with /")]]);
    expect(issues({ from: " ", to: "/new" })).toEqual([["from", "Enter the old address"]]);
    // A whole address from the old site is taken for its path.
    expect(RedirectSchema.parse({ from: "https://old.example.ie/about-us", to: "/about" }).from).toBe(
      "/about-us",
    );
    expect(issues({ from: "/admin/posts", to: "/new" })).toEqual([
      ["from", "That address belongs to the site itself and can't be redirected"],
    ]);
    expect(issues({ from: "/old", to: "//evil.example" })).toEqual([
      ["to", expect.stringContaining("Use a path")],
    ]);
    // Paths that a browser reads as another site's address, and addresses that are not web pages.
    for (const to of [
      "/\\evil.example/x",
      "/\\/evil.example",
      "/\t/evil.example",
      "/.//evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "evil.example",
      "http://",
    ])
      expect([to, issues({ from: "/old", to })]).toEqual([
        to,
        [["to", expect.stringContaining("Use a path")]],
      ]);
    // What is saved is the target as a browser will read it.
    expect(RedirectSchema.parse({ from: "/old", to: "/services/./seo/../seo?x=1" }).to).toBe(
      "/services/seo?x=1",
    );
    expect(RedirectSchema.parse({ from: "/old", to: "HTTPS://Example.IE" }).to).toBe("https://example.ie/");
    expect(issues({ from: "/old", to: "/new", status: 307 })).toEqual([["status", expect.any(String)]]);
    expect(RedirectSchema.parse({ from: "/Old-Page/?x=1", to: "https://example.ie/x" })).toEqual({
      from: "/Old-Page",
      to: "https://example.ie/x",
      status: 301,
      prefix: false,
    });
  });

  it("answers an exact path, and with a prefix everything under it, keeping the query", () => {
    add({ from: "/seo-services", to: "/services/seo" });
    add({ from: "/old-blog", to: "/blog", prefix: true, status: 302 });
    expect(resolveRedirect("/seo-services/")).toEqual({ location: "/services/seo", status: 301 });
    expect(resolveRedirect("/seo-services", "?utm_source=x")).toEqual({
      location: "/services/seo?utm_source=x",
      status: 301,
    });
    expect(resolveRedirect("/old-blog/local-seo")).toEqual({ location: "/blog/local-seo", status: 302 });
    expect(resolveRedirect("/old-blog")).toEqual({ location: "/blog", status: 302 });
    expect(resolveRedirect("/old-blogger")).toBeNull();
    expect(resolveRedirect("/seo-services/more")).toBeNull(); // exact only
  });

  it("never sends a visitor off the site unless the owner saved another site's full address", () => {
    // Saved before targets were parsed: they look like paths, and a browser would leave the site.
    getDb()
      .insert(redirects)
      .values([
        { fromPath: "/legacy-backslash", toPath: "/\\evil.example/x" },
        { fromPath: "/legacy-slashes", toPath: "//evil.example/x" },
      ])
      .run();
    add({ from: "/old-site", to: "/", prefix: true });
    add({ from: "/old-shop", to: "https://shop.example.ie", prefix: true });
    expect(resolveRedirect("/old-site//evil.example/login")).toEqual({
      location: "/evil.example/login",
      status: 301,
    });
    expect(resolveRedirect("/old-site/.//evil.example")).toEqual({
      location: "/evil.example",
      status: 301,
    });
    expect(resolveRedirect("/old-site/about")).toEqual({ location: "/about", status: 301 });
    expect(resolveRedirect("/old-shop//evil.example/cart", "?a=1")).toEqual({
      location: "https://shop.example.ie/evil.example/cart?a=1",
      status: 301,
    });
    expect(resolveRedirect("/legacy-backslash")).toBeNull();
    expect(resolveRedirect("/legacy-slashes")).toBeNull();
  });

  it("refuses a duplicate, a loop and a chain, and flattens the redirects that led to a moved page", () => {
    expect(() => add({ from: "/seo-services", to: "/x" })).toThrow(ConflictError);
    expect(() => add({ from: "/here", to: "/here" })).toThrow("can't redirect to itself");
    const [post] = getDb()
      .insert(posts)
      .values({ title: "Moving", slug: "moving-post", excerpt: "", content: "", status: "published" })
      .returning()
      .all();
    add({ from: "/a", to: "/blog/moving-post" });
    // While the post is live its address is the site's own: no redirect may hide it.
    expect(() => add({ from: "/blog/moving-post", to: "/a" })).toThrow("belongs to the site itself");
    getDb().update(posts).set({ status: "draft" }).where(eq(posts.id, post!.id)).run();
    expect(() => add({ from: "/blog/moving-post", to: "/a" })).toThrow(
      "That would loop: /a already redirects to /blog/moving-post",
    );
    expect(() => add({ from: "/c", to: "/a" })).toThrow(
      "/a already redirects to /blog/moving-post: point this one straight there",
    );
    // The post's old address moves on to /contact: /a goes straight there (one hop for visitors and
    // search engines).
    add({ from: "/blog/moving-post", to: "/contact" });
    expect(resolveRedirect("/a")).toEqual({ location: "/contact", status: 301 });
    expect(listRedirects().find((rule) => rule.fromPath === "/a")?.toPath).toBe("/contact");
  });

  it("refuses a target on this site where nothing is (the visitor would land on the 404 page)", () => {
    expect(() => add({ from: "/old-page", to: "/services" })).toThrow(
      "Nothing is at /services on this site, so visitors would land on the “not found” page",
    );
    expect(() => add({ from: "/old-post", to: "/blog/no-such-post" })).toThrow(
      "Nothing is at /blog/no-such-post",
    );
    for (const to of [
      "/#services",
      "/services/seo?ref=old",
      "/blog?tag=SEO",
      "/rss.xml",
      "https://elsewhere.example/",
    ])
      expect(add({ from: `/old-${to.length}`, to }).toPath).toBe(to);
  });

  it("waits while the post or case study it leads to is not live, and answers once it is", () => {
    const [post] = getDb()
      .insert(posts)
      .values({ title: "Private", slug: "was-private", excerpt: "", content: "", status: "draft" })
      .returning()
      .all();
    addImportedRedirects([
      { from: "/2019/05/was-private", to: "/blog/was-private" },
      { from: "/?p=41", to: "/blog/was-private" },
      { from: "/category/news", to: "/blog?tag=News" },
    ]);
    // A draft (private, password-protected or failed there): no 301 on to a 404.
    expect(resolveRedirect("/2019/05/was-private")).toBeNull();
    expect(resolveRedirect("/", "?p=41")).toBeNull();
    // Other rules are not held up by it.
    expect(resolveRedirect("/category/news")).toEqual({ location: "/blog?tag=News", status: 301 });
    getDb().update(posts).set({ status: "published" }).where(eq(posts.id, post!.id)).run();
    expect(resolveRedirect("/2019/05/was-private/")).toEqual({ location: "/blog/was-private", status: 301 });
    expect(resolveRedirect("/", "?p=41")).toEqual({ location: "/blog/was-private", status: 301 });
  });

  it("never starts from one of the site's own live addresses, however it is spelled", () => {
    getDb()
      .insert(posts)
      .values({ title: "Live", slug: "live-post", excerpt: "", content: "", status: "published" })
      .run();
    const own = [
      "/",
      "/ABOUT",
      "/about/",
      "/services/seo",
      "/Blog/Live-Post",
      "/blog/live%2Dpost",
      "/rss.xml",
      "/RSS.XML",
      "/robots.txt",
      "/sitemap.xml",
      "/.well-known/security.txt",
      "/%61dmin/login",
      "//admin",
      "/Admin/Login",
      "/API/blog",
      "/newsletter/confirm",
      "/uploads/images/x.jpg",
      "/favicon.ico",
    ];
    for (const path of own) expect([path, isOwnAddress(path)]).toEqual([path, true]);
    for (const path of ["/old-about", "/blog/gone-post", "/administrator", "/?p=12", "/blog/live-post?p=3"])
      expect([path, isOwnAddress(path)]).toEqual([path, false]);
    // The form and the API say so in words.
    for (const from of ["/ABOUT", "/Blog/Live-Post", "/robots.txt", "/.well-known/x"])
      expect(RedirectSchema.safeParse({ from, to: "/contact" }).error?.issues[0]?.message, from).toBe(
        "That address belongs to the site itself and can't be redirected",
      );
    // The WordPress and Ghost imports add none of them either.
    expect(
      addImportedRedirects([
        ...own.map((from) => ({ from, to: "/contact" })),
        { from: "/?p=12", to: "/blog/live-post" },
        { from: "/2019/05/old-post", to: "/blog/live-post" },
      ]),
    ).toBe(2);
    expect(resolveRedirect("/2019/05/old-post")).toEqual({ location: "/blog/live-post", status: 301 });
    expect(resolveRedirect("/robots.txt")).toBeNull();
  });

  it("removes one", () => {
    const rule = listRedirects().find((r) => r.fromPath === "/seo-services")!;
    expect(deleteRedirect(rule.id)).toBe(true);
    expect(resolveRedirect("/seo-services")).toBeNull();
    expect(deleteRedirect(rule.id)).toBe(false);
  });
});

describe("pages not found", () => {
  it("counts each missing path with its last referrer, and a redirect for it clears it", async () => {
    await recordNotFound("/pricing/", "https://www.google.com/", "198.51.100.1");
    await recordNotFound("/pricing", null, "198.51.100.2");
    await recordNotFound("/team", "https://partner.ie/links", "198.51.100.1");
    const [top] = listNotFound();
    expect(top).toMatchObject({ path: "/pricing", count: 2, referrer: "https://www.google.com/" });
    add({ from: "/pricing", to: "/services/seo" });
    expect(listNotFound().map((hit) => hit.path)).toEqual(["/team"]);
  });

  it("keeps 90 days and at most the newest NOT_FOUND_KEPT paths", () => {
    const db = getDb();
    const old = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    db.insert(notFoundHits).values({ path: "/ancient", firstSeenAt: old, lastSeenAt: old }).run();
    const rows = Array.from({ length: NOT_FOUND_KEPT + 5 }, (_, i) => ({
      path: `/scan-${i}`,
      lastSeenAt: new Date(Date.now() - (NOT_FOUND_KEPT + 5 - i) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500)
      db.insert(notFoundHits)
        .values(rows.slice(i, i + 500))
        .run();
    expect(pruneNotFound()).toBe(1 + 6); // the old one, and the oldest six beyond the cap (with /team)
    expect(db.select().from(notFoundHits).all()).toHaveLength(NOT_FOUND_KEPT);
  });

  it("counts one client only so far, an IPv6 client by its /64", async () => {
    getDb().delete(notFoundHits).run();
    const results = [];
    for (let i = 0; i <= NOT_FOUND_PER_CLIENT.points; i++)
      results.push(await recordNotFound(`/probe-${i}`, null, "2001:db8:5::1"));
    expect(results.slice(0, -1).every(Boolean)).toBe(true);
    expect(results.at(-1)).toBe(false);
    expect(await recordNotFound("/probe-other", null, "2001:db8:5::ffff")).toBe(false); // the same /64
    expect(await recordNotFound("/probe-other", null, "2001:db8:6::1")).toBe(true);
    const probes = listNotFound(5000).filter((hit) => hit.path.startsWith("/probe-"));
    expect(probes).toHaveLength(NOT_FOUND_PER_CLIENT.points + 1);
    getDb().delete(notFoundHits).run();
  });

  it("stays at NOT_FOUND_KEPT paths between prunes: a new path replaces the least hit, oldest one", async () => {
    const db = getDb();
    const rows = Array.from({ length: NOT_FOUND_KEPT }, (_, i) => ({
      path: `/full-${i}`,
      count: i === 0 ? 40 : 1, // the oldest is the one people keep hitting
      lastSeenAt: new Date(Date.now() - (NOT_FOUND_KEPT - i) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500)
      db.insert(notFoundHits)
        .values(rows.slice(i, i + 500))
        .run();
    expect(await recordNotFound("/brand-new", null, "198.51.100.77")).toBe(true);
    expect(await recordNotFound("/full-5", null, "198.51.100.77")).toBe(true);
    const paths = db
      .select({ path: notFoundHits.path })
      .from(notFoundHits)
      .all()
      .map((row) => row.path);
    expect(paths).toHaveLength(NOT_FOUND_KEPT);
    expect(paths).toContain("/brand-new");
    expect(paths).toContain("/full-0");
    expect(paths).not.toContain("/full-1");
    db.delete(notFoundHits).run();
  });
});
