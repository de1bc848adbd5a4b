// "Fetch the missing images again" fetches every kind of file an import could not: PDFs, recordings and
// videos as well as images, each put back into its posts; and a post kept as a draft only for its
// missing files goes live as it was once they are all here, unless someone changed it since the import
// (it then stays a draft and the import lists it). A post missing only a PDF is held as one missing an
// image is. The old site is a local server whose files fail
// until the test lets them through.
import { createReadStream, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { imports, posts } from "#db/schema";
import {
  heldPostsOf,
  receiveExport,
  retryImport,
  runImports,
  startImport,
} from "~/features/imports/imports.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

import { inTestFolder } from "./old-site";

const uploads = "/wp-content/uploads/2024/05";
let site = "";
let failing = true;
const served: string[] = [];
let server: ReturnType<typeof createServer>;

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#36c" } })
    .jpeg()
    .toBuffer();
  const files = new Map<string, [string, Buffer]>([
    [`${uploads}/photo.jpg`, ["image/jpeg", jpeg]],
    [`${uploads}/other.jpg`, ["image/jpeg", jpeg]],
    [`${uploads}/guide.pdf`, ["application/pdf", Buffer.from("%PDF-1.4\n%%EOF\n")]],
    [
      `${uploads}/episode.mp3`,
      [
        "audio/mpeg",
        Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), Buffer.alloc(2048, 0x55)]),
      ],
    ],
    [
      `${uploads}/tour.mp4`,
      [
        "video/mp4",
        Buffer.concat([
          Buffer.from([0, 0, 0, 0x18]),
          Buffer.from("ftypisom\x00\x00\x02\x00isomiso2", "latin1"),
          Buffer.alloc(4096, 1),
        ]),
      ],
    ],
  ]);
  server = createServer((req, res) => {
    served.push(req.url!);
    const file = files.get(req.url!);
    if (failing || !file) return res.writeHead(503).end("Down for maintenance");
    res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.IMPORT_ALLOWED_ORIGINS = site;
  resetEnvCache();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const item = (id: number, slug: string, title: string, body: string) => `<item>
<title><![CDATA[${title}]]></title><link>${site}/2024/05/${slug}/</link>
<content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[${title}.]]></excerpt:encoded>
<wp:post_id>${id}</wp:post_id><wp:post_date_gmt><![CDATA[2024-05-20 09:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[${slug}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type></item>`;

function exportFile() {
  const file = inTestFolder(`retry-files-${process.pid}-${Date.now()}.xml`);
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old studio</title><link>${site}</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>${site}</wp:base_blog_url>
${item(
  70,
  "open-day",
  "Open day",
  `<p>Our photo:</p><p><img src="${site}${uploads}/photo.jpg" alt="The studio"></p>
<p>Read <a href="${site}${uploads}/guide.pdf">the guide</a> or hear <a href="${site}${uploads}/episode.mp3">the episode</a>.</p>
<figure class="wp-block-video"><video controls src="${site}${uploads}/tour.mp4"></video></figure>`,
)}
${item(71, "edited-since", "Edited since", `<p><img src="${site}${uploads}/other.jpg" alt="Another"></p>`)}
${item(72, "just-a-guide", "Just a guide", `<p>Get <a href="${site}${uploads}/guide.pdf">the guide</a>.</p>`)}
</channel></rss>`,
  );
  return file;
}

const post = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get()!;
const row = (id: string) => getDb().select().from(imports).where(eq(imports.id, id)).get()!;

describe("fetching what an import missed again", () => {
  let id = "";

  it("keeps each missing PDF, recording and video linked to the old site, the posts missing any file held", async () => {
    const preview = await receiveExport(createReadStream(exportFile()), "retry.xml", null);
    id = preview.id;
    startImport(id);
    await runImports(() => false);
    const done = row(id);
    expect(done.counts).toMatchObject({ posts: 3, imagesFailed: 2, mediaFailed: 3, postsKeptAsDrafts: 3 });
    const openDay = post("open-day");
    expect(openDay.status).toBe("draft");
    expect(openDay.content).toContain(`href="${site}${uploads}/guide.pdf"`);
    expect(openDay.content).toContain(`href="${site}${uploads}/episode.mp3"`);
    // The video, which plays only this site's files, is a link to its old address meanwhile.
    expect(openDay.content).toMatch(
      /<a href="[^"]+\/tour\.mp4" title="On the old site: not fetched yet"[^>]*>Video: tour\.mp4<\/a>/,
    );
    // A post missing only a PDF is held too: its readers would follow the link to a site that is down.
    expect(post("just-a-guide").status).toBe("draft");
    expect(done.problems).toContain("“Just a guide”: a file could not be fetched: kept as a draft");
    expect(done.problems).toContain("“Open day”: an image and 3 files could not be fetched: kept as a draft");
    expect(heldPostsOf(id).map((held) => [held.title, held.outcome])).toEqual(
      expect.arrayContaining([
        ["Open day", "waiting"],
        ["Edited since", "waiting"],
        ["Just a guide", "waiting"],
      ]),
    );
  });

  it("fetches them all once the old site is back, puts them in, and puts live only the untouched posts", async () => {
    // Someone edits one held post before the retry.
    getDb()
      .update(posts)
      .set({ title: "Edited since (checked)", updatedAt: new Date() })
      .where(eq(posts.slug, "edited-since"))
      .run();
    failing = false;
    const before = served.length;
    retryImport(id);
    await runImports(() => false);
    const done = row(id);
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ imagesFailed: 0, mediaFailed: 0, postsWentLive: 2 });
    // Each missing file asked for once, however many posts link to it.
    expect(served.slice(before).sort()).toEqual(
      ["photo.jpg", "other.jpg", "guide.pdf", "episode.mp3", "tour.mp4"]
        .map((name) => `${uploads}/${name}`)
        .sort(),
    );
    expect(done.problems.filter((problem) => problem.includes("could not be fetched ("))).toEqual([]);

    const openDay = post("open-day");
    expect(openDay.status).toBe("published");
    expect(openDay.publishedAt).toEqual(new Date("2024-05-20T09:00:00Z"));
    expect(openDay.content).toMatch(/<a href="\/uploads\/documents\/[a-f0-9]+\.pdf"[^>]*>the guide<\/a>/);
    expect(openDay.content).toMatch(/<a href="\/uploads\/audio\/[a-f0-9]+\.mp3"[^>]*>the episode<\/a>/);
    expect(openDay.content).toMatch(
      /<video src="\/uploads\/videos\/[a-f0-9]+\.mp4" controls preload="metadata">/,
    );
    expect(openDay.content).not.toContain(site);
    const guide = post("just-a-guide");
    expect(guide.content).toMatch(/<a href="\/uploads\/documents\/[a-f0-9]+\.pdf"/);
    // Untouched since the import: live again as it was there, with its old date.
    expect(guide.status).toBe("published");
    expect(guide.publishedAt).toEqual(new Date("2024-05-20T09:00:00Z"));

    const edited = post("edited-since");
    expect(edited.status).toBe("draft");
    expect(edited.content).toMatch(/<img src="\/uploads\/images\//);
    expect(heldPostsOf(id)).toHaveLength(3);
    expect(heldPostsOf(id)).toEqual(
      expect.arrayContaining([
        {
          id: openDay.id,
          title: "Open day",
          outcome: "published",
          editPath: `/admin/posts?edit=${openDay.id}`,
        },
        {
          id: edited.id,
          title: "Edited since (checked)",
          outcome: "kept",
          editPath: `/admin/posts?edit=${edited.id}`,
        },
        {
          id: guide.id,
          title: "Just a guide",
          outcome: "published",
          editPath: `/admin/posts?edit=${guide.id}`,
        },
      ]),
    );
  });
});
