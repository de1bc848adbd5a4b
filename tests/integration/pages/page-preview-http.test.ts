// A draft previewed as the real page, against the built server: staff see the draft with the bar,
// private and noindex; a visitor (and the page cache after the preview) still gets the published words.
import { afterAll, beforeAll, expect, it } from "vitest";

import { createUser } from "~/features/staff/index.server";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { sendAs, signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let owner = "";

beforeAll(async () => {
  await createUser("preview-owner", "a-long-enough-password");
  ({ server, cookie: owner } = await signedInServer({
    account: { username: "preview-owner", password: "a-long-enough-password" },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const send = (path: string, cookie: string | null, init: RequestInit = {}) =>
  sendAs(server, path, cookie, init);

it("shows staff the draft with the bar, private and noindex, and visitors the published words", async () => {
  const page = await (await send("/api/pages/about", owner)).json();
  const draft = structuredClone(page.published);
  draft.hero.headline = "A headline only staff have seen";
  const saved = await send("/api/pages/about", owner, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(draft),
  });
  expect(saved.status).toBe(200);

  const jump = await send("/admin/pages/preview/about", owner);
  expect(jump.status).toBe(302);
  expect(jump.headers.get("location")).toBe("/about?preview");

  const preview = await send("/about?preview", owner);
  const html = await preview.text();
  expect(preview.status).toBe(200);
  expect(html).toContain("A headline only staff have seen");
  expect(html).toContain("Draft preview — not published.");
  expect(html).toContain('href="/admin/pages/edit/about"');
  expect(preview.headers.get("cache-control")).toBe("private, no-store");
  expect(preview.headers.get("x-robots-tag")).toContain("noindex");

  for (const path of ["/about?preview", "/about"]) {
    const visitor = await send(path, null);
    const words = await visitor.text();
    expect(visitor.status, path).toBe(200);
    expect(words, path).toContain(page.published.hero.headline);
    expect(words, path).not.toContain("A headline only staff have seen");
    expect(words, path).not.toContain("Draft preview");
  }
}, 60_000);

it("previews the words of /work and /blog, whose pages the case studies and posts draw", async () => {
  for (const [key, path] of [
    ["work", "/work"],
    ["blog", "/blog"],
  ] as const) {
    const page = await (await send(`/api/pages/${key}`, owner)).json();
    const draft = { ...page.published, heading: `A ${key} heading only staff have seen` };
    const saved = await send(`/api/pages/${key}`, owner, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(draft),
    });
    expect(saved.status, key).toBe(200);
    expect((await send(`/admin/pages/preview/${key}`, owner)).headers.get("location")).toBe(
      `${path}?preview`,
    );
    const html = await (await send(`${path}?preview`, owner)).text();
    expect(html, key).toContain(`A ${key} heading only staff have seen`);
    // The bar names the page and leads back to its form.
    expect(html, key).toContain(`href="/admin/pages/edit/${key}"`);
    expect(await (await send(path, null)).text(), key).not.toContain("only staff have seen");
  }
}, 60_000);
