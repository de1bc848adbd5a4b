// The team, testimonials and packages in Irish, against the built server: the owner translates a team
// member and a testimonial through /api/{team,testimonials}/{id}/translations/ga and a package beside
// its source in the admin (no JavaScript); /ga/about shows the Irish bio and only the translated people,
// /ga shows only the translated quote and no packages section until one is translated; the English
// pages are unchanged; the contact page's FAQ is its page copy, translated with it. Hostile input:
// unknown, default and absent languages, prototype names, unknown fields and items, truncated, nested,
// oversized and concurrent bodies, an editor and a stranger.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { siteItemTranslations } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";
let editor = "";

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const sendJson = (method: string, path: string, body: unknown, cookie: string | null = owner) =>
  send(path, cookie, {
    method,
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const postForm = (path: string, cookie: string | null, fields: Record<string, string>) =>
  send(path, cookie, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const html = async (path: string) => (await send(path, null)).text();
const stored = (kind: string, id: string) =>
  getDb()
    .select()
    .from(siteItemTranslations)
    .where(and(eq(siteItemTranslations.kind, kind as "team"), eq(siteItemTranslations.itemId, id)))
    .all();

/** Publishes the page's Irish copy (its English copy with `change`), so that its /ga address exists. */
async function translatePage(
  key: string,
  change: (copy: Record<string, unknown>) => Record<string, unknown>,
) {
  const copy = (await (await send(`/api/pages/${key}`, owner)).json()).published;
  expect((await sendJson("PUT", `/api/pages/${key}?lang=ga`, change(copy))).status, key).toBe(200);
  expect((await send(`/api/pages/${key}/publish?lang=ga`, owner, { method: "POST" })).status, key).toBe(200);
}

type Person = {
  id: string;
  name: string;
  role: string;
  bio: string;
  highlights: string[];
  team: string;
  teamSummary: string;
};
type Quote = { id: string; quote: string; name: string; role: string; featured: boolean };
let team: Person[] = [];
let quotes: Quote[] = [];

const IRISH_BIO = "Stiúrann sí obair chruthaitheach na gníomhaireachta ó 2015.";
const IRISH_QUOTE = "Dhúbail siad ár n-áirithintí i dtrí mhí.";
const IRISH_FAQ = "Cé chomh tapa is féidir linn tosú?";

beforeAll(async () => {
  await createUser("items-owner", PASSWORD);
  await createUser("items-editor", PASSWORD, { role: "editor" });
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "items-owner", password: PASSWORD },
  }));
  editor = await adminSessionCookie(server.baseURL, { username: "items-editor", password: PASSWORD });
  expect((await sendJson("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(
    200,
  );
  await translatePage("home", (copy) => copy);
  await translatePage("about", (copy) => copy);
  await translatePage("services/seo", (copy) => copy);
  await translatePage("contact", (copy) => {
    const faq = copy.faq as { heading: string; items: { question: string; answer: string }[] };
    return {
      ...copy,
      faq: { heading: "Ceisteanna Coitianta", items: [{ ...faq.items[0]!, question: IRISH_FAQ }] },
    };
  });
  team = await (await send("/api/team", null)).json();
  quotes = (await (await send("/api/testimonials", null)).json()).filter((quote: Quote) => quote.featured);
  expect(team.length).toBeGreaterThan(1);
  expect(quotes.length).toBeGreaterThan(1);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const wordsOf = (person: Person, over: Partial<Person> = {}) => ({
  role: person.role,
  bio: person.bio,
  highlights: person.highlights,
  team: person.team,
  teamSummary: person.teamSummary,
  ...over,
});

describe("the team, testimonials and packages in Irish", () => {
  it("are absent under /ga until translated: no people, no quotes, no packages section", async () => {
    const about = await html("/ga/about");
    expect(about).not.toContain('id="people-heading"');
    for (const person of team) expect(about).not.toContain(person.bio.slice(0, 40));
    const home = await html("/ga");
    expect(home).not.toContain('id="packages-heading"');
    expect(home).not.toContain('id="testimonials-heading"');
    expect(home).toContain('<html lang="ga-IE"');
    // A service page's client quote too ("In a client’s words" labels it).
    expect(await html("/ga/services/seo")).not.toContain("In a client’s words");
    expect(await html("/services/seo")).toContain("In a client’s words");
  });

  it("show the Irish bio on /ga/about and only the translated person; /about stays English", async () => {
    const [first, second] = team as [Person, Person];
    const saved = await sendJson(
      "PUT",
      `/api/team/${first.id}/translations/ga`,
      wordsOf(first, { bio: IRISH_BIO }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      id: first.id,
      lang: "ga",
      state: "up to date",
      words: { bio: IRISH_BIO },
    });
    const about = await html("/ga/about");
    expect(about).toContain(IRISH_BIO);
    expect(about).toContain(first.name);
    expect(about).toContain('aria-label="Gach duine, taobh le taobh"');
    expect(about).not.toContain(second.name);
    const english = await html("/about");
    expect(english).not.toContain(IRISH_BIO);
    expect(english).toContain(first.bio.slice(0, 40));
    expect(english).toContain(second.name);
    // Read back: by a visitor once translated, never an untranslated one's.
    expect((await send(`/api/team/${first.id}/translations/ga`, null)).status).toBe(200);
    expect((await send(`/api/team/${second.id}/translations/ga`, null)).status).toBe(404);
    expect(await (await send(`/api/team/${second.id}/translations/ga`, owner)).json()).toMatchObject({
      state: "missing",
      words: null,
    });
  });

  it("show only the translated quote on /ga, and the English home page keeps every quote", async () => {
    const [first, second] = quotes as [Quote, Quote];
    const saved = await sendJson("PUT", `/api/testimonials/${first.id}/translations/ga`, {
      quote: IRISH_QUOTE,
      role: first.role,
    });
    expect(saved.status).toBe(200);
    const home = await html("/ga");
    expect(home).toContain('id="testimonials-heading"');
    expect(home).toContain(IRISH_QUOTE);
    expect(home).not.toContain(second.quote.slice(0, 40));
    const english = await html("/");
    expect(english).not.toContain(IRISH_QUOTE);
    expect(english).toContain(first.quote.slice(0, 40));
    expect(english).toContain(second.quote.slice(0, 40));
    expect(english).toContain('id="packages-heading"');
  });

  it("show a service page's client quote under /ga once every quote is translated", async () => {
    const all: Quote[] = await (await send("/api/testimonials", null)).json();
    for (const quote of all)
      expect(
        (
          await sendJson("PUT", `/api/testimonials/${quote.id}/translations/ga`, {
            quote: `GA: ${quote.quote}`,
            role: "",
          })
        ).status,
      ).toBe(200);
    const service = await html("/ga/services/seo");
    expect(service).toContain("In a client’s words");
    expect(service).toContain("GA: ");
  });

  it("lets the owner translate a package beside its source without JavaScript, and mark it outdated after an edit", async () => {
    const list = await (await send("/admin/packages", owner)).text();
    const id = /href="\/admin\/packages\/translate\/ga\/([^"]+)"/.exec(list)?.[1] ?? "";
    expect(id).not.toBe("");
    expect(list).toContain("Irish: not translated");
    const screen = await (await send(`/admin/packages/translate/ga/${id}`, owner)).text();
    expect(screen).toContain("Name in Irish");
    const refused = await postForm(`/admin/packages/translate/ga/${id}`, owner, {
      name: "",
      description: "",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Name is required");
    expect(stored("packages", id)).toEqual([]);
    const saved = await postForm(`/admin/packages/translate/ga/${id}`, owner, {
      name: "Pacáiste Fáis",
      description: "Do ghnólachtaí atá ag fás.",
      "features.0.name": "SEO áitiúil",
      "features.0.detail": "",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/packages/translate/ga/${id}?saved`);
    const irishHome = await html("/ga");
    expect(irishHome).toContain("Pacáiste Fáis");
    // The card's own words are the interface's, in Irish, and its button stays in Irish.
    expect(irishHome).toContain("/ mí, gan CBL");
    expect(irishHome).toContain('href="/ga/contact"');
    expect(irishHome).not.toContain("/ month, ex VAT");
    const englishHome = await html("/");
    expect(englishHome).not.toContain("Pacáiste Fáis");
    expect(englishHome).toContain("/ month, ex VAT");
    expect(await (await send("/admin/packages", owner)).text()).toContain("Irish: up to date");
    // The team's list says which are translated, with the way to each.
    const teamList = await (await send("/admin/team", owner)).text();
    expect(teamList).toContain(`/admin/team/translate/ga/${team[0]!.id}`);
    expect(teamList).toContain("Irish: up to date");
    expect(teamList).toContain("Irish: not translated");
    // The source's words change: the translation is outdated; its price alone would not.
    const [first] = team as [Person];
    const edited = await sendJson("PUT", `/api/team/${first.id}`, {
      ...first,
      bio: `${first.bio} Now more.`,
    });
    expect(edited.status).toBe(200);
    expect(await (await send(`/api/team/${first.id}/translations/ga`, owner)).json()).toMatchObject({
      state: "outdated",
    });
    expect(await (await send("/admin/team", owner)).text()).toContain("Irish: outdated");
    // Removed: the package leaves the Irish home page.
    expect((await postForm(`/admin/packages/translate/ga/${id}`, owner, { intent: "remove" })).status).toBe(
      200,
    );
    expect(await html("/ga")).not.toContain("Pacáiste Fáis");
    expect((await postForm(`/admin/packages/translate/ga/${id}`, editor, { intent: "remove" })).status).toBe(
      403,
    );
  });

  it("shows the contact page's FAQ in Irish: it is the page's copy, translated with it", async () => {
    const irish = await html("/ga/contact");
    expect(irish).toContain(IRISH_FAQ);
    expect(irish).toContain("Ceisteanna Coitianta");
    expect(await html("/contact")).not.toContain(IRISH_FAQ);
  });
});

describe("the translations API refuses bad input and changes nothing", () => {
  it("refuses unknown, default and absent languages, unknown items, strangers and editors", async () => {
    const [, second] = team as [Person, Person];
    const words = wordsOf(second, { bio: "Focail" });
    for (const lang of ["xx", "en", "de", "__proto__", "constructor", "toString"]) {
      const answer = await sendJson("PUT", `/api/team/${second.id}/translations/${lang}`, words);
      expect(answer.status, lang).toBe(400);
      expect((await answer.json()).issues[0].path, lang).toBe("lang");
    }
    expect((await sendJson("PUT", "/api/team/no-such-member/translations/ga", words)).status).toBe(404);
    expect(
      (await sendJson("PUT", "/api/testimonials/__proto__/translations/ga", { quote: "x" })).status,
    ).toBe(404);
    expect((await sendJson("PUT", `/api/team/${second.id}/translations/ga`, words, null)).status).toBe(401);
    expect((await sendJson("PUT", `/api/team/${second.id}/translations/ga`, words, editor)).status).toBe(403);
    expect((await sendJson("DELETE", `/api/team/${second.id}/translations/ga`, null, editor)).status).toBe(
      403,
    );
    expect((await sendJson("POST", `/api/team/${second.id}/translations/ga`, words)).status).toBe(405);
    expect(stored("team", second.id)).toEqual([]);
  });

  it("refuses malformed, truncated, nested, oversized, prototype-named and unknown fields", async () => {
    const [, second] = team as [Person, Person];
    const path = `/api/team/${second.id}/translations/ga`;
    const words = wordsOf(second, { bio: "Focail" });
    const bodies: [string, unknown, number][] = [
      ["malformed", "{not json", 400],
      ["truncated", JSON.stringify(words).slice(0, 30), 400],
      ["an array", [words], 400],
      ["null", "null", 400],
      ["deeply nested", `{"role":"Dearthóir","bio":${"[".repeat(5000)}${"]".repeat(5000)}}`, 400],
      ["prototype-named", `{"role":"Dearthóir","__proto__":{"polluted":true}}`, 400],
      ["constructor", { ...words, constructor: { prototype: {} } }, 400],
      ["a name (not translatable)", { ...words, name: "Ainm eile" }, 400],
      ["too long", { ...words, bio: "x".repeat(1501) }, 400],
      ["two-line role", { ...words, role: "a\nb" }, 400],
      ["oversized", { ...words, bio: "x".repeat(200_000) }, 413],
    ];
    for (const [what, body, status] of bodies) {
      const answer = await sendJson("PUT", path, body);
      expect(answer.status, what).toBe(status);
      expect((await answer.json()).error, what).toBeTruthy();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(stored("team", second.id)).toEqual([]);
  });

  it("keeps one whole translation after concurrent writes, and removes it with DELETE", async () => {
    const [, second] = team as [Person, Person];
    const path = `/api/team/${second.id}/translations/ga`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendJson("PUT", path, wordsOf(second, { bio: `Leagan ${i}` }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const rows = stored("team", second.id);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.words.bio)).toMatch(/^Leagan \d$/);
    expect(rows[0]!.words.role).toBe(second.role);
    expect((await sendJson("DELETE", path, null)).status).toBe(204);
    expect((await sendJson("DELETE", path, null)).status).toBe(404);
    expect(stored("team", second.id)).toEqual([]);
  });

  it("answers the admin's form with 404 for odd languages and items, 403 to an editor, 413 past its size, 400 naming a field", async () => {
    const [, second] = team as [Person, Person];
    const fields = { role: "Dearthóir", bio: "Focail" };
    for (const lang of ["en", "de", "xx", "__proto__", "constructor", "GA"])
      expect((await postForm(`/admin/team/translate/${lang}/${second.id}`, owner, fields)).status, lang).toBe(
        404,
      );
    expect((await postForm("/admin/team/translate/ga/__proto__", owner, fields)).status).toBe(404);
    expect((await postForm(`/admin/team/translate/ga/${second.id}`, editor, fields)).status).toBe(403);
    expect((await postForm(`/admin/team/translate/ga/${second.id}`, null, fields)).status).toBe(302);
    const huge = await postForm(`/admin/team/translate/ga/${second.id}`, owner, {
      ...fields,
      bio: "x".repeat(3_000_000),
    });
    expect(huge.status).toBe(413);
    const long = await postForm(`/admin/team/translate/ga/${second.id}`, owner, {
      ...fields,
      bio: "x".repeat(1501),
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Bio must be 1500 characters or fewer");
    expect(stored("team", second.id)).toEqual([]);
    // A field of another name (a prototype's too) is not one of the words: it is left out, never stored.
    const odd = await postForm(`/admin/team/translate/ga/${second.id}`, owner, {
      ...fields,
      __proto__: "x",
      name: "Ainm eile",
    } as Record<string, string>);
    expect(odd.status).toBe(302);
    expect(Object.keys(stored("team", second.id)[0]!.words).sort()).toEqual([
      "bio",
      "highlights",
      "role",
      "team",
      "teamSummary",
    ]);
    expect((await sendJson("DELETE", `/api/team/${second.id}/translations/ga`, null)).status).toBe(204);
  });

  it("refuses to drop Irish while the team's translations use it", async () => {
    const answer = await sendJson("PUT", "/api/languages", { default: "en", languages: ["en"] });
    expect(answer.status).toBe(409);
  });
});
