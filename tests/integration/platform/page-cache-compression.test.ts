// Cached pages over HTTP against the built server: each compressed copy is made once and kept with the
// page, so a page served compressed twice is the same bytes, and those bytes are the page.
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  ({ server, cookie } = await signedInServer());
}, 120_000);
afterAll(() => server?.stop());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request whose body comes back as sent (fetch would decompress it). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseURL}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const decoders = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
};

describe("cached pages, compressed", () => {
  it("are the same bytes every time, with their length, and decompress to the page", async () => {
    for (const path of ["/blog", "/", "/rss.xml"]) {
      const plain = await get(path);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      for (const [encoding, decode] of Object.entries(decoders)) {
        const first = await get(path, { "Accept-Encoding": encoding });
        const second = await get(path, { "Accept-Encoding": encoding });
        expect(second.headers["x-page-cache"]).toBe("hit");
        for (const answer of [first, second]) {
          expect(answer.status).toBe(200);
          expect(answer.headers["content-encoding"]).toBe(encoding);
          expect(answer.headers.vary).toMatch(/accept-encoding/i);
          expect(answer.headers.etag).toBe(plain.headers.etag);
          expect(answer.headers["content-length"]).toBe(String(answer.body.length));
        }
        expect(second.body.equals(first.body)).toBe(true);
        expect(decode(second.body).equals(plain.body)).toBe(true);
      }
    }
  });

  it("are chosen by the browser's Accept-Encoding, and HEAD and 304 answers carry no body", async () => {
    const browser = await get("/blog", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(browser.headers["content-encoding"]).toBe("br");
    expect(
      (await get("/blog", { "Accept-Encoding": "identity" })).headers["content-encoding"],
    ).toBeUndefined();
    const head = await get("/blog", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const again = await get("/blog", {
      "Accept-Encoding": "br",
      "If-None-Match": String(browser.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("are made afresh when the page changes", async () => {
    const before = zlib.brotliDecompressSync((await get("/blog", { "Accept-Encoding": "br" })).body);
    const title = "A post published while the blog was kept compressed";
    const created = await fetch(`${server.baseURL}/api/blog`, {
      method: "POST",
      headers: {
        Origin: server.baseURL,
        Cookie: cookie,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        title,
        excerpt: "New.",
        content: "<p>New.</p>",
        tags: ["News"],
        status: "published",
      }),
    });
    expect(created.status).toBe(201);
    expect(before.toString()).not.toContain(title);
    const after = await get("/blog", { "Accept-Encoding": "br" });
    expect(zlib.brotliDecompressSync(after.body).toString()).toContain(title);
    expect(after.body.equals((await get("/blog", { "Accept-Encoding": "br" })).body)).toBe(true);
  });
});

describe("a public page's data, as the site's own links fetch it", () => {
  it("is kept like the page: rendered once, then served from memory with its ETag", async () => {
    const posts = (await (await fetch(`${server.baseURL}/api/blog`)).json()) as { slug: string }[];
    for (const path of [`/blog/${posts[0]!.slug}.data`, "/blog.data", "/_.data"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(String(first.headers["content-type"])).toMatch(/text\/x-script/);
      const second = await get(path);
      expect(second.headers["x-page-cache"]).toBe("hit");
      expect(second.headers.etag).toBeTruthy();
      expect(second.body.equals(first.body)).toBe(true);
      expect((await get(path, { "If-None-Match": String(second.headers.etag) })).status).toBe(304);
    }
  });

  it("keeps the routes a client asks for apart", async () => {
    const all = await get("/blog.data");
    const root = await get("/blog.data?_routes=root");
    expect(root.status).toBe(200);
    expect(root.body.equals(all.body)).toBe(false);
    expect((await get("/blog.data?_routes=root")).headers["x-page-cache"]).toBe("hit");
  });
});

describe("the build's scripts and styles, and the page scripts", () => {
  /** What a page of the admin asks for: its stylesheet, its scripts, and the page script's behaviours. */
  async function pageFiles() {
    const html = (
      await get("/admin/posts", { "Accept-Encoding": "identity", Cookie: cookie })
    ).body.toString();
    const files = [...new Set([...html.matchAll(/"(\/assets\/[^"?\s]+\.(?:js|css))"/g)].map((m) => m[1]!))];
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    return files;
  }

  it("are sent as the build compressed them once, at brotli's best and gzip's, never compressed per request", async () => {
    // Below 1 KB a file has no compressed copies (they would save less than their headers).
    const built = (await pageFiles()).filter((file) => existsSync(`build/client${file}.br`));
    expect(built.length).toBeGreaterThanOrEqual(10);
    for (const file of built) {
      const plain = readFileSync(`build/client${file}`);
      for (const [encoding, suffix] of [
        ["br", ".br"],
        ["gzip", ".gz"],
      ] as const) {
        const answer = await get(file, { "Accept-Encoding": encoding });
        expect(answer.status, file).toBe(200);
        expect(answer.headers["content-encoding"], file).toBe(encoding);
        expect(answer.body.equals(readFileSync(`build/client${file}${suffix}`)), file).toBe(true);
        expect(decoders[encoding](answer.body).equals(plain), file).toBe(true);
        expect(answer.headers["content-length"]).toBe(String(answer.body.length));
        expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
      }
      const identity = await get(file, { "Accept-Encoding": "identity" });
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.body.equals(plain)).toBe(true);
      // A browser's own header picks brotli; deflate alone is still compressed, by the middleware.
      const browser = await get(file, { "Accept-Encoding": "gzip, deflate, br, zstd" });
      expect(browser.headers["content-encoding"]).toBe("br");
      expect(decoders.deflate((await get(file, { "Accept-Encoding": "deflate" })).body).equals(plain)).toBe(
        true,
      );
    }
  });

  it("answer HEAD without a body, odd headers and ranges with the whole file, and an unknown name with a 404", async () => {
    const [file] = await pageFiles();
    const head = await get(file!, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    const whole = (await get(file!, { "Accept-Encoding": "identity" })).body;
    const odd: Record<string, string>[] = [
      { "Accept-Encoding": "br;q=abc, gzip;q=-1, *;q=" },
      { "Accept-Encoding": "x".repeat(8_000) },
      { "Accept-Encoding": "identity", Range: "bytes=500-100" },
      { "Accept-Encoding": "identity", Range: "bytes=-10, 5-" },
    ];
    for (const headers of odd) {
      const answer = await get(file!, headers);
      expect(answer.status, JSON.stringify(headers).slice(0, 80)).toBe(200);
      const decode = decoders[answer.headers["content-encoding"] as keyof typeof decoders];
      expect((decode ? decode(answer.body) : answer.body).equals(whole)).toBe(true);
    }
    expect((await get("/assets/no-such-file-12345678.js")).status).toBe(404);
  });

  it("the page scripts made at start are compressed too, and say what they are", async () => {
    const scripts = (await pageFiles()).filter((file) => !existsSync(`build/client${file}`));
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    for (const file of scripts) {
      const plain = await get(file, { "Accept-Encoding": "identity" });
      expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      const br = await get(file, { "Accept-Encoding": "br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(decoders.br(br.body).equals(plain.body)).toBe(true);
    }
  });
});
