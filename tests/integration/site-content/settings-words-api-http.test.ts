// The agency's tagline and auto-reply in another language through the API, as /api/pages/{key}?lang=
// reads it: GET, PUT and DELETE /api/settings?lang=ga, the owner's to write. Hostile input: languages
// that are no language or not the site's, bodies truncated, oversized, nested, of prototype names,
// sent at once; nothing is half-written. Against the built server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { siteSettingsTranslations } from "#db/schema";
import { createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";

import { adminSessionCookie, type RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let owner = "";
let editor = "";

beforeAll(async () => {
  await createUser("words-api-owner", PASSWORD);
  await createUser("words-api-editor", PASSWORD, { role: "editor" });
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "words-api-owner", password: PASSWORD },
  }));
  editor = await adminSessionCookie(server.baseURL, { username: "words-api-editor", password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);
const put = (path: string, body: string, cookie: string | null = owner) =>
  send(path, cookie, { method: "PUT", headers: { "Content-Type": "application/json" }, body });

const IRISH = {
  tagline: "Gníomhaireacht margaíochta digití i mBaile Átha Cliath",
  autoReplySubject: "Tá do theachtaireacht againn",
  autoReplyBody: "Dia duit {firstName}, go raibh maith agat as scríobh chugainn.",
};
const stored = () => getDb().select().from(siteSettingsTranslations).all();

describe("/api/settings?lang=", () => {
  it("names only a language the site is in: 400 for any other, before or after the site is in Irish", async () => {
    expect((await send("/api/settings?lang=ga", null)).status).toBe(400);
    expect((await put("/api/settings?lang=ga", JSON.stringify(IRISH))).status).toBe(400);
    const languages = await put("/api/languages", JSON.stringify({ default: "en", languages: ["en", "ga"] }));
    expect(languages.status).toBe(200);
    for (const lang of ["__proto__", "constructor", "toString", "GA", "xx", "de", "", "ga%00"]) {
      const answer = await put(`/api/settings?lang=${lang}`, JSON.stringify(IRISH));
      expect(answer.status, lang).toBe(400);
      expect((await answer.json()).issues?.[0]?.path, lang).toBe("lang");
      expect((await send(`/api/settings?lang=${lang}`, null)).status, lang).toBe(400);
    }
    expect((await send("/api/settings?lang=ga&lang=ga", null)).status).toBe(400);
    expect(stored()).toEqual([]);
    // The default language is the settings themselves, as without ?lang=.
    const english = await (await send("/api/settings?lang=en", null)).json();
    expect(english).toEqual(await (await send("/api/settings", null)).json());
    expect((await send("/api/settings?lang=ga", null)).status).toBe(404);
  });

  it("is the owner's to write: 403 for an editor, 401 for nobody, 405 for another method", async () => {
    expect((await put("/api/settings?lang=ga", JSON.stringify(IRISH), editor)).status).toBe(403);
    expect((await put("/api/settings?lang=ga", JSON.stringify(IRISH), null)).status).toBe(401);
    expect((await send("/api/settings?lang=ga", editor, { method: "DELETE" })).status).toBe(403);
    const post = await send("/api/settings?lang=ga", owner, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(IRISH),
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, PUT, DELETE");
    expect(stored()).toEqual([]);
  });

  it("refuses truncated, oversized, nested, mistyped and incomplete bodies, writing nothing", async () => {
    const full = JSON.stringify(IRISH);
    expect((await put("/api/settings?lang=ga", full.slice(0, full.length / 2))).status).toBe(400);
    expect((await put("/api/settings?lang=ga", "[]")).status).toBe(400);
    const oversized = await put(
      "/api/settings?lang=ga",
      JSON.stringify({ ...IRISH, autoReplyBody: "x".repeat(40_000) }),
    );
    expect(oversized.status).toBe(413);
    const nested = await put("/api/settings?lang=ga", `{"tagline":${"[".repeat(5000)}${"]".repeat(5000)}}`);
    expect(nested.status).toBe(400);
    const wrong = await put(
      "/api/settings?lang=ga",
      JSON.stringify({ ...IRISH, tagline: "a\nb", autoReplyBody: "short" }),
    );
    expect(wrong.status).toBe(400);
    const paths = ((await wrong.json()) as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["tagline", "autoReplyBody"]));
    const missing = await put("/api/settings?lang=ga", JSON.stringify({ tagline: IRISH.tagline }));
    expect(missing.status).toBe(400);
    const text = await send("/api/settings?lang=ga", owner, {
      method: "PUT",
      body: full,
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(stored()).toEqual([]);
  });

  it("refuses prototype names, other fields and half characters as an item's translation does, writing nothing", async () => {
    const words = JSON.stringify(IRISH).slice(1);
    for (const [what, body, field] of [
      ["__proto__", `{"__proto__":{"polluted":true},${words}`, undefined],
      ["constructor", `{"constructor":{"prototype":{"polluted":true}},${words}`, undefined],
      ["another field", JSON.stringify({ ...IRISH, name: "Ainm eile" }), undefined],
      ["a lone surrogate", JSON.stringify({ ...IRISH, tagline: "Gníomhaireacht \ud800" }), "tagline"],
      [
        "a lone surrogate",
        JSON.stringify({ ...IRISH, autoReplyBody: `${IRISH.autoReplyBody} \udfff` }),
        "autoReplyBody",
      ],
    ] as const) {
      const answer = await put("/api/settings?lang=ga", body);
      expect(answer.status, what).toBe(400);
      const issues = (await answer.json()).issues as { path: string }[];
      if (field)
        expect(
          issues.map((issue) => issue.path),
          what,
        ).toContain(field);
    }
    expect(stored()).toEqual([]);
  });

  it("saves the three words, and visitors read them at once", async () => {
    const saved = await put("/api/settings?lang=ga", JSON.stringify(IRISH));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ lang: "ga", ...IRISH });
    expect(stored()).toMatchObject([{ lang: "ga", ...IRISH }]);
    const read = await send("/api/settings?lang=ga", null);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ lang: "ga", ...IRISH });
    expect((await (await send("/api/settings", null)).json()).tagline).not.toBe(IRISH.tagline);
    // Kept by the page cache per language, and renewed by the next save.
    const again = await put(
      "/api/settings?lang=ga",
      JSON.stringify({ ...IRISH, tagline: "Gníomhaireacht nua" }),
    );
    expect(again.status).toBe(200);
    expect((await (await send("/api/settings?lang=ga", null)).json()).tagline).toBe("Gníomhaireacht nua");
  });

  it("keeps one whole row when saves arrive at once", async () => {
    const taglines = Array.from({ length: 6 }, (_, index) => `Tagline ${index}`);
    const answers = await Promise.all(
      taglines.map((tagline) => put("/api/settings?lang=ga", JSON.stringify({ ...IRISH, tagline }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(taglines.map(() => 200));
    const rows = stored();
    expect(rows).toHaveLength(1);
    expect(taglines).toContain(rows[0]!.tagline);
    expect(rows[0]).toMatchObject({
      autoReplySubject: IRISH.autoReplySubject,
      autoReplyBody: IRISH.autoReplyBody,
    });
  });

  it("removes a language's words (204; 404 when none), never the settings themselves", async () => {
    expect((await send("/api/settings", owner, { method: "DELETE" })).status).toBe(400);
    expect((await send("/api/settings?lang=en", owner, { method: "DELETE" })).status).toBe(400);
    expect((await send("/api/settings?lang=ga", owner, { method: "DELETE" })).status).toBe(204);
    expect(stored()).toEqual([]);
    expect((await send("/api/settings?lang=ga", owner, { method: "DELETE" })).status).toBe(404);
    expect((await send("/api/settings?lang=ga", null)).status).toBe(404);
    expect((await (await send("/api/settings", null)).json()).name).toBeTruthy();
  });
});
