// The agency's words in another language, against the built server: the owner writes the Irish tagline
// and auto-reply in Site settings (/admin/settings/words/ga), pages under /ga show the tagline, and an
// enquiry sent from /ga/contact without JavaScript waits in the outbox with the Irish auto-reply.
// Hostile input: prototype names, the default language, a language the site is not in, bad fields,
// an oversized form, an editor.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { jobs, siteSettingsTranslations } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";
let editor = "";

beforeAll(async () => {
  await createUser("words-owner", PASSWORD);
  await createUser("words-editor", PASSWORD, { role: "editor" });
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "words-owner", password: PASSWORD },
  }));
  editor = await adminSessionCookie(server.baseURL, { username: "words-editor", password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const postForm = (path: string, cookie: string | null, fields: Record<string, string>) =>
  send(path, cookie, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const putJson = (path: string, body: unknown) =>
  send(path, owner, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const IRISH = {
  tagline: "Gníomhaireacht margaíochta digití i mBaile Átha Cliath",
  autoReplySubject: "Tá do theachtaireacht againn: {name}",
  autoReplyBody:
    "Dia duit {firstName},\n\nGo raibh maith agat as scríobh chugainn. Freagróimid thú laistigh de 24 uair an chloig.",
};
const stored = () => getDb().select().from(siteSettingsTranslations).all();

describe("the agency's words in Irish", () => {
  it("are the owner's to write once the site is in Irish: 404 before, for odd languages, 403 for an editor", async () => {
    expect((await send("/admin/settings/words/ga", owner)).status).toBe(404);
    expect((await putJson("/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(200);
    for (const lang of ["en", "de", "__proto__", "constructor", "GA", "xx", "ga%2F..", "toString"])
      expect((await postForm(`/admin/settings/words/${lang}`, owner, IRISH)).status, lang).toBe(404);
    expect((await postForm("/admin/settings/words/ga", editor, IRISH)).status).toBe(403);
    expect((await postForm("/admin/settings/words/ga", null, IRISH)).status).toBe(302);
    expect(stored()).toEqual([]);
    const settings = await send("/admin/settings", owner);
    expect(await settings.text()).toContain('href="/admin/settings/words/ga"');
  });

  it("refuses bad fields and an oversized form, naming the field and writing nothing", async () => {
    const refused = await postForm("/admin/settings/words/ga", owner, {
      ...IRISH,
      tagline: "x".repeat(201),
      autoReplyBody: "short",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Tagline must be 200 characters or fewer");
    expect(html).toContain("Message must be at least 20 characters");
    const twoLines = await postForm("/admin/settings/words/ga", owner, { ...IRISH, tagline: "a\nb" });
    expect(twoLines.status).toBe(400);
    const huge = await postForm("/admin/settings/words/ga", owner, {
      ...IRISH,
      autoReplyBody: "x".repeat(200_000),
    });
    expect(huge.status).toBe(413);
    expect(stored()).toEqual([]);
  });

  it("are saved, shown in the footer under /ga, and answer an enquiry from /ga/contact in Irish", async () => {
    const saved = await postForm("/admin/settings/words/ga", owner, IRISH);
    expect(saved.status).toBe(200);
    expect(stored()).toMatchObject([{ lang: "ga", ...IRISH }]);

    // The contact page translated, so that /ga/contact exists.
    const copy = (await (await send("/api/pages/contact", owner)).json()).published;
    expect((await putJson("/api/pages/contact?lang=ga", { ...copy, heading: "Labhair linn" })).status).toBe(
      200,
    );
    expect((await send("/api/pages/contact/publish?lang=ga", owner, { method: "POST" })).status).toBe(200);

    const page = await (await send("/ga/contact", null)).text();
    expect(page).toContain(IRISH.tagline);
    const english = await (await send("/contact", null)).text();
    expect(english).not.toContain(IRISH.tagline);
    expect(english).toContain("Full-stack digital marketing agency in Dublin");

    const token = /name="formStartedAt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const sent = await postForm("/ga/contact", null, {
      name: "Niamh Ní Cheallaigh",
      email: "niamh@example.ie",
      goals: "Ba mhaith linn níos mó custaiméirí.",
      formStartedAt: token,
    });
    expect(sent.status).toBe(302);
    const reply = getDb().select().from(jobs).where(eq(jobs.target, "niamh@example.ie")).get();
    expect(reply?.title).toBe("Tá do theachtaireacht againn: Northwall Digital");
    expect(String(reply?.payload.text)).toContain("Dia duit Niamh,");
    expect(String(reply?.payload.html)).toContain('lang="ga-IE"');
  });

  it("can be removed: the default language's words again", async () => {
    expect((await postForm("/admin/settings/words/ga", owner, { intent: "remove" })).status).toBe(200);
    expect(stored()).toEqual([]);
    expect(await (await send("/ga/contact", null)).text()).toContain(
      "Full-stack digital marketing agency in Dublin",
    );
  });
});
