// A WordPress export brought in through the real services, on a temporary database, with its images
// fetched from a local stand-in for the old site: posts with their statuses, dates, SEO fields, tags,
// authors and images; links between them and 301s from every old address; a second run adds nothing;
// hostile files write nothing.
import { createReadStream } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { imports, media, posts, redirects, users } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { resolveRedirect } from "~/features/redirects/index.server";
import { getDb } from "~/platform/db.server";
import { UploadError } from "~/platform/http/errors.server";

import { oldSiteForFile, textFile, wordpressExport } from "./old-site";

const oldSite = oldSiteForFile();
let site = "";

beforeAll(async () => {
  site = oldSite.url;
  getDb()
    .insert(users)
    .values({ username: "niamh.b", password: "", role: "editor", name: "Niamh Byrne" })
    .run();
});

const fixture = () => wordpressExport(site);

async function importFile(file: string) {
  const row = await receiveExport(createReadStream(file), path.basename(file), null);
  startImport(row.id);
  await runImports(() => false);
  return getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
}

const post = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get()!;

async function refusal(text: string) {
  const before = getDb().select().from(imports).all().length;
  const error = await receiveExport(createReadStream(textFile("hostile", text)), "hostile.xml", null).catch(
    (e: unknown) => e,
  );
  expect(getDb().select().from(imports).all().length).toBe(before);
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe("a WordPress export", () => {
  it("is previewed without writing anything but the import's row", async () => {
    const row = await receiveExport(createReadStream(fixture()), "liffey.xml", null);
    expect(row).toMatchObject({ source: "wordpress", site, status: "previewed", fileName: "liffey.xml" });
    expect(row.plan).toMatchObject({
      posts: 6,
      published: 2,
      drafts: 3,
      scheduled: 1,
      pages: 2,
      // Each file once, as the run fetches them (a resized copy is its original): 2 fetched, 1 missing.
      images: 3,
      tags: 2,
    });
    expect(row.problems).toEqual(
      expect.arrayContaining([
        "“Staff Notes” was private: imported as a draft",
        "“Client Preview” had a password: imported as a draft",
        "“Reviews That Rank”: shortcode [contact-form-7] is not supported here: taken out, its text kept",
        "“Why Local Search Decides Who Gets the Call”: block acme/pricing-table is not supported here: kept as its HTML",
      ]),
    );
    expect(getDb().select().from(posts).all()).toEqual([]);
  });

  it("brings every post with its statuses, dates, search fields, tags, author and images", async () => {
    const done = await importFile(fixture());
    expect(done.status).toBe("done");
    expect(done.filePath).toBeNull();
    expect(done.counts).toMatchObject({ posts: 6, imagesFetched: 2, imagesFailed: 1 });
    expect(done.counts.imagesFetched! + done.counts.imagesFailed!).toBe(done.plan.images);
    // The preview's figure is the result's: every old address it redirects, tags and categories apart,
    // its pages and feeds too.
    expect(done.counts.redirects).toBeGreaterThan(0);
    expect(done.plan.redirects).toBe(done.counts.redirects);
    expect(
      done.problems.some((p) => p.includes("missing.jpg could not be fetched (the old site answered 404)")),
    ).toBe(true);

    const local = post("local-search-decides");
    expect(local).toMatchObject({
      title: "Why Local Search Decides Who Gets the Call",
      status: "published",
      excerpt: "The map pack takes most of the calls.",
      seoTitle: "Local search for Dublin trades",
      seoDescription: "How the map pack decides which Dublin business gets the call, and what to fix first.",
      tags: ["Local SEO", "Google Business Profile"],
      coverAlt: "The Capel Street shop front at dusk",
    });
    expect(local.createdAt.toISOString()).toBe("2024-05-06T09:00:00.000Z");
    expect(local.publishedAt?.toISOString()).toBe("2024-05-06T09:00:00.000Z");
    expect(local.authorId).toBe(getDb().select().from(users).where(eq(users.username, "niamh.b")).get()!.id);
    expect(local.coverImage).toMatch(/^\/uploads\/images\/.+\.jpg$/);
    expect(local.content).toContain("<h2>What the map looks at</h2>");
    expect(local.content).toContain("<li>Reviews, and your answers to them</li>");
    expect(local.content).toMatch(
      /<img src="\/uploads\/images\/[^"]+" alt="Calls per week, up from 12 to 31"[^>]*><figcaption>Calls after three months<\/figcaption>/,
    );
    expect(local.content).toContain('<a href="https://www.youtube.com/watch?v=abc123"');
    expect(local.content).toContain('<a href="/blog/reviews-that-rank">reviews that rank</a>');
    expect(local.content).toContain('href="https://example.org/elsewhere"');
    expect(local.content).not.toContain("wp:");

    const reviews = post("reviews-that-rank");
    expect(reviews.authorId).toBeNull();
    expect(reviews.seoDescription).toBe("Ask, answer, repeat: reviews that move you up the map.");
    expect(reviews.content).toMatch(
      /<figure><img src="\/uploads\/images\/[^"]+"[^>]*><figcaption>Our client's shop on Capel Street<\/figcaption><\/figure>/,
    );
    expect(reviews.content).toContain(
      "<p>Ask every customer, the same week.<br />\nAnswer every review, even the bad ones.</p>",
    );
    expect(reviews.content).not.toContain("contact-form-7");
    // The image that could not be fetched stays linked to the old site, and its post a draft.
    expect(reviews.content).toContain(
      `<a href="${site}/wp-content/uploads/2024/05/missing.jpg" title="On the old site: not fetched yet" target="_blank" rel="noopener noreferrer">Image: A lost picture</a>`,
    );
    expect(reviews.status).toBe("draft");
    // The same file, used as a cover, in a caption and in a gallery, is fetched and kept once.
    expect(oldSite.served.filter((url) => url.endsWith("shopfront.jpg"))).toHaveLength(1);
    expect(getDb().select().from(media).all()).toHaveLength(2);
    expect(getDb().select().from(media).where(eq(media.url, local.coverImage!)).get()!.alt).toBe(
      "The Capel Street shop front at dusk",
    );

    expect(post("half-written-our-pricing").status).toBe("draft");
    expect(post("staff-notes").status).toBe("draft");
    expect(post("client-preview").status).toBe("draft");
    const scheduled = post("the-2099-guide");
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.publishAt?.toISOString()).toBe("2099-01-05T09:30:00.000Z");
  });

  it("answers every old address with a 301 to the new one", () => {
    const to = (path: string, search = "") => resolveRedirect(path, search);
    expect(to("/2024/05/local-search-decides/")).toEqual({
      location: "/blog/local-search-decides",
      status: 301,
    });
    expect(to("/", "?p=12")).toEqual({ location: "/blog/local-search-decides", status: 301 });
    expect(to("/category/local-seo")?.location).toBe("/blog?tag=Local%20SEO");
    expect(to("/tag/google-business-profile")?.location).toBe("/blog?tag=Google%20Business%20Profile");
    expect(to("/about-us")?.location).toBe("/about");
    expect(to("/author/niamh")?.location).toBe("/about");
    expect(to("/feed")?.location).toBe("/rss.xml");
    // An old page with no page like it here goes to the closest one (else home), never to a 404.
    expect(to("/careers")?.location).toMatch(/^\//);
    // This site's own pages are never shadowed.
    expect(to("/about")).toBeNull();
  });

  it("imported again, adds nothing", async () => {
    const count = () => ({
      posts: getDb().select().from(posts).all().length,
      media: getDb().select().from(media).all().length,
      redirects: getDb().select().from(redirects).all().length,
    });
    const before = count();
    const again = await importFile(fixture());
    expect(again.status).toBe("done");
    expect(again.counts).toMatchObject({ postsAlreadyHere: 6 });
    expect(again.counts.posts ?? 0).toBe(0);
    expect(count()).toEqual(before);
    // Its preview said so: the old addresses are all redirected already.
    expect(again.plan.redirects).toBe(0);
  });

  it("stopped part way (the site restarting), resumes where it was and brings nothing twice", async () => {
    const file = wordpressExport(site, "resumed", (text) =>
      text
        .replaceAll("<wp:post_id>1", "<wp:post_id>91")
        .replaceAll("?p=1", "?p=91")
        .replaceAll("/2024/", "/2019/"),
    );
    const row = await receiveExport(createReadStream(file), "resumed.xml", null);
    startImport(row.id);
    let asked = 0;
    await runImports(() => ++asked > 5);
    const cut = getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
    expect(cut.status).toBe("running");
    expect(cut.counts.posts).toBeGreaterThan(0);
    expect(cut.counts.posts).toBeLessThan(6);

    await runImports(() => false);
    const done = getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
    expect(done.status).toBe("done");
    expect(done.counts.posts).toBe(6);
    expect(done.counts.postsAlreadyHere ?? 0).toBe(0);
    expect(
      getDb()
        .select()
        .from(posts)
        .all()
        .filter((p) => p.slug.startsWith("local-search-decides")),
    ).toHaveLength(2);
  });

  it("fetches images from public addresses only", async () => {
    const file = wordpressExport("https://guarded.example", "guarded", (text) =>
      text.replace(
        "https://guarded.example/wp-content/uploads/2024/05/missing.jpg",
        "http://127.0.0.1:9/secret.jpg",
      ),
    );
    const row = await receiveExport(createReadStream(file), "guarded.xml", null);
    startImport(row.id);
    await runImports(() => false);
    const done = getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
    expect(done.status).toBe("done");
    expect(done.problems).toContain(
      "image http://127.0.0.1:9/secret.jpg could not be fetched (its address is not public): linked to the old site until it is",
    );
  });

  it("is refused, writing nothing, when it declares a DOCTYPE or entities, is not XML, or is not an export", async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><rss><channel><link>https://x.example</link><item><title>&lol2;</title></item></channel></rss>`;
    expect((await refusal(laughs)).message).toMatch(/DOCTYPE/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title></channel></rss>`;
    expect((await refusal(xxe)).message).toMatch(/DOCTYPE/);
    expect(
      (await refusal("<rss><channel><link>https://x.example</link><item></channel></rss>")).message,
    ).toMatch(/not well-formed XML/);
    expect((await refusal("<rss><channel><title>No link</title></channel></rss>")).message).toMatch(
      /not a WordPress export/,
    );
    expect((await refusal("GIF89a not an export")).status).toBe(415);
  });
});
