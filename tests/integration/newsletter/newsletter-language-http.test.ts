// The newsletter in the reader's language, against the built server with a real SMTP server: a sign-up
// in Irish keeps its language, its confirmation e-mail is in Irish and links to /ga/newsletter/confirm,
// and the confirmation and unsubscribe pages there are in Irish; English stays as it was. Hostile
// languages (unknown, prototype names, one the site is not in) are refused with nothing written.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createUser } from "~/features/staff/index.server";
import { resetEnvCache } from "~/platform/env.server";
import { sealToken } from "~/platform/sealed-token.server";

import { type SmtpCatcher, startSmtpCatcher } from "../../../scripts/lib/smtp-catcher";
import type { RunningServer } from "../../../scripts/lib/start-server";
import { withDb } from "../../e2e/support/db";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const SESSION_SECRET = "newsletter-language-test-secret-long-enough";
const PASSWORD = "a-long-enough-password";
let smtp: SmtpCatcher;
let server: RunningServer;
let owner = "";

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  await createUser("news-owner", PASSWORD);
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "news-owner", password: PASSWORD },
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Northwall Digital <hello@northwalldigital.ie>", SESSION_SECRET },
  }));
  // Tokens made here are the server's own (same secret).
  process.env.SESSION_SECRET = SESSION_SECRET;
  resetEnvCache();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const send = (path: string, init: RequestInit = {}) => sendAs(server, path, null, init);
const post = (path: string, form: Record<string, string> = {}) =>
  send(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
const signUp = (body: unknown) =>
  send("/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const subscriber = (email: string) =>
  withDb(
    (db) => db.prepare("select status, lang from newsletter_subscribers where email = ?").get(email),
    server.databasePath,
  ) as { status: string; lang: string | null } | undefined;
const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];

async function mailTo(address: string): Promise<ParsedMail> {
  await vi.waitFor(() => expect(smtp.mails.some((m) => m.to.includes(address))).toBe(true), {
    timeout: 15_000,
  });
  return (await smtp.to(address)).at(-1)!;
}

describe("the newsletter in Irish", () => {
  it("refuses a language the site is not in, an unknown one or a prototype name, writing nothing", async () => {
    for (const lang of ["ga", "de", "xx", "__proto__", "constructor", 7, "g".repeat(200)]) {
      const answer = await signUp({ email: "nobody@example.ie", lang });
      expect(answer.status, String(lang)).toBe(400);
      expect((await answer.json()).issues[0].path).toBe("lang");
    }
    expect(subscriber("nobody@example.ie")).toBeUndefined();
  });

  it("keeps the sign-up's language, and sends its confirmation in Irish to the Irish page", async () => {
    const languages = await sendAs(server, "/api/languages", owner, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ default: "en", languages: ["en", "ga"] }),
    });
    expect(languages.status).toBe(200);
    expect((await signUp({ email: "eimear@example.ie", lang: "ga" })).status).toBe(202);
    expect(subscriber("eimear@example.ie")).toEqual({ status: "pending", lang: "ga" });
    const mail = await mailTo("eimear@example.ie");
    expect(mail.subject).toBe("Deimhnigh do shíntiús le Northwall Digital");
    expect(String(mail.html)).toContain('lang="ga-IE"');
    expect(mail.text).toContain("Is ea, cláraigh mé");
    const link = /https?:\/\/[^\s"]+\/ga\/newsletter\/confirm\?token=[\w%-]+/.exec(String(mail.text))?.[0];
    expect(link, "a link to the Irish confirmation page").toBeTruthy();

    const confirmed = await send(new URL(link!).pathname + new URL(link!).search);
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page).toContain('<html lang="ga-IE"');
    expect(heading(page)).toBe("Tá tú cláraithe");
    expect(subscriber("eimear@example.ie")).toEqual({ status: "confirmed", lang: "ga" });

    // Without a language (the API as before): the default's, English, as it was.
    expect((await signUp({ email: "emer@example.ie" })).status).toBe(202);
    expect(subscriber("emer@example.ie")).toEqual({ status: "pending", lang: "en" });
    const english = await mailTo("emer@example.ie");
    expect(english.subject).toBe("Confirm your subscription to Northwall Digital");
    expect(english.text).toMatch(/[^/]\/newsletter\/confirm\?token=/);
  });

  it("asks and answers in Irish on /ga/newsletter/unsubscribe, and in English on its own address", async () => {
    const token = encodeURIComponent(sealToken("newsletter-unsubscribe", "eimear@example.ie"));
    const ask = await (await send(`/ga/newsletter/unsubscribe?token=${token}`)).text();
    expect(heading(ask)).toBe("Díliostáil ónár ríomhphoist?");
    expect(ask).toContain("Ní bhfaighidh <strong");
    const english = await (await send(`/newsletter/unsubscribe?token=${token}`)).text();
    expect(heading(english)).toBe("Unsubscribe from our e-mails?");

    const done = await post(`/ga/newsletter/unsubscribe?token=${token}`);
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(heading(html)).toBe("Tá tú díliostáilte");
    expect(html).toContain("Ní sheolfaimid ríomhphost chuig <strong");
    expect(subscriber("eimear@example.ie")).toBeUndefined();

    const bad = await send("/ga/newsletter/confirm?token=nonsense");
    expect(bad.status).toBe(400);
    expect(heading(await bad.text())).toBe("Ní oibríonn an nasc seo");
  });

  it("sends a newsletter link in a language the site is not in to the default's page, and the default's own prefix home", async () => {
    // An e-mail sent in a language the site has dropped since: its unsubscribe and confirm links still work.
    for (const path of ["/de/newsletter/confirm?token=x", "/de/newsletter/unsubscribe?token=a%2Bb"]) {
      const kept = await send(path);
      expect(kept.status, path).toBe(302);
      expect(kept.headers.get("location"), path).toBe(path.slice("/de".length));
    }
    // Any other page there is still no page.
    expect((await send("/de/newsletter")).status).toBe(404);
    expect((await send("/de/about")).status).toBe(404);
    const moved = await send("/en/newsletter/unsubscribe?token=x");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/newsletter/unsubscribe?token=x");
  });
});
