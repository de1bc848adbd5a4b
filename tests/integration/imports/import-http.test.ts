// POST /api/import and GET /api/import/{id} against the built server: the owner sends a WordPress
// export, follows the import in the background to its end, and the site then answers the new posts and
// every old address.
import { readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";
import { ghostExport, startOldSite, textFile, wordpressExport } from "./old-site";

let server: RunningServer;
let oldSite: Awaited<ReturnType<typeof startOldSite>>;
/** A second old site, whose images nothing here has fetched yet: it goes down and comes back. */
let downSite: Awaited<ReturnType<typeof startOldSite>>;
/** A third, imported with the owner's choices; a fourth, a Ghost site. */
let choiceSite: Awaited<ReturnType<typeof startOldSite>>;
let ghostSite: Awaited<ReturnType<typeof startOldSite>>;
let cookie = "";

beforeAll(async () => {
  [oldSite, downSite, choiceSite, ghostSite] = await Promise.all([
    startOldSite(),
    startOldSite(),
    startOldSite(),
    startOldSite(),
  ]);
  ({ server, cookie } = await signedInServer({
    env: {
      IMPORT_ALLOWED_ORIGINS: [oldSite, downSite, choiceSite, ghostSite].map((site) => site.url).join(","),
    },
  }));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await oldSite?.close();
  await downSite?.close();
  await choiceSite?.close();
  await ghostSite?.close();
});

/** A multipart body with the export (read by its bytes, whatever its name) and the other fields. */
function exportForm(file: string, fields: Record<string, string>) {
  const body = new FormData();
  body.set("file", new Blob([readFileSync(file)]), file.endsWith(".json") ? "export.json" : "export.xml");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

function send(
  file: string,
  headers: Record<string, string> = { Cookie: cookie },
  fields: Record<string, string> = {},
) {
  return fetch(`${server.baseURL}/api/import`, {
    method: "POST",
    headers: { Origin: server.baseURL, ...headers },
    body: exportForm(file, fields),
  });
}

/** The export uploaded through the admin's form: its preview's id and page. */
async function previewInAdmin(file: string, fields: Record<string, string> = {}) {
  const previewed = await fetch(`${server.baseURL}/admin/import`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.baseURL },
    body: exportForm(file, fields),
  });
  expect(previewed.status).toBe(302);
  const id = new URL(previewed.headers.get("location")!, server.baseURL).searchParams.get("id")!;
  const html = await (
    await fetch(`${server.baseURL}/admin/import?id=${id}`, { headers: { Cookie: cookie } })
  ).text();
  return { id, html };
}

/** The preview's form sent as a browser without JavaScript sends it. */
const postChoices = (fields: [string, string][]) =>
  fetch(`${server.baseURL}/admin/import`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      Origin: server.baseURL,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

const report = async (id: string) =>
  (await (await fetch(`${server.baseURL}/api/import/${id}`, { headers: { Cookie: cookie } })).json()) as {
    status: string;
    counts: Record<string, number>;
    problems: string[];
  };

const retry = (id: string, headers: Record<string, string> = { Cookie: cookie, Origin: server.baseURL }) =>
  fetch(`${server.baseURL}/api/import/${id}/retry`, { method: "POST", headers });

describe("the import API", () => {
  it("takes an export, imports it in the background and answers the old addresses", async () => {
    const answer = await send(wordpressExport(oldSite.url));
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };
    expect(answer.headers.get("location")).toBe(`/api/import/${id}`);
    await expect.poll(async () => (await report(id)).status, { timeout: 60_000 }).toBe("done");
    const done = await report(id);
    expect(done.counts).toMatchObject({ posts: 6, imagesFetched: 2, imagesFailed: 1 });

    const page = await fetch(`${server.baseURL}/blog/local-search-decides`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Why Local Search Decides Who Gets the Call");
    const old = await fetch(`${server.baseURL}/2024/05/local-search-decides/`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/local-search-decides");
    const short = await fetch(`${server.baseURL}/?p=12`, { redirect: "manual" });
    expect(short.status).toBe(301);
    expect(short.headers.get("location")).toBe("/blog/local-search-decides");
    // "Reviews That Rank" lost an image, so it is kept as a draft: its old address waits for it
    // instead of sending readers to a 404.
    const waiting = await fetch(`${server.baseURL}/?p=13`, { redirect: "manual" });
    expect(waiting.status).not.toBe(301);
    // A private post is a draft here: nobody outside sees it.
    expect((await fetch(`${server.baseURL}/blog/staff-notes`)).status).toBe(404);
  });

  it("refuses what is not for it with a JSON error, and strangers", async () => {
    const hostile = await send(
      textFile("doctype", `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "y">]><rss/>`),
    );
    expect(hostile.status).toBe(400);
    expect((await hostile.json()).error).toMatch(/DOCTYPE/);
    // Read off the request thread, a hostile export is refused by the reader's bounds, the site still
    // answering meanwhile.
    const depth = 2_000_000;
    const nested = send(
      textFile(
        "nested",
        `<?xml version="1.0"?><rss><channel><link>${oldSite.url}</link><item>${"<a>".repeat(depth)}${"</a>".repeat(depth)}</item></channel></rss>`,
      ),
    );
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    const refused = await nested;
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/nests elements over 32 deep/);
    const notAnExport = await send(textFile("gif", "GIF89a not an export"));
    expect(notAnExport.status).toBe(415);
    expect((await send(wordpressExport(oldSite.url), {})).status).toBe(401);
    const unknown = await fetch(`${server.baseURL}/api/import/nope`, { headers: { Cookie: cookie } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No import with that id" });
  });

  it("says what it could not fetch while the old site was down, and fetches it again once it is back", async () => {
    await downSite.down();
    let id = "";
    try {
      const answer = await send(wordpressExport(downSite.url, "down"));
      ({ id } = (await answer.json()) as { id: string });
      await expect.poll(async () => (await report(id)).status, { timeout: 60_000 }).toBe("done");
    } finally {
      await downSite.up();
    }
    const failed = await report(id);
    expect(failed.counts).toMatchObject({ imagesFailed: 3, mediaFailed: 0 });
    const page = await fetch(`${server.baseURL}/admin/import?id=${id}`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Done: 6 posts added — 3 images could not be fetched");
    expect(html).toContain("Fetch the missing images again");

    // As every other write: a session, this site's pages, a known import.
    expect((await retry(id, { Origin: server.baseURL })).status).toBe(401);
    expect((await retry(id, { Cookie: cookie, Origin: "https://elsewhere.example" })).status).toBe(403);
    for (const unknown of ["__proto__", "constructor", "nope"]) {
      const missing = await retry(unknown);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "No import with that id" });
    }
    const wrongMethod = await fetch(`${server.baseURL}/api/import/${id}/retry`, {
      headers: { Cookie: cookie },
    });
    expect(wrongMethod.status).toBe(405);

    // Two asks at once while the old site holds its answers: one runs, the other is told so.
    const release = downSite.hold();
    let answers: Response[];
    try {
      answers = await Promise.all([retry(id), retry(id)]);
      expect((await report(id)).status).toBe("running");
    } finally {
      release();
    }
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const accepted = answers.find((a) => a.status === 202)!;
    expect(accepted.headers.get("location")).toBe(`/api/import/${id}`);
    expect(await answers.find((a) => a.status === 409)!.json()).toEqual({
      error: "The import is running: fetch what is missing once it has finished",
    });
    await expect.poll(async () => (await report(id)).status, { timeout: 60_000 }).toBe("done");
    expect((await report(id)).counts).toMatchObject({ imagesFailed: 1, imagesFetched: 2, mediaFailed: 0 });
  });

  it("follows the owner's choices sent with the export, and refuses those it cannot follow", async () => {
    // The fixture's unmatched page and post renamed: the earlier imports hold the fixture's own addresses.
    const exported = wordpressExport(choiceSite.url, "choices", (text) =>
      text.replaceAll("/careers/", "/join-us/").replaceAll("local-search-decides", "chosen-post"),
    );
    const refused: Record<string, string>[] = [
      { redirects: '{"/join-us": "https://elsewhere.example/"}' },
      { redirects: '{"/join-us": "//elsewhere.example"}' },
      { redirects: '{"/never-there": "/contact"}' },
      { redirects: "not json" },
      { tags: '{"__proto__": "x"}' },
      { tags: `{"Local SEO": "${"x".repeat(61)}"}` },
      { tags: '{"Local SEO": "bad\u0007name"}' },
    ];
    for (const fields of refused) {
      const answer = await send(exported, { Cookie: cookie }, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(/\w/);
    }
    const answer = await send(
      exported,
      { Cookie: cookie },
      {
        redirects: JSON.stringify({ "/join-us": "/contact" }),
        tags: JSON.stringify({ "Local SEO": "Search", "Google Business Profile": "search" }),
      },
    );
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };
    await expect.poll(async () => (await report(id)).status, { timeout: 60_000 }).toBe("done");
    const moved = await fetch(`${server.baseURL}/join-us/`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/contact");
    const page = await (await fetch(`${server.baseURL}/blog/chosen-post`)).text();
    expect(page).toContain("/blog?tag=Search");
    expect(page).not.toContain("/blog?tag=Google");
  });

  it("lets the owner choose in the preview, as a plain form", async () => {
    const exported = wordpressExport(choiceSite.url, "form-choices", (text) =>
      text.replaceAll("/careers/", "/vacancies/"),
    );
    const { id, html } = await previewInAdmin(exported);
    expect(html).toContain("Where old addresses without a page like them here go");
    expect(html).toContain("No redirect (404)");
    expect(html).toContain("keep, rename or merge");
    const bad = await postChoices([
      ["id", id],
      ["intent", "start"],
      ["addressFrom", "/vacancies"],
      ["addressTo", "https://elsewhere.example/"],
    ]);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("is not a path on this site");
    expect((await report(id)).status).toBe("waiting");
    const started = await postChoices([
      ["id", id],
      ["intent", "start"],
      ["addressFrom", "/vacancies"],
      ["addressTo", ""],
      ["tagFrom", "Local SEO"],
      ["tagTo", ""],
    ]);
    expect(started.status).toBe(302);
    await expect.poll(async () => (await report(id)).status, { timeout: 60_000 }).toBe("done");
    // No redirect, as chosen: the old address is the site's 404.
    expect((await fetch(`${server.baseURL}/vacancies/`, { redirect: "manual" })).status).toBe(404);
  });

  it("follows the owner's choices for a Ghost export too, sent with it or in the preview's form", async () => {
    const exported = (name: string) =>
      ghostExport(name, (tables) => {
        tables.posts.push({
          id: `page-${name}`,
          title: "Our Story",
          slug: `our-story-${name}`,
          html: "<p>A page.</p>",
          type: "page",
          status: "published",
        });
        // The WordPress exports above bring /author/niamh: an author of this old site's own.
        tables.users.push({ id: "u2", name: "Gráinne", slug: "grainne" });
      });
    const site = { site: ghostSite.url };
    const refused: Record<string, string>[] = [
      { redirects: '{"/never-there": "/contact"}' },
      { redirects: '{"__proto__": "/contact"}' },
      { redirects: "{not json" },
      { tags: '{"constructor": "x"}' },
    ];
    for (const fields of refused) {
      const answer = await send(exported("refused"), { Cookie: cookie }, { ...site, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(/\w/);
    }
    const answer = await send(
      exported("api"),
      { Cookie: cookie },
      {
        ...site,
        redirects: JSON.stringify({ "/our-story-api": "/contact", "/author/grainne": null }),
        tags: JSON.stringify({ culture: "Life" }),
      },
    );
    expect(answer.status).toBe(202);
    const { id } = (await answer.json()) as { id: string };
    await expect.poll(async () => (await report(id)).status, { timeout: 60_000 }).toBe("done");
    const moved = await fetch(`${server.baseURL}/our-story-api/`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/contact");
    expect((await fetch(`${server.baseURL}/author/grainne/`, { redirect: "manual" })).status).toBe(404);
    const tagged = await (await fetch(`${server.baseURL}/blog/team-day-on-the-quays`)).text();
    expect(tagged).toContain("/blog?tag=Life");

    const preview = await previewInAdmin(exported("form"), site);
    expect(preview.html).toContain("Where old addresses without a page like them here go");
    expect(preview.html).toContain("Categories, tags and authors");
    expect(preview.html).toContain("keep, rename or merge");
    const started = await postChoices([
      ["id", preview.id],
      ["intent", "start"],
      ["addressFrom", "/our-story-form"],
      ["addressTo", ""],
      ["tagFrom", "Culture"],
      ["tagTo", ""],
    ]);
    expect(started.status).toBe(302);
    await expect.poll(async () => (await report(preview.id)).status, { timeout: 60_000 }).toBe("done");
    expect((await fetch(`${server.baseURL}/our-story-form/`, { redirect: "manual" })).status).toBe(404);
  });
});
