// The analytics per language on the built server: the dashboard's language filter (links, so it works
// without JavaScript) and its Languages panel once the site is in more than one language, and
// GET /api/analytics?lang=; a language that is not the site's is a 400 naming `lang`, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";
import { CHROME } from "./visitors";

let server: RunningServer;
let owner = "";

beforeAll(async () => {
  ({ server, cookie: owner } = await signedInServer());
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, init: RequestInit = {}) => sendAs(server, path, owner, init);
const beacon = (page: string, ip: string) =>
  fetch(`${server.baseURL}/api/event`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": CHROME, "X-Forwarded-For": ip },
    body: JSON.stringify({ p: page, r: "" }),
  });
type Report = {
  language: string | null;
  summary: { visits: number };
  languages: { value: string; visits: number }[];
};
const report = async (query: string) => (await (await send(`/api/analytics${query}`)).json()) as Report;

describe("analytics per language", () => {
  it("shows no language filter while the site is in one language", async () => {
    const page = await (await send("/admin/analytics")).text();
    expect(page).not.toContain('aria-label="Language"');
    expect(page).not.toContain(">Languages<");
  });

  it("filters the dashboard and the API by the language of the visits' landing pages", async () => {
    const languages = await send("/api/languages", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ default: "en", languages: ["en", "ga"] }),
    });
    expect(languages.status).toBe(200);
    expect((await beacon("/ga", "198.51.100.7")).status).toBeLessThan(300);
    expect((await beacon("/ga/contact", "198.51.100.7")).status).toBeLessThan(300);
    expect((await beacon("/services/seo", "198.51.100.8")).status).toBeLessThan(300);

    await expect
      .poll(async () => (await report("?period=7d")).summary.visits, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const all = await report("?period=7d");
    expect(all.language).toBeNull();
    expect(all.languages.find((row) => row.value === "ga")?.visits).toBe(1);
    const irish = await report("?period=7d&lang=ga");
    expect(irish.language).toBe("ga");
    expect(irish.summary.visits).toBe(1);

    const page = await (await send("/admin/analytics?period=7d")).text();
    expect(page).toContain('aria-label="Language"');
    expect(page).toContain('href="/admin/analytics?period=7d&amp;lang=ga"');
    expect(page).toContain("Languages");
    const filtered = await send("/admin/analytics?period=7d&lang=ga");
    expect(filtered.status).toBe(200);
    const html = await filtered.text();
    expect(html).toMatch(/aria-current="page"[^>]*>Irish</);
    expect(html).toContain("Visits in Irish");
    // The period's links keep the language, the dates' form too.
    expect(html).toContain('href="/admin/analytics?period=30d&amp;lang=ga"');
    expect(html).toContain('name="lang" value="ga"');
  });

  it("refuses a language that is not the site's, in the API and on the dashboard", async () => {
    for (const lang of ["de", "xx", "__proto__", "constructor", "GA", "", "ga&lang=en"]) {
      const answer = await send(`/api/analytics?lang=${lang}`);
      expect(answer.status, lang).toBe(400);
      const body = (await answer.json()) as { issues: { path: string }[] };
      expect(
        body.issues.map((issue) => issue.path),
        lang,
      ).toContain("lang");
      expect((await send(`/admin/analytics?lang=${lang}`)).status, lang).toBe(400);
    }
    expect((await sendAs(server, "/api/analytics?lang=ga", null)).status).toBe(401);
  });
});
