// /api/pages against the built server: the list and one page, a draft saved (400 naming the field,
// nothing written), published (the public page and the sitemap follow at once, through the page cache),
// who may do what, and hostile bodies: cut off, huge, deeply nested, prototype-named, concurrent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";
let editor = "";
let contributor = "";

beforeAll(async () => {
  await createUser("pages-owner", PASSWORD);
  await createUser("pages-editor", PASSWORD, { role: "editor" });
  await createUser("pages-contributor", PASSWORD, { role: "contributor" });
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "pages-owner", password: PASSWORD },
  }));
  editor = await adminSessionCookie(server.baseURL, { username: "pages-editor", password: PASSWORD });
  contributor = await adminSessionCookie(server.baseURL, {
    username: "pages-contributor",
    password: PASSWORD,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const put = (key: string, cookie: string | null, body: string) =>
  send(`/api/pages/${key}`, cookie, { method: "PUT", headers: { "Content-Type": "application/json" }, body });
const publish = (key: string, cookie: string | null) =>
  send(`/api/pages/${key}/publish`, cookie, { method: "POST" });
/** A page as a visitor gets it: no cookie, so from the page cache when it holds it. */
const visit = async (path: string) => (await fetch(`${server.baseURL}${path}`)).text();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
type Loose = Record<string, any>;
const published = async (key: string): Promise<Loose> =>
  (await (await send(`/api/pages/${key}`, owner)).json()).published;

describe("/api/pages", () => {
  it("lists every page with its key and state to staff, and nobody else", async () => {
    const list = await send("/api/pages", editor);
    expect(list.status).toBe(200);
    const { pages } = await list.json();
    expect(pages.map((page: Loose) => page.key)).toEqual(
      expect.arrayContaining(["home", "services/seo", "about", "contact", "legal/privacy", "not-found"]),
    );
    expect(pages.find((page: Loose) => page.key === "home")).toMatchObject({
      title: "Home",
      state: "published",
    });
    // The words around the case studies and the articles, after contact, in the admin's order.
    const keys = pages.map((page: Loose) => page.key);
    expect(keys.slice(keys.indexOf("contact"), keys.indexOf("contact") + 3)).toEqual([
      "contact",
      "work",
      "blog",
    ]);
    expect(pages.find((page: Loose) => page.key === "blog")).toMatchObject({ kind: "blog", title: "Blog" });
    expect((await published("work")).heading).toBe("Our Work");
    expect((await send("/api/pages", null)).status).toBe(401);
    expect((await send("/api/pages", contributor)).status).toBe(403);
  });

  it("answers one page by its key, a slash and all: the published fields, and the draft to staff only", async () => {
    const seo = await send("/api/pages/services/seo", null);
    expect(seo.status).toBe(200);
    const body = await seo.json();
    expect(body.published.title).toBe("Search Engine Optimisation");
    expect(body).not.toHaveProperty("draft");
    expect(await (await send("/api/pages/services/seo", owner)).json()).toHaveProperty("draft", null);
    // A contributor reads what visitors read: no draft, and not even that one waits, or since when.
    const draft = { ...(await published("legal/terms")), title: "Terms, redrafted" };
    expect((await put("legal/terms", owner, JSON.stringify(draft))).status).toBe(200);
    for (const reader of [null, contributor]) {
      const terms = await (await send("/api/pages/legal/terms", reader)).json();
      expect(terms.title).toBe("Terms of Service");
      for (const kept of ["draft", "state", "draftSavedAt", "hidden"]) expect(terms).not.toHaveProperty(kept);
    }
    expect(await (await send("/api/pages/legal/terms", editor)).json()).toMatchObject({
      state: "draft waiting",
      draft: { title: "Terms, redrafted" },
    });
    for (const missing of ["services/nope", "nope", "services/seo/extra", "legal/", "%2e%2e/etc"]) {
      expect([missing, (await send(`/api/pages/${missing}`, owner)).status]).toEqual([missing, 404]);
    }
  });

  it("saves a draft, publishes it, and the public page, the home grid and the sitemap follow", async () => {
    const seo = await published("services/seo");
    const before = await visit("/services/seo");
    expect(before).toContain("Search Engine Optimisation");
    await visit("/sitemap.xml");
    seo.title = "Search & <Growth>";
    seo.meta.description = "A description typed by the owner.";
    const saved = await put("services/seo", editor, JSON.stringify(seo));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      state: "draft waiting",
      draft: { title: "Search & <Growth>" },
    });
    // A draft is not what visitors read.
    expect(await visit("/services/seo")).toBe(before);
    const done = await publish("services/seo", editor);
    expect(done.status).toBe(200);
    const page = await visit("/services/seo");
    // Markup typed in a plain field is shown as text: escaped in the page, its breadcrumbs and the home grid.
    expect(page.includes("<Growth>")).toBe(false);
    expect(page.includes("Search \\u0026 \\u003cGrowth\\u003e")).toBe(true);
    expect(page.includes('content="A description typed by the owner."')).toBe(true);
    const home = await visit("/");
    expect(home.includes("<Growth>")).toBe(false);
    expect(home.includes("Search &amp; &lt;Growth&gt;")).toBe(true);
    const list = await (await send("/api/pages", owner)).json();
    expect(list.pages.find((p: Loose) => p.key === "services/seo").state).toBe("published");
    const sitemap = await visit("/sitemap.xml");
    const seoEntry = sitemap.split("\n").find((line) => line.includes("/services/seo<"))!;
    expect(new Date(/<lastmod>([^<]+)/.exec(seoEntry)![1]!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers 400 naming each field wrong, and writes nothing", async () => {
    const home = await published("home");
    home.hero.headline = "x".repeat(81);
    home.closing.text = "";
    home.extra = 1;
    const refused = await put("home", owner, JSON.stringify(home));
    expect(refused.status).toBe(400);
    const { issues } = await refused.json();
    expect(issues.map((issue: Loose) => issue.path)).toEqual(
      expect.arrayContaining(["hero.headline", "closing.text"]),
    );
    expect(issues.some((issue: Loose) => /Unknown field: extra/.test(issue.message))).toBe(true);
    expect((await (await send("/api/pages/home", owner)).json()).draft).toBeNull();

    const privacy = await published("legal/privacy");
    privacy.sections[0].body = '<p onclick="steal()">Who we are</p>';
    const unsafe = await put("legal/privacy", owner, JSON.stringify(privacy));
    expect(unsafe.status).toBe(400);
    expect((await unsafe.json()).issues).toEqual([
      { path: "sections.0.body", message: "Contains markup that is not allowed: onclick" },
    ]);
  });

  it("lets the owner alone publish a legal page, and refuses contributors and visitors", async () => {
    const privacy = await published("legal/privacy");
    privacy.sections[0].body = "<p>We are <strong>the controller</strong>. Write to {email}.</p>";
    expect((await put("legal/privacy", editor, JSON.stringify(privacy))).status).toBe(200);
    const refused = await publish("legal/privacy", editor);
    expect([refused.status, (await refused.json()).error]).toEqual([
      403,
      "Only the site's owner publishes the legal pages.",
    ]);
    expect((await publish("legal/privacy", owner)).status).toBe(200);
    const page = await visit("/privacy");
    expect(page.includes("We are <strong>the controller</strong>. Write to hello@")).toBe(true);
    expect((await put("about", contributor, JSON.stringify(await published("about")))).status).toBe(403);
    expect((await put("about", null, JSON.stringify(await published("about")))).status).toBe(401);
    expect((await publish("about", null)).status).toBe(401);
    expect((await publish("about", owner)).status).toBe(409);
    const remove = await send("/api/pages/about", owner, { method: "DELETE" });
    expect([remove.status, remove.headers.get("allow")]).toEqual([405, "GET, PUT"]);
    // The list takes no writes: a JSON error, never the router's "Unexpected Server Error".
    for (const method of ["POST", "PUT", "DELETE"]) {
      const answer = await send("/api/pages", owner, { method });
      expect([method, answer.status, answer.headers.get("allow")]).toEqual([method, 405, "GET"]);
      expect((await answer.json()).error).toMatch(/^Use GET to list the pages/);
    }
  });

  it("refuses hostile bodies with a clear error and keeps what was there", async () => {
    const contact = JSON.stringify(await published("contact"));
    const answers = [
      await put("contact", owner, contact.slice(0, contact.length / 2)),
      await put("contact", owner, "[".repeat(100_000) + "]".repeat(100_000)),
      await put("contact", owner, '{"a":'.repeat(40_000) + "1" + "}".repeat(40_000)),
      await put("contact", owner, contact.replace("{", '{"__proto__":{"isAdmin":true},')),
      await put("contact", owner, contact.replace("{", '{"constructor":{"prototype":{"x":1}},')),
      await put("contact", owner, contact.replace("{", '{"toString":"x",')),
      await send("/api/pages/contact", owner, {
        method: "PUT",
        headers: { "Content-Type": "text/plain" },
        body: contact,
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 415]);
    const huge = await put("contact", owner, JSON.stringify({ intro: "x".repeat(10 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect((await (await send("/api/pages/contact", owner)).json()).draft).toBeNull();
    expect((await visit("/contact")).includes("Ready to Grow?")).toBe(true);
  });

  it("takes concurrent saves whole: the last one wins, never a mix", async () => {
    const about = await published("about");
    const versions = Array.from({ length: 8 }, (_, i) => ({
      ...about,
      mission: { heading: `Mission ${i}`, text: `Text ${i}` },
    }));
    const answers = await Promise.all(versions.map((v) => put("about", editor, JSON.stringify(v))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const { draft } = await (await send("/api/pages/about", owner)).json();
    const i = Number(draft.mission.heading.slice("Mission ".length));
    expect(draft.mission).toEqual({ heading: `Mission ${i}`, text: `Text ${i}` });
  });
});

describe("a page's earlier versions through /api/pages", () => {
  it("lists them newest first to staff, restores one as the draft, and refuses what does not fit", async () => {
    const about = await published("about");
    for (const heading of ["First mission", "Second mission"]) {
      expect(
        (await put("about", owner, JSON.stringify({ ...about, mission: { ...about.mission, heading } })))
          .status,
      ).toBe(200);
      expect((await publish("about", owner)).status).toBe(200);
    }
    const listed = await send("/api/pages/about/revisions", editor);
    expect([listed.status, listed.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    const { revisions } = await listed.json();
    // The copy each publish replaced: the newest is the first mission.
    expect(revisions[0].copy.mission.heading).toBe("First mission");
    expect(revisions[0].publishedBy).toMatchObject({ name: expect.any(String) });
    expect((await send("/api/pages/about/revisions", null)).status).toBe(401);
    expect((await send("/api/pages/about/revisions", contributor)).status).toBe(403);

    const restore = (key: string, id: string, cookie: string | null = editor) =>
      send(`/api/pages/${key}/revisions/${id}/restore`, cookie, { method: "POST" });
    const restored = await restore("about", revisions[0].id);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({
      state: "draft waiting",
      published: { mission: { heading: "Second mission" } },
      draft: { mission: { heading: "First mission" } },
    });
    expect(await visit("/about")).toContain("Second mission");
    for (const [key, id] of [
      ["contact", revisions[0].id],
      ["about", "nope"],
      ["about", "__proto__"],
      ["about", "9".repeat(400)],
      ["services/nope", revisions[0].id],
    ]) {
      expect([key, id.slice(0, 12), (await restore(key!, id!)).status]).toEqual([key, id.slice(0, 12), 404]);
    }
    expect((await restore("about", revisions[0].id, contributor)).status).toBe(403);
    expect((await restore("about", revisions[0].id, null)).status).toBe(401);
    const wrong = await send(`/api/pages/about/revisions/${revisions[0].id}/restore`, editor);
    expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "POST"]);
    expect((await send("/api/pages/about/revisions", editor, { method: "POST" })).status).toBe(405);
  });
});

describe("the owner's week through /api/pages", () => {
  it("changes the home headline, the contact intro and the 404's words, and visitors read them at once", async () => {
    await visit("/");
    await visit("/contact");
    const home = await published("home");
    home.hero.headline = "Growth you can measure,";
    const contact = await published("contact");
    contact.intro = "Tell us where you are stuck. We answer the same day.";
    const notFound = await published("not-found");
    notFound.heading = "That page has moved on";
    for (const [key, copy] of [
      ["home", home],
      ["contact", contact],
      ["not-found", notFound],
    ] as const) {
      expect((await put(key, editor, JSON.stringify(copy))).status).toBe(200);
      expect((await publish(key, editor)).status).toBe(200);
    }
    expect((await visit("/")).includes("Growth you can measure,")).toBe(true);
    expect((await visit("/contact")).includes("We answer the same day.")).toBe(true);
    const missing = await fetch(`${server.baseURL}/no-such-page`);
    expect(missing.status).toBe(404);
    expect((await missing.text()).includes("That page has moved on")).toBe(true);
    const sitemap = await visit("/sitemap.xml");
    const homeEntry = sitemap.split("\n").find((line) => line.includes(`<loc>${server.baseURL}/</loc>`))!;
    expect(new Date(/<lastmod>([^<]+)/.exec(homeEntry)![1]!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("the page cache", () => {
  it("forgets only the pages a publish changes", async () => {
    const cached = async (path: string) =>
      (await fetch(`${server.baseURL}${path}`)).headers.get("x-page-cache");
    await cached("/");
    await cached("/privacy");
    expect([await cached("/"), await cached("/privacy")]).toEqual(["hit", "hit"]);
    const about = await published("about");
    about.mission.text = "A mission the owner wrote.";
    expect((await put("about", owner, JSON.stringify(about))).status).toBe(200);
    expect((await publish("about", owner)).status).toBe(200);
    expect([await cached("/"), await cached("/privacy"), await cached("/about")]).toEqual([
      "hit",
      "hit",
      "miss",
    ]);
    expect((await visit("/about")).includes("A mission the owner wrote.")).toBe(true);
  });
});
