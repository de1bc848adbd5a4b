// Posts in another language, against the built server: /ga/blog lists only the posts translated into
// Irish, a translation lives at its own slug (an old one answers 301), an untranslated post is a 404
// there offering the English one, both versions name each other (hreflang, x-default, og:locale,
// inLanguage), the sitemap lists both with alternates, each language has its feed, publishing a
// translation reaches the cached pages, and the admin's list shows each translation's state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON of any shape
type Loose = Record<string, any>;

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const sendJson = (method: string, path: string, body: unknown) =>
  send(path, owner, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const visit = (path: string) => fetch(`${server.baseURL}${path}`, { redirect: "manual" });
const page = async (path: string) => {
  const answer = await visit(path);
  return { status: answer.status, html: await answer.text(), location: answer.headers.get("location") };
};

const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)]
    .map(([, lang, href]) => `${lang} ${new URL(href!).pathname}`)
    .sort();

async function publishPost(title: string, tags: string[]): Promise<Loose> {
  const answer = await sendJson("POST", "/api/blog", {
    title,
    excerpt: `${title}, in English.`,
    content: `<p>${title} in English words.</p>`,
    tags,
    status: "published",
  });
  expect(answer.status).toBe(201);
  return answer.json();
}

async function translate(source: Loose, slug: string, title: string): Promise<Loose> {
  const answer = await sendJson("POST", "/api/blog", {
    lang: "ga",
    translationOf: source.id,
    title,
    slug,
    excerpt: `${title}, as Gaeilge.`,
    content: `<p>${title}: focail as Gaeilge.</p>`,
    tags: ["SEO"],
    status: "published",
  });
  expect(answer.status).toBe(201);
  return answer.json();
}

let translated: Loose;
let untranslated: Loose;
let irish: Loose;

beforeAll(async () => {
  await createUser("blog-lang-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "blog-lang-owner", password: PASSWORD },
  }));
  expect((await sendJson("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(
    200,
  );
  translated = await publishPost("Local search for Dublin shops", ["SEO"]);
  untranslated = await publishPost("Paid social in winter", ["Social"]);
  // Read before any translation exists, so the cached pages must be emptied by the publishing below.
  expect((await visit("/ga/blog")).status).toBe(404);
  expect(hreflangs(await (await visit(`/blog/${translated.slug}`)).text())).toEqual([]);
  irish = await translate(translated, "cuardach-aitiuil", "Cuardach áitiúil do shiopaí");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the blog in Irish", () => {
  it("lists only the translated post, in Irish words, linking to its Irish address", async () => {
    const { status, html } = await page("/ga/blog");
    expect(status).toBe(200);
    expect(html).toContain('<html lang="ga-IE"');
    expect(html).toContain("Cuardach áitiúil do shiopaí");
    expect(html).not.toContain("Paid social in winter");
    expect(html).not.toContain("Local search for Dublin shops");
    expect(html).toContain('href="/ga/blog/cuardach-aitiuil"');
    expect(html).toContain("Cuardaigh ailt");
    expect(html).toContain('action="/ga/blog"');
    expect(hreflangs(html)).toEqual(["en /blog", "ga /ga/blog", "x-default /blog"]);
  });

  it("filters by topic and search within the language", async () => {
    expect((await page("/ga/blog?tag=SEO")).html).toContain("Cuardach áitiúil do shiopaí");
    const none = await page("/ga/blog?q=winter");
    expect(none.html).not.toContain("Paid social in winter");
    expect(none.html).toContain("Níor aimsíodh aon ailt");
    for (const query of [
      "tag=__proto__",
      "tag=constructor",
      `q=${"á".repeat(5000)}`,
      "page=abc",
      "q[a][b]=1",
    ])
      expect((await visit(`/ga/blog?${query}`)).status, query).toBeLessThan(500);
    expect((await visit("/ga/blog?page=99")).status).toBe(404);
  });

  it("leaves the English blog as it was: both posts, English words", async () => {
    const { status, html } = await page("/blog");
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en-IE"');
    expect(html).toContain("Local search for Dublin shops");
    expect(html).toContain("Paid social in winter");
    expect(html).not.toContain("Cuardach áitiúil");
    expect(html).toContain("Search articles...");
  });

  it("is a 404 in a language the site is not in", async () => {
    expect((await visit("/fr/blog")).status).toBe(404);
    expect((await visit("/fr/blog/cuardach-aitiuil")).status).toBe(404);
    expect((await visit("/fr/rss.xml")).status).toBe(404);
  });
});

describe("a translated post", () => {
  it("is at its own slug, in Irish, naming both versions and x-default", async () => {
    const { status, html } = await page("/ga/blog/cuardach-aitiuil");
    expect(status).toBe(200);
    expect(html).toContain('<html lang="ga-IE"');
    expect(html).toContain("focail as Gaeilge");
    const both = [
      `en /blog/${translated.slug}`,
      "ga /ga/blog/cuardach-aitiuil",
      `x-default /blog/${translated.slug}`,
    ];
    expect(hreflangs(html)).toEqual(both);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/ga\/blog\/cuardach-aitiuil"/);
    expect(html).toContain('<meta property="og:locale" content="ga_IE"');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_IE"');
    expect(html).toContain('"inLanguage":"ga-IE"');
    expect(html).toMatch(/"name":"Blag","item":"[^"]*\/ga\/blog"/);
    // The English post names the same versions: reciprocal.
    const english = await page(`/blog/${translated.slug}`);
    expect(hreflangs(english.html)).toEqual(both);
    expect(english.html).toContain('<meta property="og:locale:alternate" content="ga_IE"');
    expect(english.html).toContain('"inLanguage":"en-IE"');
  });

  it("has a switcher going to the other version; an untranslated post's goes to the language's home", async () => {
    const english = await page(`/blog/${translated.slug}`);
    expect(english.html).toMatch(/href="\/ga\/blog\/cuardach-aitiuil" hrefLang="ga"/);
    const other = await page(`/blog/${untranslated.slug}`);
    expect(hreflangs(other.html)).toEqual([]);
    expect(other.html).toMatch(/href="\/" hrefLang="ga"/);
  });

  it("is a 404 under /ga when untranslated, offering the English post; unknown slugs too", async () => {
    const missing = await page(`/ga/blog/${untranslated.slug}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain(`href="/blog/${untranslated.slug}"`);
    expect(missing.html).toContain('<html lang="ga-IE"');
    expect(missing.html).toContain("Níor aimsíodh an t-alt");
    expect((await page("/blog/no-such-post")).html).toContain("Article Not Found");
    expect((await visit("/ga/blog/no-such-post")).status).toBe(404);
    // The English slug of a translated post is not its Irish address.
    expect((await visit(`/ga/blog/${translated.slug}`)).status).toBe(404);
  });

  it("answers 301 from its former slug once changed", async () => {
    const moved = await sendJson("PUT", `/api/blog/${irish.id}`, {
      lang: "ga",
      translationOf: translated.id,
      title: "Cuardach áitiúil do shiopaí",
      slug: "cuardach-aitiuil-baile",
      content: "<p>Cuardach áitiúil: focail as Gaeilge.</p>",
      tags: ["SEO"],
      status: "published",
    });
    expect(moved.status).toBe(200);
    const old = await page("/ga/blog/cuardach-aitiuil");
    expect(old.status).toBe(301);
    expect(old.location).toBe("/ga/blog/cuardach-aitiuil-baile");
    expect((await visit("/ga/blog/cuardach-aitiuil-baile")).status).toBe(200);
    expect(hreflangs((await page(`/blog/${translated.slug}`)).html)).toContain(
      "ga /ga/blog/cuardach-aitiuil-baile",
    );
  });
});

describe("the sitemap and the feeds", () => {
  it("lists both versions of the post and of the blog, each with the same alternates", async () => {
    const xml = await (await visit("/sitemap.xml")).text();
    const entry = (path: string) => new RegExp(`<url><loc>[^<]*${path}</loc>.*?</url>`).exec(xml)?.[0] ?? "";
    const alternates = (path: string) =>
      [...entry(path).matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(
        ([, lang, href]) => `${lang} ${new URL(href!).pathname}`,
      );
    const both = [
      `en /blog/${translated.slug}`,
      "ga /ga/blog/cuardach-aitiuil-baile",
      `x-default /blog/${translated.slug}`,
    ];
    expect(alternates(`/blog/${translated.slug}`)).toEqual(both);
    expect(alternates("/ga/blog/cuardach-aitiuil-baile")).toEqual(both);
    expect(alternates("/ga/blog")).toEqual(["en /blog", "ga /ga/blog", "x-default /blog"]);
    expect(xml).not.toContain(`/ga/blog/${untranslated.slug}`);
  });

  it("gives Irish its own feed of the translated posts, linked from its pages; the English feed unchanged", async () => {
    const feed = await visit("/ga/rss.xml");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/rss+xml");
    const irishFeed = await feed.text();
    expect(irishFeed).toContain("<language>ga-IE</language>");
    expect(irishFeed).toContain("/ga/blog/cuardach-aitiuil-baile</link>");
    expect(irishFeed).not.toContain("Paid social in winter");
    const english = await (await visit("/rss.xml")).text();
    expect(english).toContain("<language>en-IE</language>");
    expect(english).toContain("Paid social in winter");
    expect(english).not.toContain("Cuardach");
    const irishBlog = (await page("/ga/blog")).html;
    expect(irishBlog).toMatch(/type="application\/rss\+xml"[^>]*href="\/ga\/rss.xml"/);
    // hreflang names a page's translations (with a full address): a feed's link has none.
    for (const link of irishBlog.match(/<link[^>]*rss\+xml[^>]*>/g) ?? [])
      expect(link.toLowerCase()).not.toContain("hreflang");
  });
});

describe("the translation's state", () => {
  it("is outdated once the English post is edited, in the API and the admin's list", async () => {
    const listed = async () => (await (await send("/admin/posts", owner)).text()).replace(/<!-- -->/g, "");
    expect(await listed()).toContain("Irish: up to date");
    const edited = await sendJson("PUT", `/api/blog/${translated.id}`, {
      title: translated.title,
      excerpt: "A changed summary.",
      content: "<p>New English words.</p>",
      tags: ["SEO"],
      status: "published",
    });
    expect(edited.status).toBe(200);
    const read = await (await send("/api/blog?lang=ga", owner)).json();
    expect(read.find((item: Loose) => item.id === irish.id)?.state).toBe("outdated");
    const html = await listed();
    expect(html).toContain("Irish: outdated");
    expect(html).toContain("Irish: missing");
  });

  it("is shown in the post's own editor, and said after the save that outdated it", async () => {
    const editor = async (query = "") =>
      (await (await send(`/admin/posts?edit=${translated.id}${query}`, owner)).text()).replace(
        /<!-- -->/g,
        "",
      );
    const html = await editor();
    expect(html).toContain(">Translations</h3>");
    expect(html).toMatch(
      new RegExp(`<a[^>]*href="/admin/posts/${translated.id}/translate/ga"[^>]*>Irish: outdated</a>`),
    );
    expect(html).toContain("Outdated: the post changed after it was translated.");
    const saved = await editor(`&saved=${translated.slug}&result=updated`);
    expect(saved).toContain(
      "The Irish translation is now outdated: update it from Translations beside the post.",
    );
    // A post whose translation is only missing says nothing of it after a save.
    const other = await (
      await send(`/admin/posts?edit=${untranslated.id}&saved=${untranslated.slug}&result=updated`, owner)
    )
      .text()
      .then((text) => text.replace(/<!-- -->/g, ""));
    expect(other).toContain("Irish: missing");
    expect(other).not.toContain("now outdated");
  });
});

describe("writing a translation beside its source in the admin (no JavaScript)", () => {
  const screen = () => `/admin/posts/${untranslated.id}/translate/ga`;
  const postForm = (fields: Record<string, string> | string[][], path = screen()) =>
    send(path, owner, { method: "POST", body: new URLSearchParams(fields) });
  const irishRows = async () =>
    ((await (await send("/api/blog?lang=ga", owner)).json()) as Loose[]).filter(
      (item) => item.translationOf === untranslated.id,
    );

  it("shows the source beside a form starting from its words", async () => {
    const answer = await send(screen(), owner);
    expect(answer.status).toBe(200);
    const html = (await answer.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Paid social in winter in Irish");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('name="content"');
    expect((await send(`/admin/posts/${untranslated.id}/translate/fr`, owner)).status).toBe(404);
    expect((await send(`/admin/posts/${untranslated.id}/translate/en`, owner)).status).toBe(404);
    expect((await send(`/admin/posts/${untranslated.id}/translate/__proto__`, owner)).status).toBe(404);
    expect((await send("/admin/posts/no-such-post/translate/ga", owner)).status).toBe(404);
  });

  it("answers a mistake beside its field, keeping what was typed, writing nothing", async () => {
    const answer = await postForm({
      intent: "publish",
      title: "",
      content: "<p>Focail.</p>",
      excerpt: "Achoimre",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Title is required");
    expect(html).toContain("Achoimre");
    expect(await irishRows()).toEqual([]);
  });

  it("refuses hostile forms with a clear answer, never a 500, writing nothing", async () => {
    const statuses = [
      (await postForm({ intent: "delete", title: "X", content: "<p>x</p>" })).status,
      (await postForm({ intent: "publish", title: "X", content: "<p>x</p>", tags: "a,".repeat(1500) }))
        .status,
      (
        await postForm([
          ["intent", "publish"],
          ["__proto__", "x"],
          ["constructor", "y"],
          ["title", ""],
          ["content", ""],
        ])
      ).status,
      (
        await send(screen(), owner, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          // A broken escape and no body: decoded leniently, then refused for the missing body.
          body: "intent=publish&title=%E0%A4%A",
        })
      ).status,
      (
        await send(screen(), owner, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: `intent=publish&title=X&content=${"a".repeat(3 * 1024 * 1024)}`,
        })
      ).status,
    ];
    for (const status of statuses) expect(status).toBeGreaterThanOrEqual(400);
    for (const status of statuses) expect(status).toBeLessThan(500);
    expect(await irishRows()).toEqual([]);
  });

  it("publishes once when sent twice at once, and the Irish blog shows it at once", async () => {
    const fields = {
      intent: "publish",
      title: "Fógraíocht shóisialta sa gheimhreadh",
      slug: "fograiocht-gheimhridh",
      excerpt: "Achoimre as Gaeilge.",
      content: "<p>Focail as Gaeilge.</p><script>alert(1)</script>",
      tags: "Social",
      seoTitle: "",
      seoDescription: "",
    };
    const answers = await Promise.all([postForm(fields), postForm(fields)]);
    expect(answers.map((answer) => answer.status).sort()).toContain(303);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    const rows = await irishRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.content).not.toContain("<script");
    expect((await page("/ga/blog")).html).toContain("Fógraíocht shóisialta sa gheimhreadh");
    expect(hreflangs((await page(`/blog/${untranslated.slug}`)).html)).toContain(
      "ga /ga/blog/fograiocht-gheimhridh",
    );
    const after = await send(`${screen()}?saved=published`, owner);
    expect(await after.text()).toContain("Translation published.");
  });

  it("is for editors and the owner: a contributor is refused", async () => {
    await createUser("blog-lang-writer", PASSWORD, { role: "contributor" });
    const { adminSessionCookie } = await import("../../../scripts/lib/start-server");
    const writer = await adminSessionCookie(server.baseURL, {
      username: "blog-lang-writer",
      password: PASSWORD,
    });
    expect((await send(screen(), writer)).status).toBe(403);
    expect(
      (await send(screen(), writer, { method: "POST", body: new URLSearchParams({ intent: "publish" }) }))
        .status,
    ).toBe(403);
  });
});

describe("a language's first article", () => {
  it("turns the nav's Blog link of that language's cached pages to its blog", async () => {
    expect(
      (await sendJson("PUT", "/api/languages", { default: "en", languages: ["en", "ga", "de"] })).status,
    ).toBe(200);
    const about = await (await send("/api/pages/about", owner)).json();
    expect((await sendJson("PUT", "/api/pages/about?lang=de", about.published)).status).toBe(200);
    expect((await send("/api/pages/about/publish?lang=de", owner, { method: "POST" })).status).toBe(200);
    // The blog's own words in German are not yet a blog in German.
    const blogWords = await (await send("/api/pages/blog", owner)).json();
    blogWords.published.heading = "Einblicke aus Dublin";
    expect((await sendJson("PUT", "/api/pages/blog?lang=de", blogWords.published)).status).toBe(200);
    expect((await send("/api/pages/blog/publish?lang=de", owner, { method: "POST" })).status).toBe(200);
    expect((await visit("/de/blog")).status).toBe(404);
    const before = await page("/de/about");
    expect(before.status).toBe(200);
    expect(before.html).not.toContain('href="/de/blog"');
    const german = await sendJson("POST", "/api/blog", {
      lang: "de",
      translationOf: translated.id,
      title: "Lokale Suche für Dubliner Läden",
      content: "<p>Deutsche Wörter.</p>",
      status: "published",
    });
    expect(german.status).toBe(201);
    expect((await page("/de/about")).html).toContain('href="/de/blog"');
    const blog = await page("/de/blog");
    expect(blog.status).toBe(200);
    expect(blog.html).toContain("Einblicke aus Dublin");
    expect(blog.html).toContain("Lokale Suche für Dubliner Läden");
  });
});
