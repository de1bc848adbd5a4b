// The newsletter box in the page's language, against the built server, sent as a browser without
// JavaScript sends it: a sign-up from /ga/blog stores the Irish consent wording the box showed, with the
// Irish wording's version and the language; one from /blog stores the English wording and version as
// before. The box's errors and thanks are in the page's language; hostile forms write nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";
import { en } from "~/platform/i18n/catalogs/en";
import { ga } from "~/platform/i18n/catalogs/ga";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { withDb } from "../../e2e/support/db";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
const ENGLISH_CONSENT =
  "By subscribing you agree to receive our monthly e-mail. We'll ask you to confirm first, and every e-mail has a link to unsubscribe.";
let server: RunningServer;
let owner = "";

beforeAll(async () => {
  await createUser("consent-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "consent-owner", password: PASSWORD },
  }));
  const json = (method: string, path: string, body: unknown) =>
    sendAs(server, path, owner, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await json("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(200);
  // The Irish blog exists once an article is translated.
  const source = (
    (await (await sendAs(server, "/api/blog", owner)).json()) as { id: string; status: string }[]
  ).find((post) => post.status === "published")!;
  const translated = await json("POST", "/api/blog", {
    lang: "ga",
    translationOf: source.id,
    title: "Alt as Gaeilge",
    slug: "alt-as-gaeilge",
    excerpt: "Achoimre as Gaeilge.",
    content: "<p>Focail as Gaeilge.</p>",
    tags: ["Cuardach"],
    status: "published",
  });
  expect(translated.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const signUp = (path: string, fields: Record<string, string> | string) =>
  fetch(`${server.baseURL}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
    body:
      typeof fields === "string"
        ? fields
        : new URLSearchParams({ intent: "subscribe", ...fields }).toString(),
  });

type Consent = { lang: string; consent_text: string; consent_version: string; consent_source: string };
const consentOf = (email: string) =>
  withDb(
    (db) =>
      db
        .prepare(
          "select lang, consent_text, consent_version, consent_source from newsletter_subscribers where email = ?",
        )
        .get(email),
    server.databasePath,
  ) as Consent | undefined;
const subscriberCount = () =>
  withDb(
    (db) => db.prepare("select count(*) from newsletter_subscribers").pluck().get(),
    server.databasePath,
  );

describe("the newsletter box in Irish", () => {
  it("shows its heading, consent wording and button in Irish on /ga/blog, and English on /blog", async () => {
    const irish = await (await fetch(`${server.baseURL}/ga/blog`)).text();
    for (const id of [
      "newsletter.box.heading",
      "newsletter.box.subscribe",
      "newsletter.box.privacy",
    ] as const)
      expect(irish).toContain(ga[id]);
    expect(irish).toContain(ga["newsletter.box.consent"].replaceAll("'", "&#x27;"));
    const english = await (await fetch(`${server.baseURL}/blog`)).text();
    expect(english).toContain(ENGLISH_CONSENT.replaceAll("'", "&#x27;"));
    expect(english).toContain(">Subscribe<");
  });

  it("stores the Irish wording it showed, its Irish version and the language for a sign-up from /ga/blog", async () => {
    const answer = await signUp("/ga/blog", { email: "aoife@example.ie" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/ga/blog?subscribed=1#newsletter");
    expect(consentOf("aoife@example.ie")).toEqual({
      lang: "ga",
      consent_text: ga["newsletter.box.consent"],
      consent_version: "ga-2026-11-28",
      consent_source: "blog",
    });
    const thanks = await (await fetch(`${server.baseURL}/ga/blog?subscribed=1`)).text();
    expect(thanks).toContain(ga["newsletter.box.thanks"]);
  });

  it("stores the English wording and version unchanged for a sign-up from /blog", async () => {
    expect(en["newsletter.box.consent"]).toBe(ENGLISH_CONSENT);
    expect((await signUp("/blog", { email: "emer@example.ie" })).status).toBe(303);
    expect(consentOf("emer@example.ie")).toEqual({
      lang: "en",
      consent_text: ENGLISH_CONSENT,
      consent_version: "2026-11-23",
      consent_source: "blog",
    });
  });

  it("stores the Irish wording for an API sign-up in Irish, and answers the API in English", async () => {
    const answer = await fetch(`${server.baseURL}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "niamh@example.ie", lang: "ga" }),
    });
    expect(answer.status).toBe(202);
    expect((await answer.json()).message).toBe(en["newsletter.box.thanks"]);
    expect(consentOf("niamh@example.ie")).toEqual({
      lang: "ga",
      consent_text: ga["newsletter.box.consent"],
      consent_version: "ga-2026-11-28",
      consent_source: "api",
    });
  });

  it("answers a mistake in Irish beside the field, keeping what was typed, and writes nothing", async () => {
    const before = subscriberCount();
    for (const [email, message] of [
      ["", ga["newsletter.box.error.missing"]],
      ["not an address", ga["newsletter.box.error.invalid"]],
      [`${"a".repeat(250)}@example.ie`, ga["newsletter.box.error.tooLong"]],
    ] as const) {
      const answer = await signUp("/ga/blog", { email });
      expect(answer.status, email).toBe(400);
      const html = await answer.text();
      expect(html).toContain('<html lang="ga-IE"');
      expect(html).toContain(message);
    }
    const english = await (await signUp("/blog", { email: "nope" })).text();
    expect(english).toContain(en["newsletter.box.error.invalid"]);
    expect(subscriberCount()).toBe(before);
  });

  it("refuses hostile forms from /ga/blog without a 500, writing nothing", async () => {
    const before = subscriberCount();
    const hostile = [
      "intent=subscribe&email=%E0%A4%A", // truncated escape
      "intent=subscribe&__proto__[email]=x%40example.ie",
      "intent=subscribe&constructor=1&email[]=a%40example.ie",
      `intent=subscribe&email=${"x".repeat(70_000)}`,
    ];
    for (const body of hostile) {
      const answer = await signUp("/ga/blog", body);
      expect(answer.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status, body.slice(0, 40)).toBeLessThan(500);
    }
    const together = await Promise.all(
      Array.from({ length: 4 }, () => signUp("/ga/blog", { email: "" }).then((answer) => answer.status)),
    );
    expect(together).toEqual([400, 400, 400, 400]);
    expect(subscriberCount()).toBe(before);
  });
});
