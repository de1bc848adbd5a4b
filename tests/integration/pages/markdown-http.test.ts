// The machine-readable site over HTTP against the built server: /llms.txt, /llms-full.txt, every public
// page's Markdown copy (`.md` and `Accept: text/markdown`), the public words only (never a draft, even
// to a signed-in owner), hostile addresses and headers, and the AI crawlers the owner refuses in robots.txt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudies, posts } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { LLMS_FULL_MAX_BYTES } from "~/platform/pages/markdown-pages.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const DRAFT_WORDS = "DRAFT-WORDS-NEVER-PUBLIC";
/** Enough long posts (about 60 KB of words each) to pass llms-full.txt's bound. */
const LONG_POSTS = Math.ceil(LLMS_FULL_MAX_BYTES / 60_000) + 2;
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  const db = getDb();
  const old = new Date("2020-01-01T00:00:00Z");
  db.insert(posts)
    .values({
      title: "Local SEO for Dublin cafés",
      slug: "local-seo-dublin",
      excerpt: "How a café in Rathmines doubled its map views.",
      content:
        '<h2>Start with the map</h2><p>Claim the <strong>profile</strong> first. <a href="/contact">Talk to us</a>.</p><ul><li>Photos</li><li>Hours</li></ul>',
      status: "published",
    })
    .run();
  db.insert(posts)
    .values({
      title: "Secret draft",
      slug: "secret-draft",
      excerpt: DRAFT_WORDS,
      content: `<p>${DRAFT_WORDS}</p>`,
      status: "draft",
    })
    .run();
  const paragraph = `<p>${"Long words about search and paid media in Ireland. ".repeat(40)}</p>`;
  for (let n = 0; n < LONG_POSTS; n++)
    db.insert(posts)
      .values({
        title: `Long read ${n}`,
        slug: `long-read-${n}`,
        excerpt: "A long read.",
        content: paragraph.repeat(30),
        status: "published",
        createdAt: old,
      })
      .run();
  db.insert(caseStudies)
    .values({
      title: "Harbour Coffee [relaunch]",
      slug: "harbour-coffee",
      clientName: "Harbour Coffee",
      excerpt: "A new shop and 40% more orders.",
      body: "<p>We rebuilt the shop.</p>",
      category: "Web",
      status: "published",
    })
    .run();
  await createUser("markdown-owner", PASSWORD);
  ({ server, cookie } = await signedInServer({
    account: { username: "markdown-owner", password: PASSWORD },
  }));
}, 120_000);
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseURL}${path}`, { headers, redirect: "manual" });

describe("/llms.txt", () => {
  it("names the agency, its services and its most useful pages in the llms.txt format", async () => {
    const answer = await get("/llms.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await answer.text();
    const lines = text.split("\n");
    // An H1, then a blockquote, then H2 sections of "- [name](url): notes".
    expect(lines[0]).toBe("# Northwall Digital");
    expect(lines[2]).toMatch(/^> \S/);
    expect(text.match(/^## .*/gm)).toEqual([
      "## Services",
      "## Pages",
      "## Case studies",
      "## Blog",
      "## Optional",
    ]);
    const base = server.baseURL;
    expect(text).toContain(
      `- [Search Engine Optimisation](${base}/services/seo.md): Technical, local, e-commerce and content SEO`,
    );
    expect(text).toContain(`- [Home](${base}/index.md): Dublin digital marketing agency`);
    expect(text).toContain(
      `- [Local SEO for Dublin cafés](${base}/blog/local-seo-dublin.md): How a café in Rathmines doubled its map views.`,
    );
    // A title's brackets cannot end its link early.
    expect(text).toContain(
      `- [Harbour Coffee \\[relaunch\\]](${base}/work/harbour-coffee.md): Harbour Coffee:`,
    );
    expect(text).not.toContain(DRAFT_WORDS);
    expect(text).not.toContain("secret-draft");
    for (const item of lines.filter((line) => line.startsWith("- ")))
      expect(item).toMatch(/^- \[(?:[^\]\\]|\\.)+\]\(https?:\/\/[^\s)]+\)(?:: [^\n]{1,200})?$/);
  });
  it("is kept by the page cache until a page it names is published anew", async () => {
    await (await get("/llms.txt")).text();
    const kept = await get("/llms.txt");
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    const before = await kept.text();

    const json = { Cookie: cookie, "Content-Type": "application/json", Origin: server.baseURL };
    const about = (await (await fetch(`${server.baseURL}/api/pages/about`, { headers: json })).json())
      .published;
    about.meta.description = "A senior team in Dublin Docklands, since the start of the web.";
    const put = await fetch(`${server.baseURL}/api/pages/about`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify(about),
    });
    expect(put.status).toBe(200);
    const published = await fetch(`${server.baseURL}/api/pages/about/publish`, {
      method: "POST",
      headers: json,
    });
    expect(published.status).toBe(200);

    const after = await get("/llms.txt");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    const text = await after.text();
    expect(text).not.toBe(before);
    expect(text).toContain(
      `(${server.baseURL}/about.md): A senior team in Dublin Docklands, since the start of the web.`,
    );
  });
});

describe("a page's Markdown copy", () => {
  it("answers at the page's address plus .md, with a front matter and the page's words", async () => {
    const answer = await get("/blog/local-seo-dublin.md");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(answer.headers.get("link")).toBe(`<${server.baseURL}/blog/local-seo-dublin>; rel="canonical"`);
    const text = await answer.text();
    expect(text.startsWith('---\ntitle: "Local SEO for Dublin cafés | Northwall Digital"\n')).toBe(true);
    expect(text).toContain("# Local SEO for Dublin cafés");
    expect(text).toContain("## Start with the map");
    expect(text).toContain(`Claim the **profile** first. [Talk to us](${server.baseURL}/contact).`);
    expect(text).toMatch(/^- Photos$/m);
    // The page's controls are not its words.
    expect(text).not.toMatch(/<script|<form|Subscribe/);
  });

  it("answers every public page: home, a service, the lists, a case study, the legal pages, contact", async () => {
    for (const [path, words] of [
      ["/index.md", "# Helping Businesses Grow"],
      ["/services/seo.md", "Technical SEO"],
      ["/about.md", "# "],
      ["/contact.md", "# "],
      ["/work.md", "Harbour Coffee"],
      ["/work/harbour-coffee.md", "We rebuilt the shop."],
      ["/blog.md", "Local SEO for Dublin cafés"],
      ["/privacy.md", "# Privacy Policy"],
    ]) {
      const answer = await get(path!);
      expect([path, answer.status, answer.headers.get("content-type")]).toEqual([
        path,
        200,
        "text/markdown; charset=utf-8",
      ]);
      expect(await answer.text()).toContain(words);
    }
  });

  it("answers Accept: text/markdown at the page's own address, and the HTML names its copy", async () => {
    const markdown = await get("/blog/local-seo-dublin", { Accept: "text/markdown" });
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("vary")).toMatch(/\bAccept\b/);
    expect(await markdown.text()).toContain("## Start with the map");

    const html = await get("/blog/local-seo-dublin", { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("vary")).toMatch(/\bAccept\b/);
    expect(html.headers.get("link")).toBe(
      `<${server.baseURL}/blog/local-seo-dublin.md>; rel="alternate"; type="text/markdown"`,
    );
    const home = await get("/");
    expect(home.headers.get("link")).toBe(
      `<${server.baseURL}/index.md>; rel="alternate"; type="text/markdown"`,
    );
    // A redirect or a 404 at a page's address has no copy to name.
    for (const path of [
      "/About",
      "/blog/Local-Seo-Dublin",
      "/blog/no-such-post",
      "/services/no-such-service",
    ]) {
      const answer = await get(path);
      expect([path, answer.status < 300, answer.headers.get("link")]).toEqual([path, false, null]);
    }
    // Markdown named after HTML, or refused, or with a weight that is none, is not asked for first.
    for (const accept of [
      "text/html, text/markdown;q=0.5",
      "text/markdown;q=0, */*",
      "*/*",
      "text/markdown;q=abc",
      "text/markdown;q=2",
    ])
      expect((await get("/about", { Accept: accept })).headers.get("content-type")).toBe(
        "text/html; charset=utf-8",
      );
  });

  it("goes with the page: a 304 for the copy the client has, HEAD without a body, a moved address's copy", async () => {
    const first = await get("/about.md");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/-md"$/);
    expect((await get("/about.md", { "If-None-Match": etag })).status).toBe(304);
    const head = await fetch(`${server.baseURL}/about.md`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    const moved = await get("/Blog/Local-Seo-Dublin.md");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/blog/local-seo-dublin.md"]);
  });

  it("never shows a draft, not even to the signed-in owner", async () => {
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      const byAddress = await get("/blog/secret-draft.md", headers);
      expect(byAddress.status).toBe(404);
      expect(await byAddress.text()).not.toContain(DRAFT_WORDS);
      const byAccept = await get("/blog/secret-draft", { ...headers, Accept: "text/markdown" });
      expect(byAccept.status).toBe(404);
      expect(await byAccept.text()).not.toContain(DRAFT_WORDS);
    }
    // The owner's own HTML of the draft is theirs; its Markdown never is.
    const owners = await get("/blog/secret-draft", { Cookie: cookie });
    expect(await owners.text()).toContain(DRAFT_WORDS);
  });

  it("answers odd and hostile addresses and headers without a 500 or a copy of what is not a page", async () => {
    for (const path of [
      "/.md",
      "/blog/.md",
      "/blog/local-seo-dublin.md.md",
      "/blog.data.md",
      "/blog/local-seo-dublin.data.md",
      "/admin.md",
      "/admin/posts.md",
      "/api/blog.md",
      "/api/settings.md",
      "/sitemap.xml.md",
      "/llms.txt.md",
      "/%2e%2e/%2e%2e/etc/passwd.md",
      "/blog/%00.md",
      "/blog/__proto__.md",
      "/constructor.md",
      `/blog/${"a".repeat(5000)}.md`,
      "/index.md/",
      "/blog/local-seo-dublin.md?_routes=routes/post&page=99999999999",
    ]) {
      const answer = await get(path);
      expect([path, answer.status < 500]).toEqual([path, true]);
      if (answer.status === 200)
        expect([path, answer.headers.get("content-type")]).not.toContain("text/markdown");
    }
    for (const path of ["/admin/posts", "/api/blog", "/rss.xml", "/sitemap.xml"]) {
      const answer = await get(path, { Accept: "text/markdown" });
      expect([path, answer.headers.get("content-type") ?? ""]).not.toEqual([
        path,
        "text/markdown; charset=utf-8",
      ]);
      expect(answer.status).toBeLessThan(500);
    }
    // A header near Node's limit (16 KB) of media ranges is read by its start; over it, Node refuses it.
    for (const accept of [
      `text/markdown, ${"text/x-a;q=0.1, ".repeat(900)}`,
      `${"text/x-a;q=0.1, ".repeat(900)}text/markdown`,
      `text/markdown;q=${"9".repeat(5000)}`,
      "text/markdown;;;q=;q=1;q",
      "\u00ff".repeat(3000),
    ]) {
      const answer = await get("/about", { Accept: accept });
      expect(answer.status).toBeLessThan(500);
    }
    expect((await get("/about", { Accept: "text/markdown, ".repeat(2000) })).status).toBe(431);
  });
});

describe("/llms-full.txt", () => {
  // Its first making renders every page not yet rendered (hundreds on a real blog): done in one go,
  // it held the server for seconds (17 s with 400 posts), and the health check timed out.
  it("is made while the server goes on answering other requests", async () => {
    let sent = false;
    const full = get("/llms-full.txt").then((answer) => {
      sent = true;
      return answer;
    });
    let answeredMeanwhile = 0;
    while (!sent) {
      const health = await get("/healthz");
      expect(health.status).toBe(200);
      await health.text();
      if (!sent) answeredMeanwhile += 1;
    }
    expect((await full).status).toBe(200);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);
  });

  it("holds the public pages' words in one file, bounded in size, and says where it stops", async () => {
    const answer = await get("/llms-full.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await answer.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LLMS_FULL_MAX_BYTES);
    expect(text.startsWith("# Northwall Digital\n\n> ")).toBe(true);
    for (const words of [
      "Technical SEO",
      "We rebuilt the shop.",
      "## Start with the map",
      "Long words about",
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/This file stops here to stay small: \d+ more pages/);
    expect(text).not.toContain(DRAFT_WORDS);
    // A client that has the file gets a 304 (once the posts' cover art, drawn after the start, is in).
    await expect
      .poll(
        async () => {
          const etag = (await get("/llms-full.txt")).headers.get("etag")!;
          return (await get("/llms-full.txt", { "If-None-Match": etag })).status;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(304);
  });
});

describe("robots.txt and the AI crawlers", () => {
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseURL}${path}`, {
      ...init,
      redirect: "manual",
      headers: {
        Cookie: cookie,
        Origin: server.baseURL,
        "Content-Type": "application/json",
        ...init.headers,
      },
    });

  it("allows every AI crawler until the owner refuses some by name, and keeps that choice", async () => {
    const before = await (await get("/robots.txt")).text();
    expect(before.startsWith("User-agent: *\nAllow: /\n")).toBe(true);
    expect(before).not.toContain("GPTBot");

    const settings = await (await send("/api/settings")).json();
    expect(settings.aiCrawlersRefused).toEqual([]);
    const refused = await send("/api/settings", {
      method: "PUT",
      body: JSON.stringify({ ...settings, aiCrawlersRefused: ["GPTBot", "CCBot", "GPTBot"] }),
    });
    expect(refused.status).toBe(200);
    expect((await refused.json()).aiCrawlersRefused).toEqual(["GPTBot", "CCBot"]);
    const robots = await (await get("/robots.txt")).text();
    expect(
      robots.startsWith("User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"),
    ).toBe(true);

    // A save that does not name the field (an older client) keeps the owner's choice.
    const { aiCrawlersRefused: _left, ...older } = settings;
    expect((await send("/api/settings", { method: "PUT", body: JSON.stringify(older) })).status).toBe(200);
    expect(await (await get("/robots.txt")).text()).toBe(robots);
  });

  it("refuses a name that is not a crawler's, and changes nothing", async () => {
    const settings = await (await send("/api/settings")).json();
    const robots = await (await get("/robots.txt")).text();
    for (const bad of [
      ["EvilBot\nDisallow: /admin"],
      ["__proto__"],
      "GPTBot",
      [{}],
      Array(50).fill("GPTBot"),
    ]) {
      const answer = await send("/api/settings", {
        method: "PUT",
        body: JSON.stringify({ ...settings, aiCrawlersRefused: bad }),
      });
      expect(answer.status).toBe(400);
    }
    expect(await (await get("/robots.txt")).text()).toBe(robots);
  });

  it("is chosen in Site settings by ticking the crawlers allowed", async () => {
    const form = new URLSearchParams([
      ["section", "crawlers"],
      ["allowed", "GPTBot"],
      ["allowed", "ClaudeBot"],
      ["allowed", "NotACrawler"],
    ]);
    const saved = await send("/admin/settings", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect([saved.status, saved.headers.get("location")]).toEqual([302, "/admin/settings?saved=crawlers"]);
    const robots = await (await get("/robots.txt")).text();
    const refused = robots.slice(0, robots.indexOf("Disallow: /\n"));
    expect(refused).toContain("User-agent: Google-Extended\n");
    expect(refused).toContain("User-agent: PerplexityBot\n");
    expect(refused).not.toContain("GPTBot");
    expect(refused).not.toContain("ClaudeBot");
    const page = await (await send("/admin/settings")).text();
    expect(page).toContain("AI crawlers");
  });
});
