// Nothing English on a translated page, against the built server: with Irish added and every page's
// words, a post, a case study, team members, quotes and the tagline translated, every Irish public page
// (home, each service, contact, about, the blog and a post, the portfolio and a study, the newsletter's
// answers, a 404) is walked, and no English interface string (each message of the English catalog that
// the Irish one says otherwise, in literal pieces longer than 3 characters, and English month names)
// may appear in its visible text, its <title>, or the attributes people and machines read (alt,
// aria-label, title, placeholder, value, data-* words, meta description / og / twitter).
//
// The owner's content is told apart from the interface by writing it in "test Irish": every word of
// every translated page, post and study is the English one with its vowels accented ("Cóntáct"), so no
// owner's word can match an interface string. Owner's words shown on purpose in the default language
// (the 404's offer of an untranslated English page) are marked with their own `lang`, and the walk
// leaves out any element whose `lang` is not Irish (which is also what axe asks of such a phrase).
import { Window } from "happy-dom";
import { IntlMessageFormat } from "intl-messageformat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";
import { en } from "~/platform/i18n/catalogs/en";
import { ga } from "~/platform/i18n/catalogs/ga";

import type { RunningServer } from "../../../../scripts/lib/start-server";
import { withDb } from "../../../e2e/support/db";
import { sendAs, signedInServer } from "../../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
type Loose = Record<string, any>;

const send = (path: string, init: RequestInit = {}) => sendAs(server, path, owner, init);
const sendJson = (method: string, path: string, body: unknown) =>
  send(path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const visit = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseURL}${path}`, { redirect: "manual", ...init });

/** "Contact us" → "Cóntáct ús": the same length and shape, but no longer an English word. */
const ACCENTS: Record<string, string> = {
  a: "á",
  e: "é",
  i: "í",
  o: "ó",
  u: "ú",
  A: "Á",
  E: "É",
  I: "Í",
  O: "Ó",
  U: "Ú",
};
/** Values that are not words: addresses, e-mails, names of icons or tones, numbers. */
const NOT_WORDS = /^(?:\/|https?:|mailto:|tel:|#)|@|^[a-z0-9_.-]*$|^[\d\s.,:%€$£+-]*$/;

function inTestIrish(text: string): string {
  if (NOT_WORDS.test(text)) return text;
  // Placeholders ({topic}), HTML tags and entities, and a markdown link's address stay as they are.
  return text.replace(/(\{[^}]*\}|<[^>]*>|&\w+;|\]\([^)]*\))|([aeiouAEIOU])/g, (_, kept, vowel) =>
    kept ? kept : ACCENTS[vowel]!,
  );
}

function translated(value: unknown): unknown {
  if (typeof value === "string") return inTestIrish(value);
  if (Array.isArray(value)) return value.map(translated);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, translated(inner)]));
  return value;
}

/** The literal pieces of an ICU message ("{count} more included" → "more included"). */
type Ast = ReturnType<IntlMessageFormat["getAst"]>;
function literals(message: string): string[] {
  const found: string[] = [];
  const walk = (elements: Ast) => {
    for (const element of elements) {
      if (element.type === 0) found.push(element.value);
      if ("options" in element)
        for (const option of Object.values(element.options)) walk((option as { value: Ast }).value);
    }
  };
  walk(new IntlMessageFormat(message, "en").getAst());
  return found.map((piece) => piece.trim()).filter((piece) => piece.length > 3);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** Every English interface string a page in Irish must not show. */
const ENGLISH = [
  ...new Set([
    ...Object.entries(en)
      .filter(([id, message]) => ga[id as keyof typeof en] !== message)
      .flatMap(([, message]) => literals(message)),
    ...MONTHS,
  ]),
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATTERNS = ENGLISH.map((text) => ({
  text,
  pattern: new RegExp(`(?<!\\p{L})${escape(text)}(?!\\p{L})`, "u"),
}));

/** What a reader, a screen reader or a network's card shows of a page, without its parts in another language. */
function shownWords(html: string): string[] {
  const doc = new new Window().DOMParser().parseFromString(html, "text/html");
  // Scripts, styles and the head's links (feeds and icons: for machines, each titled in its own language).
  for (const element of [...doc.querySelectorAll("script, style, link")]) element.remove();
  // The owner's words in the default language, shown on purpose, carry their own lang.
  for (const element of [...doc.querySelectorAll("[lang]")])
    if (element !== doc.documentElement && !element.getAttribute("lang")!.startsWith("ga")) element.remove();
  const words: string[] = [doc.title];
  for (const template of [...doc.querySelectorAll("template")])
    words.push(template.innerHTML.replace(/<[^>]*>/g, " "));
  words.push(doc.body.textContent ?? "");
  for (const element of [...doc.querySelectorAll("*")]) {
    for (const { name, value } of [...element.attributes]) {
      if (["alt", "aria-label", "title", "placeholder", "value"].includes(name) || name.startsWith("data-"))
        words.push(value ?? "");
    }
  }
  for (const meta of [
    ...doc.querySelectorAll("meta[name=description], meta[property^='og:'], meta[name^='twitter:']"),
  ])
    words.push(meta.getAttribute("content") ?? "");
  return words;
}

/** Each English string found, with the words around it (where to look). */
function englishIn(html: string, names: string[] = []): string[] {
  // People's and companies' names are the same in every language ("Dublin Legal Partners").
  const words = names.reduce((text, name) => text.replaceAll(name, " "), shownWords(html).join("\n"));
  return PATTERNS.flatMap(({ text, pattern }) => {
    const found = pattern.exec(words);
    if (!found) return [];
    const around = words.slice(Math.max(0, found.index - 40), found.index + text.length + 40);
    return [`${text}: …${around.replace(/\s+/g, " ")}…`];
  });
}

let post: Loose;
let study: Loose;
let services: string[] = [];
/** The names of the site's people, clients and companies. */
let names: string[] = [];

beforeAll(async () => {
  await createUser("irish-walk-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "irish-walk-owner", password: PASSWORD },
  }));
  expect((await sendJson("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(
    200,
  );

  // Every page's words, in test Irish.
  const { pages } = (await (await send("/api/pages")).json()) as { pages: Loose[] };
  for (const { key } of pages) {
    const source = (await (await send(`/api/pages/${key}`)).json()).published;
    const saved = await sendJson("PUT", `/api/pages/${key}?lang=ga`, translated(source));
    expect(saved.status, `${key}: ${await saved.clone().text()}`).toBe(200);
    expect((await send(`/api/pages/${key}/publish?lang=ga`, { method: "POST" })).status, key).toBe(200);
  }
  services = pages.map((page) => String(page.key)).filter((key) => key.startsWith("services/"));

  const settings = await (await send("/api/settings")).json();
  const words = translated({
    tagline: settings.tagline,
    autoReplySubject: settings.autoReplySubject,
    autoReplyBody: settings.autoReplyBody,
  });
  expect((await sendJson("PUT", "/api/settings?lang=ga", words)).status).toBe(200);

  const source = ((await (await send("/api/blog")).json()) as Loose[]).find(
    (each) => each.status === "published",
  )!;
  const savedPost = await sendJson("POST", "/api/blog", {
    lang: "ga",
    translationOf: source.id,
    title: "Fás orgánach do ghnólachtaí beaga",
    slug: "fas-organach",
    excerpt: "Conas a fhásann gnólacht beag ó chuardach.",
    content: "<p>Focail as Gaeilge faoi chuardach agus fás.</p>",
    tags: ["Cuardach"],
    status: "published",
  });
  expect(savedPost.status).toBe(201);
  post = await savedPost.json();

  const work = ((await (await send("/api/work")).json()) as Loose[])[0]!;
  const savedStudy = await sendJson("POST", "/api/work", {
    lang: "ga",
    translationOf: work.id,
    title: "Tairseach nua do chliant",
    slug: "tairseach-nua",
    category: "Ríomhthráchtáil",
    excerpt: "Tairseach a ghearr am na luachana.",
    body: "<p>Conas a rinneamar é.</p>",
    metricLabels: (work.metrics as Loose[]).map((_, index) => `Toradh ${index + 1}`),
    status: "published",
  });
  expect(savedStudy.status, await savedStudy.clone().text()).toBe(201);
  study = await savedStudy.json();

  for (const person of (await (await send("/api/team")).json()) as Loose[]) {
    const { role, bio, highlights, team, teamSummary } = person;
    const saved = await sendJson(
      "PUT",
      `/api/team/${person.id}/translations/ga`,
      translated({ role, bio, highlights, team, teamSummary }),
    );
    expect(saved.status).toBe(200);
  }
  for (const quote of (await (await send("/api/testimonials")).json()) as Loose[]) {
    const saved = await sendJson(
      "PUT",
      `/api/testimonials/${quote.id}/translations/ga`,
      translated({ quote: quote.quote, role: quote.role }),
    );
    expect(saved.status).toBe(200);
  }
  names = withDb(
    (db) =>
      (
        db
          .prepare(
            `select name from client_logos union select name from team_members
             union select name from testimonials union select company from testimonials
             union select client_name from case_studies`,
          )
          .pluck()
          .all() as string[]
      ).filter(Boolean),
    server.databasePath,
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

async function expectIrish(path: string, init: RequestInit = {}, status = 200) {
  const answer = await visit(path, init);
  expect(answer.status, path).toBe(status);
  const html = await answer.text();
  expect(html, path).toContain('<html lang="ga-IE"');
  expect(englishIn(html, names), path).toEqual([]);
}

describe("a page in Irish", () => {
  it("knows the English it looks for", () => {
    expect(ENGLISH).toEqual(expect.arrayContaining(["Were you looking for", "Subscribe", "Link copied"]));
    expect(englishIn("<p>Were you looking for</p><p lang='en-IE'>Subscribe</p>")).toEqual([
      "Were you looking for: … Were you looking for…",
    ]);
    expect(inTestIrish("Contact us about {topic} at <a href='/contact'>here</a>")).toBe(
      "Cóntáct ús ábóút {topic} át <a href='/contact'>hélé</a>".replace("hélé", "héré"),
    );
  });

  it.each([
    "/ga",
    "/ga/contact",
    "/ga/contact?sent=1",
    "/ga/about",
    "/ga/blog",
    "/ga/blog?page=2",
    "/ga/work",
    "/ga/privacy",
    "/ga/terms",
    "/ga/cookies",
  ])("%s shows no English", async (path) => {
    await expectIrish(path, {}, path.includes("page=2") ? 404 : 200);
  });

  it("the newsletter's confirmation and unsubscribe pages in Irish show no English", async () => {
    await expectIrish("/ga/newsletter/confirm?token=nonsense", {}, 400);
    await expectIrish("/ga/newsletter/unsubscribe?token=nonsense", {}, 400);
  });

  it("each service in Irish shows no English", async () => {
    expect(services.length).toBeGreaterThan(0);
    for (const key of services) await expectIrish(`/ga/${key}`);
  });

  it("a post and a case study in Irish show no English", async () => {
    await expectIrish(`/ga/blog/${post.slug}`);
    await expectIrish(`/ga/work/${study.slug}`);
  });

  it("a 404 under /ga, and an untranslated post's, show no English", async () => {
    await expectIrish("/ga/nil-a-leithéid-de-leathanach", {}, 404);
    await expectIrish("/ga/blog/nil-a-leitheid", {}, 404);
    await expectIrish("/ga/work/nil-a-leitheid", {}, 404);
  });

  it("shares a card of its own for a translated post, study and service, and draws the post's cover in its words", async () => {
    const meta = async (path: string) => {
      const html = await (await visit(path)).text();
      const content = (property: string) =>
        new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1] ?? "";
      return { image: content("og:image"), alt: content("og:image:alt"), html };
    };
    const source = ((await (await send("/api/blog")).json()) as Loose[]).find(
      (each) => each.id === post.translationOf,
    )!;
    const irish = await meta(`/ga/blog/${post.slug}`);
    const english = await meta(`/blog/${source.slug}`);
    expect(irish.image).toContain(`/uploads/cards/post-${post.id}-`);
    expect(irish.alt).toContain(post.title);
    expect(english.image).not.toBe(irish.image);
    const drawn = await visit(new URL(irish.image).pathname);
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("content-type")).toBe("image/jpeg");
    // The English post's drawn cover (its English title) is not the Irish one's.
    const coverOf = (html: string) => /<img[^>]+src="(\/(?:images|uploads)\/art\/[^"]+)"/.exec(html)?.[1];
    if (coverOf(english.html)) expect(coverOf(irish.html)).not.toBe(coverOf(english.html));

    const study_ = await meta(`/ga/work/${study.slug}`);
    expect(study_.image).toContain(`/uploads/cards/study-${study.id}-`);
    const sourceStudy = ((await (await send("/api/work")).json()) as Loose[]).find(
      (each) => each.id === study.translationOf,
    )!;
    const englishStudy = await meta(`/work/${sourceStudy.slug}`);
    if (coverOf(englishStudy.html)) expect(coverOf(study_.html)).not.toBe(coverOf(englishStudy.html));
    const service = await meta(`/ga/${services[0]}`);
    expect(service.image).toMatch(/\/uploads\/cards\/service-[a-z0-9-]+\.ga-[0-9a-f]{16}\.jpg$/);
    expect((await visit(new URL(service.image).pathname)).status).toBe(200);
  });

  it("marks each phrase in another language with its own lang: the switcher's names, an English page offered", async () => {
    const doc = (html: string) => new new Window().DOMParser().parseFromString(html, "text/html");
    const home = doc(await (await visit("/ga")).text());
    const names = [...home.querySelectorAll("a[hreflang]")].filter((link) => link.closest("footer"));
    expect(names.map((link) => `${link.textContent?.trim()} ${link.getAttribute("lang")}`)).toEqual(
      expect.arrayContaining(["English en-IE", "Gaeilge ga-IE"]),
    );
    // An untranslated post under /ga: the 404 offers the English post, its title marked as English.
    const english = ((await (await send("/api/blog")).json()) as Loose[]).find(
      (each) => each.status === "published" && each.id !== post.translationOf,
    )!;
    const missing = doc(await (await visit(`/ga/blog/${english.slug}`)).text());
    const marked = [...missing.querySelectorAll("[lang='en-IE']")].map((element) => element.textContent);
    expect(marked).toContain(english.title);
  });

  it("the newsletter box's thanks and its errors, without JavaScript, show no English", async () => {
    await expectIrish("/ga/blog?subscribed=1");
    const form = (email: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      body: new URLSearchParams({ intent: "subscribe", email }).toString(),
    });
    await expectIrish("/ga/blog", form("not an address"), 400);
    await expectIrish("/ga/blog", form(""), 400);
    await expectIrish("/ga/blog", form(`${"a".repeat(250)}@example.ie`), 400);
  });

  it("the contact form's errors without JavaScript show no English", async () => {
    await expectIrish(
      "/ga/contact",
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
        body: new URLSearchParams({ name: "x", email: "nope", goals: "" }).toString(),
      },
      400,
    );
  });
});
