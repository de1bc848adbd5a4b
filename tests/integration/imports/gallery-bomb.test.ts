// A [gallery] without ids shows the images uploaded to its post; an export of thousands of them and a
// post of many such galleries once made 22 MB of body on the site's thread, counted a post the run then
// refused as a kept draft, and fetched 50,000 images for it. Now a gallery shows at most its first
// hundred, and a body too long once shown is refused by the preview and the run alike, before anything
// is fetched.
import { createReadStream, writeFileSync } from "node:fs";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { imports, media, posts } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { GALLERY_MAX, wordpressBody } from "~/features/imports/wordpress-body.server";
import { galleryImages } from "~/features/imports/wordpress-body.server";
import { getDb } from "~/platform/db.server";

import { inTestFolder } from "./old-site";

const SITE = "http://127.0.0.1:9"; // nothing answers: nothing may be asked for anyway
const ATTACHMENTS = 2000;

const attachments = Array.from(
  { length: ATTACHMENTS },
  (_, i) => `
  <item>
    <title>photo ${i}</title>
    <wp:post_id>${1000 + i}</wp:post_id>
    <wp:status>inherit</wp:status>
    <wp:post_parent>1</wp:post_parent>
    <wp:menu_order>${i}</wp:menu_order>
    <wp:post_type>attachment</wp:post_type>
    <wp:attachment_url>${SITE}/wp-content/uploads/photo-${i}.jpg</wp:attachment_url>
  </item>`,
).join("");

const post = (id: number, slug: string, galleries: number) => `
  <item>
    <title>${slug}</title>
    <link>${SITE}/${slug}/</link>
    <content:encoded><![CDATA[${"<h2>Another</h2>\n[gallery]\n\n".repeat(galleries)}]]></content:encoded>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_date_gmt>2024-05-06 09:00:00</wp:post_date_gmt>
    <wp:post_name>${slug}</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>`;

describe("galleries of an export's thousands of images", () => {
  it("show their first hundred each, and say so", () => {
    const byId = new Map(
      Array.from({ length: 300 }, (_, i) => [
        String(i + 1),
        { id: String(i + 1), url: `${SITE}/p${i}.jpg`, alt: "", parent: "1", order: i },
      ]),
    );
    const { html, problems } = wordpressBody("[gallery]", byId, {
      postId: "1",
      galleries: galleryImages(byId),
    });
    expect(html.match(/<img /g)).toHaveLength(GALLERY_MAX);
    expect(problems).toEqual([`a gallery of 300 images: its first ${GALLERY_MAX} came across`]);
  });

  it("make a body too long for the editor: the preview and the run refuse it before fetching anything", async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Bomb</title>
  <link>${SITE}</link>
  <wp:base_blog_url>${SITE}</wp:base_blog_url>
  ${attachments}
  ${post(1, "sixty-galleries", 60)}
  ${post(2, "plain-words", 0)}
</channel>
</rss>`;
    const file = inTestFolder(`gallery-bomb-${process.pid}-${Date.now()}.xml`);
    writeFileSync(file, xml);
    const row = await receiveExport(createReadStream(file), "bomb.xml", null);
    // The preview counts what the run brings: one post, not two, and none of the gallery's images.
    expect(row.plan).toMatchObject({ posts: 1, published: 1, images: 0 });
    expect(row.problems).toContain(
      "“sixty-galleries”: its body is over 500,000 characters, more than the editor holds: not imported",
    );
    startImport(row.id);
    await runImports(() => false);
    const done = getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ posts: 1 });
    expect(done.counts.postsKeptAsDrafts ?? 0).toBe(0);
    expect(done.counts.imagesFailed ?? 0).toBe(0);
    expect(done.problems.filter((p) => p.includes("could not be fetched"))).toEqual([]);
    expect(getDb().select().from(media).all()).toEqual([]);
    expect(getDb().select().from(posts).where(eq(posts.slug, "sixty-galleries")).all()).toEqual([]);
  }, 60_000);
});
