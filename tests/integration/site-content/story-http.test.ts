// The about page's story is the owner's to edit, and its founding follows the year founded in the
// settings (they disagreed once: "2019 Founded" beside a founding year of 2017). Against the built server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  await createUser("story-owner", PASSWORD);
  ({ server, cookie } = await signedInServer({ account: { username: "story-owner", password: PASSWORD } }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, init: RequestInit = {}) =>
  fetch(`${server.baseURL}${path}`, {
    ...init,
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.baseURL, ...init.headers },
  });

/** The story on /about as a visitor reads it: "year title" per milestone. */
async function story(): Promise<string[]> {
  const html = await (await fetch(`${server.baseURL}/about`)).text();
  const section = html.slice(html.indexOf('id="timeline-heading"'));
  const list = section.slice(0, section.indexOf("</ol>"));
  return [...list.matchAll(/<p[^>]*>(\d{4})<\/p><h3[^>]*>([^<]+)<\/h3>/g)].map((m) => `${m[1]} ${m[2]}`);
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("the about page's story", () => {
  it("starts with the founding, in the settings' year founded, and follows a change to it", async () => {
    expect((await story()).slice(0, 2)).toEqual(["2019 Founded in Dublin", "2020 Going Fully Digital"]);
    const settings = await (await send("/api/settings")).json();
    const saved = await send("/api/settings", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...settings, foundedYear: 2017 }),
    });
    expect(saved.status).toBe(200);
    expect((await story())[0]).toBe("2017 Founded in Dublin");
  });

  it("takes a milestone the owner adds, and asks for its year unless it is the founding", async () => {
    const missing = await send("/admin/story?new", form({ name: "Opened in Cork", status: "published" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Year is required");

    const added = await send(
      "/admin/story?new",
      form({ year: "2025", name: "Opened in Cork", text: "A second office.", status: "published" }),
    );
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toContain("/admin/story?done=created");
    expect((await story()).at(-1)).toBe("2025 Opened in Cork");
  });
});
