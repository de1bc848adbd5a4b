// Move out and back in: the whole site downloaded from one server (after a WordPress import and an
// enquiry) imports into a freshly installed one, which then answers the same pages and API; a hostile
// archive (zip slip, a zip bomb) writes nothing. Against the built server.
import { readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { startOldSite, wordpressExport } from "./old-site";
import { hostileZip } from "./zip-bytes";

let from: RunningServer;
let to: RunningServer;
let oldSite: Awaited<ReturnType<typeof startOldSite>>;
const cookies = new Map<RunningServer, string>();

beforeAll(async () => {
  oldSite = await startOldSite();
  [from, to] = await Promise.all([
    startServer({ IMPORT_ALLOWED_ORIGINS: oldSite.url }),
    startServer({}, { fresh: true }),
  ]);
  for (const server of [from, to]) cookies.set(server, await adminSessionCookie(server.baseURL));
}, 180_000);

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
    ).json()) as { status: string; counts: Record<string, number>; error: string | null };
  await expect.poll(async () => (await report()).status, { timeout: 60_000 }).not.toBe("running");
  return report();
}

const get = (server: RunningServer, path: string) =>
  fetch(`${server.baseURL}${path}`, { headers: { Cookie: cookies.get(server)! }, redirect: "manual" });

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

    const download = await get(from, "/api/export?personal=1");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="site-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const archive = Buffer.from(await download.arrayBuffer());

    const restored = await finished(to, await importInto(to, archive, "site.zip"));
    expect(restored).toMatchObject({ status: "done", error: null });
    expect(restored.counts.posts).toBeGreaterThan(6);

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

  it("without personal data leaves the enquiries out, and the download is in the audit log", async () => {
    const download = await get(from, "/api/export");
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const audit = await (await get(from, "/admin/audit")).text();
    expect(audit).toContain("Without personal data");
    expect(audit).toContain("With personal data (enquiries, subscribers)");
  });

  it("refuses a hostile archive and writes nothing", async () => {
    const before = await (await get(to, "/api/blog?limit=100")).json();
    for (const [name, bytes] of Object.entries(hostileZip())) {
      const answer = await importInto(to, bytes, `${name}.zip`);
      expect(answer.status, name).toBe(400);
      expect(((await answer.json()) as { error: string }).error, name).toMatch(
        name === "slip" ? /outside its folders|invalid relative path/ : /more than 20 GB|cannot be read/,
      );
    }
    expect(await (await get(to, "/api/blog?limit=100")).json()).toEqual(before);
  });
});
