// Case studies in other languages against the built server: POST /api/work with lang and
// translationOf (201), GET /api/work?lang=ga and the item route, every refusal writing nothing
// (unknown or unused language, a second translation, a translation of a translation, an unknown
// source, prototype-named and hostile bodies, concurrent creates), the default language's answers
// unchanged, and the public /ga/work pages: only translated studies, a changed address 301, an
// untranslated one a 404 offering the English page, outdated once the English study is saved.
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { caseStudyTranslations } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads JSON of any shape
type Loose = Record<string, any>;

beforeAll(async () => {
  await createUser("work-lang-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "work-lang-owner", password: PASSWORD },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const json = (method: string, path: string, body: unknown, cookie: string | null = owner) =>
  send(path, cookie, {
    method,
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const visit = (path: string) => fetch(`${server.baseURL}${path}`, { redirect: "manual" });
const rows = () => getDb().select({ n: count() }).from(caseStudyTranslations).get()!.n;

let source: Loose;
let other: Loose;

const irish = (over: Loose = {}) => ({
  lang: "ga",
  translationOf: source.id,
  title: "Tairseach luachana do Harbour Logistics",
  slug: "tairseach-luachana",
  category: "B2B",
  excerpt: "Tairseach a ghearr am na luachana.",
  body: "<p>Conas a rinneamar é.</p>",
  metricLabels: ["Luachana níos tapúla"],
  status: "published",
  ...over,
});

describe("case studies in Irish through the API", () => {
  beforeAll(async () => {
    expect((await json("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(
      200,
    );
    const list: Loose[] = await (await send("/api/work", null)).json();
    source = list[0]!;
    other = list[1]!;
    expect(source && other).toBeTruthy();
  });

  it("keeps the default language's answers as they were", async () => {
    const plain: Loose[] = await (await send("/api/work", null)).json();
    const english: Loose[] = await (await send("/api/work?lang=en", null)).json();
    expect(english).toEqual(plain);
    expect(plain[0]).not.toHaveProperty("translationOf");
  });

  it("creates a translation (201) and lists it under ?lang=ga", async () => {
    const created = await json("POST", "/api/work", irish());
    expect(created.status).toBe(201);
    const body: Loose = await created.json();
    expect(body).toMatchObject({ translationOf: source.id, lang: "ga", state: "up to date" });
    const listed: Loose[] = await (await send("/api/work?lang=ga", null)).json();
    expect(listed.map((row) => row.id)).toEqual([body.id]);
    const item = await send(`/api/work/${body.id}`, null);
    expect(item.status).toBe(200);
    expect((await item.json()).title).toBe(irish().title);
  });

  it.each([
    ["an unknown language", { lang: "xx" }, 400],
    ["a language the site is not in", { lang: "de", slug: "anders" }, 400],
    ["a prototype-named language", { lang: "__proto__" }, 400],
    ["a second translation for Irish", { slug: "an-dara-ceann" }, 409],
    ["an unknown source", { translationOf: "no-such-study" }, 404],
    ["a missing title", { title: undefined }, 400],
    ["a title that is an object", { title: { __proto__: { a: 1 } } }, 400],
    ["metric labels nested deep", { metricLabels: [[[["deep"]]]] }, 400],
  ])("refuses %s and writes nothing", async (_name, over, status) => {
    const before = rows();
    const answer = await json("POST", "/api/work", irish(over));
    expect(answer.status).toBe(status);
    expect((await answer.json()).error).toBeTruthy();
    expect(rows()).toBe(before);
  });

  it("refuses a translation of a translation, naming the source", async () => {
    const translation: Loose = (await (await send("/api/work?lang=ga", owner)).json())[0];
    const before = rows();
    const answer = await json("POST", "/api/work", irish({ translationOf: translation.id, slug: "eile" }));
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toContain(source.id);
    expect(rows()).toBe(before);
  });

  it("refuses truncated, malformed and prototype-keyed bodies", async () => {
    const before = rows();
    expect((await json("POST", "/api/work", '{"lang": "ga", "translationOf": ')).status).toBe(400);
    expect((await json("POST", "/api/work", "[1, 2]")).status).toBe(400);
    const oversized = irish({ translationOf: other.id, body: `<p>${"a".repeat(700 * 1024)}</p>` });
    expect((await json("POST", "/api/work", oversized)).status).toBe(413);
    const deep = `{"lang": "ga", "translationOf": "${other.id}", "title": ${"[".repeat(5000)}${"]".repeat(5000)}}`;
    expect((await json("POST", "/api/work", deep)).status).toBe(400);
    const proto = await json(
      "POST",
      "/api/work",
      `{"__proto__": {"status": "published"}, "constructor": {"x": 1}, "lang": "ga", "translationOf": "${other.id}"}`,
    );
    expect(proto.status).toBe(400);
    expect((await json("POST", "/api/work", irish({ translationOf: other.id }), null)).status).toBe(401);
    expect(rows()).toBe(before);
  });

  it("answers concurrent creates for the same study and language with exactly one 201", async () => {
    const before = rows();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        json("POST", "/api/work", irish({ translationOf: other.id, slug: `eile-${index}` })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(rows()).toBe(before + 1);
  });

  it("refuses to drop Irish while case studies are translated into it", async () => {
    const answer = await json("PUT", "/api/languages", { default: "en", languages: ["en"] });
    expect(answer.status).toBe(409);
  });
});

describe("case studies in Irish on the site", () => {
  let translationId = "";

  beforeAll(async () => {
    translationId = (await (await send("/api/work?lang=ga", owner)).json()).find(
      (row: Loose) => row.translationOf === source.id,
    ).id;
  });

  it("serves the translation at its own address with Irish headings, its English one unchanged", async () => {
    const answer = await visit("/ga/work/tairseach-luachana");
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('lang="ga');
    expect(html).toContain("Tairseach luachana do Harbour Logistics");
    expect(html).toContain("Luachana níos tapúla");
    expect(html).toContain("An cur chuige");
    const english = await (await visit(`/work/${source.slug}`)).text();
    expect(english).toContain("The approach");
    expect(english).not.toContain("Tairseach");
  });

  it("is a 404 offering the English page where a study is not translated", async () => {
    const answer = await visit(`/ga/work/${source.slug}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain(`href="/work/${source.slug}"`);
    expect((await visit("/ga/work/no-such-study")).status).toBe(404);
  });

  it("answers a changed address with a 301 to the new one", async () => {
    const moved = await json("PUT", `/api/work/${translationId}`, irish({ slug: "tairseach-nua" }));
    expect(moved.status).toBe(200);
    const old = await visit("/ga/work/tairseach-luachana");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/ga/work/tairseach-nua");
    expect((await visit("/ga/work/tairseach-nua")).status).toBe(200);
  });

  it("marks the translation outdated once the English study is saved after it", async () => {
    const english: Loose = await (await send(`/api/work/${source.id}`, owner)).json();
    const { id: _id, position: _p, publishedAt: _pa, createdAt: _c, updatedAt: _u, ...fields } = english;
    const saved = await json("PUT", `/api/work/${source.id}`, { ...fields, outcome: "A new outcome." });
    expect(saved.status).toBe(200);
    const translation: Loose = await (await send(`/api/work/${translationId}`, owner)).json();
    expect(translation.state).toBe("outdated");
    // The study's own editor says so beside it, with the way to the translation.
    const editor = (await (await send(`/admin/case-studies?edit=${source.id}`, owner)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(editor).toContain(">Translations</h3>");
    expect(editor).toMatch(
      new RegExp(`<a[^>]*href="/admin/case-studies/${source.id}/translate/ga"[^>]*>Irish: outdated</a>`),
    );
    expect(editor).toContain("Outdated: the case study changed after it was translated.");
  });

  it("has no Irish portfolio until its words are translated, then lists only translated studies", async () => {
    expect((await visit("/ga/work")).status).toBe(404);
    const copy: Loose = (await (await send("/api/pages/work", owner)).json()).published;
    copy.heading = "Ár gcuid oibre";
    expect((await json("PUT", "/api/pages/work?lang=ga", copy)).status).toBe(200);
    expect((await send("/api/pages/work/publish?lang=ga", owner, { method: "POST" })).status).toBe(200);
    const answer = await visit("/ga/work");
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("Ár gcuid oibre");
    expect(html).toContain('href="/ga/work/tairseach-nua"');
    expect(html).not.toContain(`href="/work/${source.slug}"`);
    expect(html).toContain("2 thionscadal");
  });

  it("shows only translated studies, in Irish and at their Irish addresses, on the Irish home and service pages", async () => {
    const english: Loose = await (await send(`/api/work/${source.id}`, owner)).json();
    const { id: _id, position: _p, publishedAt: _pa, createdAt: _c, updatedAt: _u, ...fields } = english;
    expect((await json("PUT", `/api/work/${source.id}`, { ...fields, featured: true })).status).toBe(200);
    for (const key of ["home", "services/seo"]) {
      const copy: Loose = (await (await send(`/api/pages/${key}`, owner)).json()).published;
      expect((await json("PUT", `/api/pages/${key}?lang=ga`, copy)).status).toBe(200);
      expect((await send(`/api/pages/${key}/publish?lang=ga`, owner, { method: "POST" })).status).toBe(200);
    }
    const studies: Loose[] = await (await send("/api/work", null)).json();
    const home = await (await visit("/ga")).text();
    expect(home).toContain('href="/ga/work/tairseach-nua"');
    expect(home).toContain("Tairseach luachana do Harbour Logistics");
    for (const study of studies) expect(home).not.toContain(`href="/work/${study.slug}"`);
    const service = await (await visit("/ga/services/seo")).text();
    for (const study of studies) expect(service).not.toContain(`href="/work/${study.slug}"`);
    // The English pages keep every study at its English address.
    expect(await (await visit("/")).text()).toContain(`href="/work/${source.slug}"`);
  });

  it("says so in the language where the portfolio is translated but none of its studies", async () => {
    expect(
      (await json("PUT", "/api/languages", { default: "en", languages: ["en", "ga", "de"] })).status,
    ).toBe(200);
    const copy: Loose = (await (await send("/api/pages/work", owner)).json()).published;
    expect((await json("PUT", "/api/pages/work?lang=de", copy)).status).toBe(200);
    expect((await send("/api/pages/work/publish?lang=de", owner, { method: "POST" })).status).toBe(200);
    const html = await (await visit("/de/work")).text();
    expect(html).toContain("In dieser Sprache sind noch keine Projekte beschrieben.");
    expect(html).toContain("0 Projekte");
  });
});

describe("the admin's translation form, without JavaScript", () => {
  const postForm = (path: string, cookie: string | null, fields: string[][]) =>
    send(path, cookie, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows each study's state in the list and saves a translation written beside its source", async () => {
    const list = await (await send("/admin/case-studies", owner)).text();
    expect(list).toContain("Irish: outdated");
    expect(list).toContain("Irish: missing");
    const third: Loose = (await (await send("/api/work", null)).json())[2];
    const path = `/admin/case-studies/${third.id}/translate/ga`;
    const form = await send(path, owner);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(third.title);
    // Signed out: to the sign-in page, nothing written.
    expect((await postForm(path, null, [["title", "Teideal"]])).status).toBe(302);

    const before = rows();
    const refused = await postForm(path, owner, [
      ["title", ""],
      ["category", "B2B"],
      ["constructor", "x"],
      ["__proto__", "y"],
    ]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Title is required");
    expect(rows()).toBe(before);

    const saved = await postForm(path, owner, [
      ["title", "Teideal as Gaeilge"],
      ["slug", "teideal"],
      ["category", "B2B"],
      ["body", "<p>Focail.</p>"],
      ["intent", "publish"],
    ]);
    expect(saved.status).toBe(302);
    expect(rows()).toBe(before + 1);
    // The owner is told what the save did, as on a post's translation.
    const after = await send(saved.headers.get("location")!, owner);
    expect(await after.text()).toContain("Translation published.");
    expect((await visit("/ga/work/teideal")).status).toBe(200);
    expect((await send("/admin/case-studies/no-such/translate/ga", owner)).status).toBe(404);
    expect((await send(`/admin/case-studies/${third.id}/translate/xx`, owner)).status).toBe(404);
  });
});
