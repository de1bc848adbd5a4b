// A WordPress post that links to and plays more than images: its PDFs, recordings and videos come into
// the media library (typed by their bytes, from public addresses only, within their sizes), links to
// an image's full-size file or attachment page lead to the copy here, a permalink with another date
// leads to the post of its slug, YouTube and Vimeo become named cards, tables and definition lists
// keep their shape. The old site is a local server that also serves what a hostile one would.
import { createReadStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { imports, media, posts } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { getDb } from "~/platform/db.server";
import { getEnv, resetEnvCache } from "~/platform/env.server";

import { inTestFolder } from "./old-site";

const MB = 1024 * 1024;
let site = "";
const served: string[] = [];
let server: ReturnType<typeof createServer>;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6" } })
    .jpeg()
    .toBuffer();
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  const mp3 = Buffer.concat([
    Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"),
    Buffer.alloc(2048, 0x55),
  ]);
  const mp4 = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom\x00\x00\x02\x00isomiso2", "latin1"),
    Buffer.alloc(4096, 1),
  ]);
  const uploads = "/wp-content/uploads/2024/05";
  const files = new Map<string, [string, Buffer]>([
    [`${uploads}/photo.jpg`, ["image/jpeg", jpeg]],
    [`${uploads}/guide.pdf`, ["application/pdf", pdf]],
    [`${uploads}/..%2F..%2F..%2Fetc%2Fpasswd.pdf`, ["application/pdf", pdf]],
    // A page that says it is a PDF: its bytes say otherwise.
    [`${uploads}/fake.pdf`, ["application/pdf", Buffer.from("<!doctype html><script>alert(1)</script>")]],
    [`${uploads}/huge.pdf`, ["application/pdf", Buffer.concat([pdf, Buffer.alloc(26 * MB, 0x20)])]],
    [`${uploads}/episode.mp3`, ["audio/mpeg", mp3]],
    [`${uploads}/tour.mp4`, ["video/mp4", mp4]],
  ]);
  server = createServer((req, res) => {
    served.push(req.url!);
    // A redirect to the same machine under another name: not an address this import may fetch.
    if (req.url!.endsWith("/bounce.pdf"))
      return res.writeHead(302, { Location: `http://localhost:${port()}${uploads}/guide.pdf` }).end();
    const file = files.get(req.url!);
    if (!file) return res.writeHead(404).end("Not found");
    res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${port()}`;
  process.env.IMPORT_ALLOWED_ORIGINS = site;
  resetEnvCache();
});

const port = () => (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function importMediaExport() {
  const file = inTestFolder(`wordpress-media-${process.pid}-${Date.now()}.xml`);
  writeFileSync(
    file,
    readFileSync("tests/fixtures/imports/wordpress-media-export.xml", "utf8").replaceAll("{{SITE}}", site),
  );
  const row = await receiveExport(createReadStream(file), "media.xml", null);
  startImport(row.id);
  await runImports(() => false);
  return getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
}

const hrefOf = (html: string, text: string) =>
  new RegExp(`<a href="([^"]+)"[^>]*>${text}</a>`).exec(html)?.[1];

describe("a WordPress post's media and links", () => {
  let content = "";
  let done: Awaited<ReturnType<typeof importMediaExport>>;

  beforeAll(async () => {
    done = await importMediaExport();
    content = getDb().select().from(posts).where(eq(posts.slug, "media-post")).get()!.content;
  }, 60_000);

  it("fetches PDFs, recordings and videos into the media library, typed by their bytes", () => {
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ posts: 2, imagesFetched: 1, mediaFetched: 4, mediaFailed: 3 });
    const kinds = getDb()
      .select({ kind: media.kind, mime: media.mime, url: media.url, name: media.name })
      .from(media)
      .all();
    expect(kinds.map((row) => row.kind).sort()).toEqual(["audio", "document", "document", "image", "video"]);
    for (const row of kinds.filter((r) => r.kind !== "image")) {
      expect(row.url).toMatch(/^\/uploads\/(documents|audio|videos)\/[a-f0-9]+\.(pdf|mp3|mp4)$/);
      expect(existsSync(path.join(getEnv().UPLOADS_DIR, row.url.replace("/uploads/", "")))).toBe(true);
      // A name climbing folders is only ever shown, without them.
      expect(row.name).not.toMatch(/[\\/]/);
    }
    expect(kinds.find((row) => row.kind === "audio")?.mime).toBe("audio/mpeg");

    const guide = hrefOf(content, "the guide");
    expect(guide).toMatch(/^\/uploads\/documents\/[a-f0-9]+\.pdf$/);
    // The attachment page of the same file leads to the same copy, fetched once.
    expect(hrefOf(content, "the guide again")).toBe(guide);
    expect(served.filter((url) => url.endsWith("/guide.pdf"))).toHaveLength(1);
    expect(hrefOf(content, "the climber")).toMatch(/^\/uploads\/documents\/[a-f0-9]+\.pdf$/);
    expect(content).toMatch(/<a href="\/uploads\/audio\/[a-f0-9]+\.mp3">▶ Listen: episode\.mp3<\/a>/);
    expect(content).toMatch(/<video src="\/uploads\/videos\/[a-f0-9]+\.mp4" controls preload="metadata">/);
  });

  it("keeps the old address of what is not what it says, too large, or redirected to a private address", () => {
    expect(hrefOf(content, "the page in disguise")).toBe(`${site}/wp-content/uploads/2024/05/fake.pdf`);
    expect(hrefOf(content, "the huge one")).toBe(`${site}/wp-content/uploads/2024/05/huge.pdf`);
    expect(hrefOf(content, "the one that bounces home")).toBe(
      `${site}/wp-content/uploads/2024/05/bounce.pdf`,
    );
    expect(done.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/fake\.pdf could not be fetched \(not a PDF, audio or video file/),
        expect.stringMatching(/huge\.pdf could not be fetched \(larger than 25 MB\)/),
        expect.stringMatching(/bounce\.pdf could not be fetched \(its address is not public\)/),
      ]),
    );
    expect(
      getDb()
        .select()
        .from(media)
        .all()
        .some((row) => row.bytes > 25 * MB),
    ).toBe(false);
  });

  it("points links to an image's full-size file, a resized copy or its attachment page at the copy here", () => {
    const image = /<img src="(\/uploads\/images\/[^"]+)"/.exec(content)?.[1];
    expect(image).toBeDefined();
    expect(content).toContain(`<a href="${image}"><img src="${image}"`);
    expect(hrefOf(content, "large one")).toBe(image);
    expect(hrefOf(content, "attachment page")).toBe(image);
    expect(hrefOf(content, "pretty page")).toBe(image);
    expect(hrefOf(content, "no page")).toBe(`${site}/?attachment_id=__proto__`);
    // The full-size file, once; never a resized copy.
    expect(served.filter((url) => url.includes("photo"))).toEqual(["/wp-content/uploads/2024/05/photo.jpg"]);
  });

  it("leads a permalink with another date, or none, to the post of its slug", () => {
    expect(hrefOf(content, "last year's notes")).toBe("/blog/open-day-notes");
    expect(hrefOf(content, "the same by name")).toBe("/blog/open-day-notes");
    expect(hrefOf(content, "a page never written")).toBe(`${site}/2019/constructor/`);
  });

  it("shows YouTube and Vimeo embeds as cards named by their titles", () => {
    expect(content).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"[^>]*>▶ Our studio tour &amp; team<\/a> \(video on YouTube\)/,
    );
    expect(content).toMatch(
      /<a href="https:\/\/vimeo\.com\/76979871"[^>]*>▶ Our Vimeo reel<\/a> \(video on Vimeo\)/,
    );
    expect(content).not.toMatch(/>https:\/\/www\.youtube\.com/);
  });

  it("keeps tables and definition lists in their shape, without their scripts and styles", () => {
    expect(content).toContain(
      '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td colspan="2">€450 a month</td></tr></tbody></table>',
    );
    expect(content).toContain(
      "<dl><dt>SEO</dt><dd>Being found in search.</dd><dt>PPC</dt><dd>Paying to be found.</dd></dl>",
    );
    expect(content).not.toMatch(/onclick|style=/);
  });
});
