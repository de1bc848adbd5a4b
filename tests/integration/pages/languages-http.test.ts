// The site in more than one language, against the built server: the owner's languages setting
// (GET/PUT /api/languages and its refusals), a page translated through /api/pages/{key}?lang=ga and
// served at /ga/… with Irish interface words, hreflang and canonical per language, the sitemap's
// alternates, an untranslated page a 404 offering the default one, and the contact form answering in
// the page's language with the enquiry keeping it. Hostile input on each new surface.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { enquiries, languageSettings, pageTranslations } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { sentAsWritten } from "../../setup/sent-as-written";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";
let editor = "";

beforeAll(async () => {
  await createUser("lang-owner", PASSWORD);
  await createUser("lang-editor", PASSWORD, { role: "editor" });
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "lang-owner", password: PASSWORD },
  }));
  editor = await adminSessionCookie(server.baseURL, { username: "lang-editor", password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const putJson = (path: string, cookie: string | null, body: unknown) =>
  send(path, cookie, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const setLanguages = (body: unknown, cookie: string | null = owner) =>
  putJson("/api/languages", cookie, body);
const visit = (path: string) => fetch(`${server.baseURL}${path}`, { redirect: "manual" });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
type Loose = Record<string, any>;
const sourceOf = async (key: string): Promise<Loose> =>
  (await (await send(`/api/pages/${key}`, owner)).json()).published;

/** Translates a page into Irish through the API: the source's copy with its headline-like words changed. */
async function translate(key: string, change: (copy: Loose) => void) {
  const copy = await sourceOf(key);
  change(copy);
  const saved = await putJson(`/api/pages/${key}?lang=ga`, owner, copy);
  expect(saved.status).toBe(200);
  const published = await send(`/api/pages/${key}/publish?lang=ga`, owner, { method: "POST" });
  expect(published.status).toBe(200);
  return published.json();
}

const hreflangs = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
    ([, lang, href]) => `${lang} ${new URL(href!).pathname}`,
  );

describe("the languages setting", () => {
  it("starts as English alone, read by anyone", async () => {
    const answer = await send("/api/languages", null);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ default: "en", languages: ["en"] });
  });

  it("is the owner's: 401 signed out, 403 for an editor, nothing written", async () => {
    expect((await setLanguages({ default: "en", languages: ["en", "ga"] }, null)).status).toBe(401);
    expect((await setLanguages({ default: "en", languages: ["en", "ga"] }, editor)).status).toBe(403);
    expect(getDb().select().from(languageSettings).all()).toEqual([]);
  });

  it.each([
    ["an unknown language", { default: "en", languages: ["en", "xx"] }, "languages"],
    ["a prototype name", { default: "en", languages: ["en", "__proto__"] }, "languages"],
    ["toString", { default: "toString", languages: ["toString"] }, "default"],
    ["constructor", { default: "en", languages: ["en", "constructor"] }, "languages"],
    ["a language twice", { default: "en", languages: ["en", "ga", "ga"] }, "languages"],
    ["a default not among them", { default: "ga", languages: ["en"] }, "default"],
    ["no languages", { default: "en", languages: [] }, "languages"],
    ["a number", { default: 1, languages: ["en"] }, "default"],
  ])("refuses %s with a 400 naming the field, changing nothing", async (_, body, field) => {
    const answer = await setLanguages(body);
    expect(answer.status).toBe(400);
    const { issues } = await answer.json();
    expect(issues.some((issue: Loose) => String(issue.path).startsWith(field))).toBe(true);
    expect(getDb().select().from(languageSettings).all()).toEqual([]);
  });

  it("refuses unknown and prototype-named fields, malformed and oversized bodies", async () => {
    expect((await setLanguages('{"default":"en","languages":["en"],"__proto__":{"x":1}}')).status).toBe(400);
    expect((await setLanguages('{"default":"en","languages":["en"],"extra":1}')).status).toBe(400);
    expect((await setLanguages('{"default":"en","languages":["en"')).status).toBe(400);
    expect((await setLanguages(`{"default":"en","languages":${"[".repeat(5000)}`)).status).toBe(400);
    expect((await setLanguages({ default: "en", languages: Array(100).fill("en") })).status).toBe(400);
    expect((await send("/api/languages", owner, { method: "POST" })).status).toBe(405);
    expect(getDb().select().from(languageSettings).all()).toEqual([]);
  });

  it("adds Irish: 200 with the languages as saved, the default first", async () => {
    const answer = await setLanguages({ default: "en", languages: ["ga", "en"] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ default: "en", languages: ["en", "ga"] });
  });
});

describe("a page in Irish", () => {
  it("is a 404 under /ga until translated, offering the English page", async () => {
    const answer = await visit("/ga/about");
    expect(answer.status).toBe(404);
    const html = await answer.text();
    expect(html).toMatch(/href="\/about"/);
  });

  it("answers the default language's own prefix with a 301, a language the site is not in with a 404", async () => {
    const english = await visit("/en/about");
    expect(english.status).toBe(301);
    expect(english.headers.get("location")).toBe("/about");
    expect((await visit("/de/about")).status).toBe(404);
    expect((await visit("/fr")).status).toBe(404);
  });

  it("never answers the default language's prefix with an address on another host", async () => {
    // Sent as written, as crawlers and link checkers do: a browser would have turned "\" into "/".
    const locationOf = async (path: string) => (await sentAsWritten(server.baseURL, path))[1];
    for (const path of ["/en/\\evil.com", "/en/\\\\evil.com", "/en/\\/evil.com"]) {
      // Each hop a path of this site (the backslash resolved first, then the prefix dropped).
      const hops: string[] = [];
      for (let at: string | null = path; at && hops.length < 3; at = await locationOf(at)) hops.push(at);
      for (const hop of hops.slice(1)) expect(hop, path).toMatch(/^\/(?![/\\])/);
      expect(hops.at(-1), path).toBe("/evil.com");
    }
  });

  it("refuses ?lang= for an unknown language, a prototype name, one the site is not in, or two", async () => {
    for (const lang of ["xx", "__proto__", "toString", "de", "GA"]) {
      const answer = await putJson(`/api/pages/about?lang=${lang}`, owner, await sourceOf("about"));
      expect(answer.status, lang).toBe(400);
    }
    expect((await send("/api/pages/about?lang=ga&lang=en", owner)).status).toBe(400);
    expect(getDb().select().from(pageTranslations).all()).toEqual([]);
    // The default language's code is the page itself, as without it.
    const same = await send("/api/pages/about?lang=en", null);
    expect((await same.json()).published).toEqual(await sourceOf("about"));
  });

  it("takes a translation checked as its source is: a bad field is a 400 and nothing is written", async () => {
    const copy = await sourceOf("about");
    const answer = await putJson("/api/pages/about?lang=ga", owner, { ...copy, constructor: "x" });
    expect(answer.status).toBe(400);
    expect(getDb().select().from(pageTranslations).all()).toEqual([]);
    // Signed out: 401, and a visitor is not told a draft exists.
    expect((await putJson("/api/pages/about?lang=ga", null, copy)).status).toBe(401);
  });

  it("is served at /ga/about once published, in Irish, with reciprocal hreflang and its own canonical", async () => {
    const saved = await translate("about", (copy) => {
      copy.hero.headline = "Gníomhaireacht dhigiteach i mBaile Átha Cliath";
    });
    expect(saved).toMatchObject({ key: "about", lang: "ga", state: "up to date", draft: null });
    const irish = await visit("/ga/about");
    expect(irish.status).toBe(200);
    const html = await irish.text();
    expect(html).toContain('<html lang="ga-IE"');
    expect(html).toContain("Gníomhaireacht dhigiteach i mBaile Átha Cliath");
    expect(html).toContain("Léim chuig an ábhar");
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/ga\/about"/);
    expect(hreflangs(html)).toEqual(["en /about", "ga /ga/about", "x-default /about"]);
    const english = await (await visit("/about")).text();
    expect(english).toContain('<html lang="en-IE"');
    expect(english).toMatch(/<link rel="canonical" href="[^"]+\/about"/);
    expect(hreflangs(english)).toEqual(["en /about", "ga /ga/about", "x-default /about"]);
    // A page not translated names no other version.
    expect(hreflangs(await (await visit("/privacy")).text())).toEqual([]);
  });

  it("lists both versions in the sitemap, each with its alternates", async () => {
    const xml = await (await visit("/sitemap.xml")).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const about = xml.split("\n").filter((line) => /<loc>[^<]+\/(ga\/)?about<\/loc>/.test(line));
    expect(about).toHaveLength(2);
    for (const line of about) {
      expect(line).toMatch(/hreflang="en" href="[^"]+\/about"/);
      expect(line).toMatch(/hreflang="ga" href="[^"]+\/ga\/about"/);
      expect(line).toMatch(/hreflang="x-default" href="[^"]+\/about"/);
    }
    expect(xml).not.toContain("/ga/privacy");
  });

  it("is marked outdated when its source is published again", async () => {
    const copy = await sourceOf("about");
    copy.hero.headline = "A newer English headline";
    expect((await putJson("/api/pages/about", owner, copy)).status).toBe(200);
    expect((await send("/api/pages/about/publish", owner, { method: "POST" })).status).toBe(200);
    const translation = await (await send("/api/pages/about?lang=ga", editor)).json();
    expect(translation.state).toBe("outdated");
    // Visitors still read the Irish words until a new translation is published.
    expect(await (await visit("/ga/about")).text()).toContain("Gníomhaireacht dhigiteach");
  });

  it("shows each page's translation and its state in Admin → Pages, each a link to its form", async () => {
    const list = await (await send("/admin/pages", editor)).text();
    expect(list).toMatch(/<a[^>]*href="\/admin\/pages\/translate\/ga\/about"[^>]*>Irish: outdated<\/a>/);
    expect(list).toMatch(/<a[^>]*href="\/admin\/pages\/translate\/ga\/contact"[^>]*>Irish: missing<\/a>/);
  });

  it("keeps Irish while a page is translated into it: 409 and nothing changed", async () => {
    const answer = await setLanguages({ default: "en", languages: ["en"] });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error).toMatch(/Irish/);
    const changedDefault = await setLanguages({ default: "ga", languages: ["en", "ga"] });
    expect(changedDefault.status).toBe(409);
    expect(await (await send("/api/languages", null)).json()).toMatchObject({
      default: "en",
      languages: ["en", "ga"],
    });
  });
});

describe("the contact form in Irish", () => {
  const formOf = async (path: string) => {
    const html = await (await visit(path)).text();
    const token = /name="formStartedAt" value="([^"]+)"/.exec(html)?.[1] ?? "";
    return { html, token };
  };
  const post = (path: string, fields: Record<string, string>) =>
    send(path, null, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("answers without JavaScript in Irish, errors too, and the enquiry keeps its language", async () => {
    await translate("contact", (copy) => {
      copy.heading = "Labhair linn";
    });
    const { html, token } = await formOf("/ga/contact");
    expect(html).toContain('action="/ga/contact"');
    expect(html).toContain("Seol an Teachtaireacht");
    const refused = await post("/ga/contact", {
      name: "A",
      email: "nope",
      goals: "short",
      formStartedAt: token,
    });
    expect(refused.status).toBe(400);
    const errors = await refused.text();
    expect(errors).toContain("Ní mór 2 charachtar ar a laghad a bheith san ainm");
    expect(errors).toContain("Cuir isteach seoladh ríomhphoist bailí, le do thoil");
    expect(errors).not.toContain("Name must be at least 2 characters");
    expect(getDb().select().from(enquiries).all()).toEqual([]);

    const sent = await post("/ga/contact", {
      name: "Aoife Ní Bhriain",
      email: "aoife@example.ie",
      goals: "Ba mhaith linn níos mó custaiméirí ó Ghaillimh.",
      formStartedAt: token,
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/ga/contact?sent=1");
    const [row] = getDb().select().from(enquiries).where(eq(enquiries.email, "aoife@example.ie")).all();
    expect(row?.lang).toBe("ga");
  });

  it("keeps English for the default page's form", async () => {
    const { html } = await formOf("/contact");
    expect(html).toContain('action="/contact"');
    expect(html).toContain("Send Message");
    const refused = await post("/contact", { name: "A", email: "nope", goals: "short" });
    expect(await refused.text()).toContain("Name must be at least 2 characters");
  });
});

describe("the languages in Site settings", () => {
  const save = (cookie: string, fields: [string, string][]) =>
    send("/admin/settings/languages", cookie, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows the owner the languages, refuses an editor", async () => {
    const page = await send("/admin/settings/languages", owner);
    expect(page.status).toBe(200);
    // React writes an input's value after its other attributes: the order is not asserted.
    expect(await page.text()).toMatch(/<input(?=[^>]*name="languages")(?=[^>]*value="ga")[^>]*checked=""/);
    expect((await send("/admin/settings/languages", editor)).status).toBe(403);
    expect((await save(editor, [["default", "en"]])).status).toBe(403);
  });

  it("adds French; refuses dropping Irish while it is used, and a made-up default, changing nothing", async () => {
    const added = await save(owner, [
      ["default", "en"],
      ["languages", "ga"],
      ["languages", "fr"],
    ]);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Saved: the site is in English, Irish, French.");
    const dropped = await save(owner, [["default", "en"]]);
    expect(dropped.status).toBe(409);
    expect(await dropped.text()).toContain("Pages are translated into Irish");
    const madeUp = await save(owner, [
      ["default", "__proto__"],
      ["languages", "en"],
    ]);
    expect(madeUp.status).toBe(400);
    expect(await (await send("/api/languages", null)).json()).toMatchObject({
      languages: ["en", "ga", "fr"],
    });
    // The Irish page now offers French as not translated: its switcher goes to the French home, or ours.
    const irish = await (await visit("/ga/about")).text();
    // Seen as well as heard: where it goes instead, in the page's language.
    expect(irish).toMatch(
      /<a href="\/" hrefLang="fr" lang="fr-FR"[^>]*>Français<span aria-hidden="true" lang="ga-IE"[^>]*>\(leathanach baile\)<\/span><span class="sr-only"/,
    );
    expect(irish).toMatch(/<a href="\/about" hrefLang="en" lang="en-IE"[^>]*>English</);
  });
});

describe("a translation beside its source in Admin → Pages", () => {
  it("shows the source's words and the translation's form, for editors too", async () => {
    const page = await send("/admin/pages/translate/ga/about", editor);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The published words (source)");
    expect(html).toContain("Gníomhaireacht dhigiteach i mBaile Átha Cliath");
    expect(html).toContain("Publish translation");
    // The source's words are named as the form names its fields, not by their keys.
    expect(html).toMatch(/<dt[^>]*>Search and sharing › Search title<\/dt>/);
    expect(html).not.toMatch(/<dt[^>]*>meta\.title/);
  });

  it("says a translation was published after its save, and where visitors read it", async () => {
    const html = await (await send("/admin/pages/translate/ga/about?saved=published", editor)).text();
    expect(html).toContain("Translation published.");
    expect(html).toMatch(/<a href="\/ga\/about"[^>]*>\/ga\/about<\/a>/);
  });

  it("answers 404 for an unknown language, a prototype name, the default one, one the site is not in, or no page", async () => {
    for (const path of [
      "xx/about",
      "__proto__/about",
      "toString/about",
      "en/about",
      "de/about",
      "ga/nowhere",
    ]) {
      expect((await send(`/admin/pages/translate/${path}`, owner)).status, path).toBe(404);
    }
  });

  it("refuses a form far larger than any page (413) before reading it, as the page's own form does", async () => {
    const answer = await send("/admin/pages/translate/ga/about", owner, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "hero.headline": "x".repeat(1_500_000), intent: "save" }).toString(),
    });
    expect(answer.status).toBe(413);
  });
});
