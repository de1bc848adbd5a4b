// Move out and back in: the whole site downloaded from one server (after a WordPress import and an
// enquiry) imports into a freshly installed one, which then answers the same pages and API; a hostile
// archive (zip slip, a zip bomb, a malformed manifest, a truncated zip) writes nothing; the download is
// a POST from the admin, and survives uploads vanishing under it. Against the built server.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";
import { startOldSite, wordpressExport } from "./old-site";
import { hostileZip } from "./zip-bytes";

let from: RunningServer;
let to: RunningServer;
let oldSite: Awaited<ReturnType<typeof startOldSite>>;
const cookies = new Map<RunningServer, string>();

beforeAll(async () => {
  oldSite = await startOldSite();
  const started = await Promise.all([
    // A first start seeds and draws the site: generous on a busy machine.
    signedInServer({ env: { IMPORT_ALLOWED_ORIGINS: oldSite.url }, start: { startSeconds: 120 } }),
    signedInServer({ start: { fresh: true, startSeconds: 120 } }),
  ]);
  [from, to] = started.map(({ server }) => server) as [RunningServer, RunningServer];
  for (const { server, cookie } of started) cookies.set(server, cookie);
}, 300_000);

afterAll(async () => {
  await Promise.all([from?.stop(), to?.stop()]);
  await oldSite?.close();
});

async function importInto(server: RunningServer, bytes: Buffer, name: string) {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(bytes)]), name);
  const answer = await fetch(`${server.baseURL}/api/import`, {
    method: "POST",
    headers: { Cookie: cookies.get(server)!, Origin: server.baseURL },
    body,
  });
  return answer;
}

async function finished(server: RunningServer, answer: Response) {
  expect(answer.status).toBe(202);
  const { id } = (await answer.json()) as { id: string };
  const report = async () =>
    (await (
      await fetch(`${server.baseURL}/api/import/${id}`, { headers: { Cookie: cookies.get(server)! } })
    ).json()) as {
      status: string;
      counts: Record<string, number>;
      problems: string[];
      error: string | null;
    };
  await expect.poll(async () => (await report()).status, { timeout: 60_000 }).not.toBe("running");
  return report();
}

const get = (server: RunningServer, path: string) =>
  fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookies.get(server)! }, redirect: "manual" });

/** The admin's Download button: a form POSTed from the admin's own page. */
const download = (server: RunningServer, fields: Record<string, string> = {}, headers = {}) =>
  fetch(`${server.baseURL}/api/export`, {
    method: "POST",
    headers: {
      Cookie: cookies.get(server)!,
      Origin: server.baseURL,
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });

/** A page as a reader gets it, without what differs per server or request (nonces, asset names). */
const pageText = async (server: RunningServer, path: string) =>
  (await (await fetch(`${server.baseURL}${path}`)).text())
    .replace(/nonce="[^"]*"/g, "")
    .replaceAll(server.baseURL, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<link[^>]*>/g, "");

describe("the whole site as one archive", () => {
  it("imports into a fresh site, which then answers the same pages and API", async () => {
    const imported = await finished(
      from,
      await importInto(from, readFileSync(wordpressExport(oldSite.url)), "wp.xml"),
    );
    expect(imported.status).toBe("done");

    const downloaded = await download(from, { personal: "1" });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-type")).toBe("application/zip");
    expect(downloaded.headers.get("content-disposition")).toMatch(
      /^attachment; filename="site-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const archive = Buffer.from(await downloaded.arrayBuffer());

    const restored = await finished(to, await importInto(to, archive, "site.zip"));
    expect(restored).toMatchObject({ status: "done", error: null });
    expect(restored.counts.posts).toBeGreaterThan(6);
    expect(restored.problems.filter((problem) => problem.includes("left out"))).toEqual([]);
    // The audit log says what the archive changed, not "Ghost export, 0 posts".
    const audit = await (await get(to, "/admin/audit")).text();
    expect(audit).toContain("Site archive of");
    expect(audit).toMatch(/Site archive from \S+: \d+ files, [^<]*\d+ posts/);

    for (const api of [
      "/api/blog?limit=100",
      "/api/work",
      "/api/team",
      "/api/testimonials",
      "/api/settings",
      "/api/redirects",
      "/api/media?limit=100",
    ])
      expect(await (await get(to, api)).json(), api).toEqual(await (await get(from, api)).json());
    for (const page of ["/", "/blog", "/blog/local-search-decides", "/work", "/about", "/services/seo"])
      expect(await pageText(to, page), page).toBe(await pageText(from, page));
    const cover = /src="(\/uploads\/images\/[^"]+)"/.exec(
      await pageText(to, "/blog/local-search-decides"),
    )![1]!;
    expect((await fetch(`${to.baseURL}${cover}`)).status).toBe(200);
    expect((await get(to, "/2024/05/local-search-decides/")).headers.get("location")).toBe(
      "/blog/local-search-decides",
    );
  });

  it("carries the site in Irish: its languages, an Irish page, post, tagline and auto-reply", async () => {
    const send = (path: string, method: string, body?: unknown) =>
      fetch(`${from.baseURL}${path}`, {
        method,
        headers: { Cookie: cookies.get(from)!, Origin: from.baseURL, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await send("/api/languages", "PUT", { default: "en", languages: ["en", "ga"] })).status).toBe(
      200,
    );
    const home = ((await (await get(from, "/api/pages/home")).json()) as { published: { hero: object } })
      .published;
    const irishHome = { ...home, hero: { ...home.hero, headline: "Fás digiteach as Baile Átha Cliath" } };
    expect((await send("/api/pages/home?lang=ga", "PUT", irishHome)).status).toBe(200);
    expect((await send("/api/pages/home/publish?lang=ga", "POST")).status).toBe(200);
    const [source] = (await (await get(from, "/api/blog?limit=1")).json()) as { id: string }[];
    const post = await send("/api/blog", "POST", {
      lang: "ga",
      translationOf: source!.id,
      title: "Alt as Gaeilge",
      content: "<p>Focail as Gaeilge.</p>",
      status: "published",
    });
    expect(post.status).toBe(201);
    const words = {
      tagline: "Gníomhaireacht margaíochta digití",
      autoReplySubject: "Go raibh maith agat",
      autoReplyBody: "Dia duit {firstName}, scríobhfaimid ar ais go luath.",
    };
    expect((await send("/api/settings?lang=ga", "PUT", words)).status).toBe(200);

    const downloaded = await download(from);
    const restored = await finished(
      to,
      await importInto(to, Buffer.from(await downloaded.arrayBuffer()), "site.zip"),
    );
    expect(restored).toMatchObject({ status: "done", error: null });
    expect(restored.problems.filter((problem) => problem.includes("left out"))).toEqual([]);
    for (const api of [
      "/api/languages",
      "/api/pages/home?lang=ga",
      "/api/blog?lang=ga",
      "/api/settings?lang=ga",
    ])
      expect(await (await get(to, api)).json(), api).toEqual(await (await get(from, api)).json());
    expect(await (await get(to, "/api/settings?lang=ga")).json()).toEqual({ lang: "ga", ...words });
    expect(await pageText(to, "/ga")).toContain("Fás digiteach as Baile Átha Cliath");
    expect(await pageText(to, "/ga")).toBe(await pageText(from, "/ga"));
  });

  it("without personal data leaves the enquiries out, and the download is in the audit log", async () => {
    const downloaded = await download(from);
    expect(downloaded.status).toBe(200);
    await downloaded.arrayBuffer();
    const audit = await (await get(from, "/admin/audit")).text();
    expect(audit).toContain("Without personal data");
    expect(audit).toContain("With personal data (enquiries, subscribers)");
  });

  it("refuses a hostile archive and writes nothing", async () => {
    const before = await (await get(to, "/api/blog?limit=100")).json();
    const expected = {
      slip: /outside its folders|invalid relative path/,
      bomb: /unpacks to more than 1 GB/,
      manifest: /manifest\.json is not JSON/,
      truncated: /cannot be read/,
    };
    for (const [name, bytes] of Object.entries(hostileZip())) {
      const answer = await importInto(to, bytes, `${name}.zip`);
      expect(answer.status, name).toBe(400);
      expect(((await answer.json()) as { error: string }).error, name).toMatch(
        expected[name as keyof typeof expected],
      );
    }
    expect(await (await get(to, "/api/blog?limit=100")).json()).toEqual(before);
  });

  it("downloads only by the admin's button: a link or another site's form starts nothing", async () => {
    const linked = await get(from, "/api/export?personal=1");
    expect(linked.status).toBe(405);
    expect(linked.headers.get("allow")).toBe("POST");
    const crossSite = await download(
      from,
      { personal: "1" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    const page = await (await get(from, "/admin/import")).text();
    expect(page).toMatch(/<form [^>]*action="\/api\/export" method="post"/);
  });

  it("keeps the process up when uploads vanish while the site is being downloaded", async () => {
    const folder = path.join(from.uploadsDir, "images", "vanishing-1x1");
    mkdirSync(folder, { recursive: true });
    // More than the connection buffers: most are still to be read when they go.
    for (let i = 0; i < 60; i++) writeFileSync(path.join(folder, `${i}.jpg`), randomBytes(256 * 1024));
    const downloaded = await download(from);
    expect(downloaded.status).toBe(200);
    const reader = downloaded.body!.getReader();
    await reader.read();
    rmSync(folder, { recursive: true, force: true });
    // The download ends (complete or cut short), and the site answers as before.
    await (async () => {
      for (;;) if ((await reader.read()).done) return;
    })().catch(() => undefined);
    expect((await fetch(`${from.baseURL}/healthz`)).status).toBe(200);
    expect(() => process.kill(from.pid, 0)).not.toThrow();
  });
});
