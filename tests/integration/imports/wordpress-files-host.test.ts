// A WordPress.com site keeps its files on another host (name.files.wordpress.com), as the theme unit
// test's export does: its PDFs, recordings and videos there come across like the site's own uploads,
// "[audio URL]" plays, and a [gallery] without ids shows the images uploaded to its post. A file on a
// host the export keeps nothing on is left as a link and never fetched. The hosts are local servers.
import { createReadStream, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { imports, posts } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

import { inTestFolder } from "./old-site";

const served: string[] = [];
const servers: Server[] = [];
let site = "";
let files = "";
let elsewhere = "";
let previewed: Record<string, number> = {};

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const jpeg = (background: string) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const bodies = new Map<string, [string, Buffer]>([
    ["/2008/06/one.jpg", ["image/jpeg", await jpeg("#2a6")]],
    ["/2008/06/two.jpg", ["image/jpeg", await jpeg("#a26")]],
    [
      "/2018/11/file_block.pdf",
      [
        "application/pdf",
        Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
      ],
    ],
    [
      "/2008/06/blues.mp3",
      [
        "audio/mpeg",
        Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), Buffer.alloc(2048, 0x55)]),
      ],
    ],
  ]);
  site = await listen((_req, res) => res.writeHead(404).end());
  files = await listen((req, res) => {
    served.push(req.url!);
    const file = bodies.get(req.url!);
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
  });
  elsewhere = await listen((req, res) => {
    served.push(`elsewhere:${req.url}`);
    res.writeHead(200, { "Content-Type": "application/pdf" }).end("%PDF-1.4\n%%EOF\n");
  });
  process.env.IMPORT_ALLOWED_ORIGINS = [site, files, elsewhere].join(",");
  resetEnvCache();
});
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

const attachment = (id: number, file: string, parent: number, order: number) => `
  <item>
    <title>${path.basename(file)}</title>
    <link>${site}/?attachment_id=${id}</link>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_name>${path.basename(file, path.extname(file))}</wp:post_name>
    <wp:status>inherit</wp:status>
    <wp:post_parent>${parent}</wp:post_parent>
    <wp:menu_order>${order}</wp:menu_order>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>${files}${file}</wp:attachment_url>
  </item>`;

const post = (id: number, slug: string, title: string, day: string, content: string) => `
  <item>
    <title>${title}</title>
    <link>${site}/${day.replaceAll("-", "/")}/${slug}/</link>
    <dc:creator>themedemos</dc:creator>
    <content:encoded><![CDATA[${content}]]></content:encoded>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_date_gmt>${day} 14:24:14</wp:post_date_gmt>
    <wp:post_name>${slug}</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>`;

async function importExport() {
  const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Theme Unit Test</title>
  <link>${site}</link>
  <wp:base_blog_url>${site}</wp:base_blog_url>
  ${attachment(611, "/2008/06/two.jpg", 555, 2)}
  ${attachment(612, "/2008/06/one.jpg", 555, 1)}
  ${attachment(700, "/2008/06/blues.mp3", 556, 0)}
  ${post(
    555,
    "post-format-gallery",
    "Post Format: Gallery",
    "2010-09-10",
    `[gallery]

<h2>Two Columns</h2>
[gallery columns="2"]`,
  )}
  ${post(
    556,
    "post-format-audio",
    "Post Format: Audio",
    "2010-08-08",
    `<a href="${files}/2008/06/blues.mp3">St. Louis Blues</a>

[audio ${files}/2008/06/blues.mp3]

<a href="${files}/2018/11/file_block.pdf">File Block PDF</a> and <a href="${elsewhere}/theirs.pdf">someone else's PDF</a>.`,
  )}
</channel>
</rss>`;
  const file = inTestFolder(`wordpress-files-host-${process.pid}-${Date.now()}.xml`);
  writeFileSync(file, xml);
  const row = await receiveExport(createReadStream(file), "theme.xml", null);
  previewed = row.plan;
  startImport(row.id);
  await runImports(() => false);
  return getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
}

const contentOf = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get()!.content;

describe("a WordPress.com export, its files on another host", () => {
  let done: Awaited<ReturnType<typeof importExport>>;
  beforeAll(async () => {
    done = await importExport();
  }, 60_000);

  it("fetches the PDF and the recording kept there, and plays [audio URL]", () => {
    // Once neither was asked for, "[audio URL]" vanished and the post linked to the old host.
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ posts: 2, mediaFetched: 2 });
    // The preview counted them as the run fetched them: the images, and the other files apart.
    expect(previewed).toMatchObject({ images: 2, files: 2 });
    const audio = contentOf("post-format-audio");
    expect(audio).toMatch(/<a href="\/uploads\/audio\/[a-f0-9]+\.mp3">St\. Louis Blues<\/a>/);
    expect(audio).toMatch(/<a href="\/uploads\/audio\/[a-f0-9]+\.mp3">▶ Listen: blues\.mp3<\/a>/);
    expect(audio).toMatch(/<a href="\/uploads\/documents\/[a-f0-9]+\.pdf">File Block PDF<\/a>/);
    expect(served.filter((url) => url === "/2008/06/blues.mp3")).toHaveLength(1);
  });

  it("leaves a file on a host the export keeps nothing on as a link, never fetched", () => {
    expect(contentOf("post-format-audio")).toMatch(
      new RegExp(`<a href="${elsewhere}/theirs\\.pdf"[^>]*>someone else's PDF</a>`),
    );
    expect(served.filter((url) => url.startsWith("elsewhere:"))).toEqual([]);
  });

  it("shows the images uploaded to a post in each of its [gallery]s without ids, in their order", () => {
    // Once nine headings over nothing.
    const gallery = contentOf("post-format-gallery");
    const images = [...gallery.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(images).toHaveLength(4);
    expect(images.every((src) => src!.startsWith("/uploads/images/"))).toBe(true);
    expect(images[0]).toBe(images[2]);
    expect(images[0]).not.toBe(images[1]);
    expect(done.counts).toMatchObject({ imagesFetched: 2 });
  });
});
