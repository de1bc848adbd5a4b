// A Ghost export brought in through the real services, with its images fetched from a local stand-in
// for the Ghost site whose address the owner gives (Ghost leaves it out of the export).
import { createReadStream } from "node:fs";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { imports, posts, users } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { resolveRedirect } from "~/features/redirects/index.server";
import { getDb } from "~/platform/db.server";
import { UploadError } from "~/platform/http/errors.server";

import { ghostExport, oldSiteForFile, textFile } from "./old-site";

const oldSite = oldSiteForFile();

beforeAll(async () => {
  getDb().insert(users).values({ username: "niamh", password: "", role: "editor", name: "" }).run();
});

const post = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get();

describe("a Ghost export", () => {
  it("needs the old site's address, and is previewed", async () => {
    const refused = await receiveExport(createReadStream(ghostExport()), "ghost.json", null).catch((e) => e);
    expect(refused).toBeInstanceOf(UploadError);
    expect(refused.message).toMatch(/Enter the Ghost site's address/);
    const row = await receiveExport(createReadStream(ghostExport()), "ghost.json", null, `${oldSite.url}/`);
    expect(row).toMatchObject({ source: "ghost", site: oldSite.url, status: "previewed" });
    // The resized copy in the text and the cover are one file: one image, as the run counts it.
    expect(row.plan).toMatchObject({ posts: 3, published: 1, drafts: 2, pages: 1, images: 1, tags: 1 });
    expect(row.problems).toContain("“Members' Notes” was for members only: imported as a draft");
  });

  it("brings its posts with their images, search fields, tags and author, and redirects the old addresses", async () => {
    const row = await receiveExport(createReadStream(ghostExport()), "ghost.json", null, oldSite.url);
    startImport(row.id);
    await runImports(() => false);
    const done = getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ posts: 3, imagesFetched: 1 });
    // The preview's figure is the result's.
    expect(done.counts.redirects).toBeGreaterThan(0);
    expect(done.plan.redirects).toBe(done.counts.redirects);

    const day = post("team-day-on-the-quays")!;
    expect(day).toMatchObject({
      status: "published",
      excerpt: "A day out, and what it taught us about briefs.",
      seoTitle: "Team day on the Dublin quays",
      seoDescription: "What a day away from the desk taught a Dublin studio about briefs.",
      tags: ["Culture"],
      coverAlt: "Six people on the boardwalk by the Liffey",
      authorId: getDb().select().from(users).where(eq(users.username, "niamh")).get()!.id,
    });
    expect(day.publishedAt?.toISOString()).toBe("2024-05-21T09:15:00.000Z");
    // The resized copy in the text and the cover are one file, fetched once.
    expect(oldSite.served.filter((url) => url.includes("team.jpg"))).toEqual([
      "/content/images/2024/05/team.jpg",
    ]);
    expect(day.content).toContain(`<img src="${day.coverImage}" alt="The team on the boardwalk"`);
    expect(day.content).toContain("<figcaption>Ha'penny Bridge, 9am</figcaption>");
    // The player frame becomes a card linking to the video's own page, not a bare player address.
    expect(day.content).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/watch\?v=xyz789"[^>]*>▶ Watch the video on YouTube<\/a><\/p>/,
    );
    expect(day.content).toContain('<a href="/blog/members-notes">the notes</a>');
    expect(day.content).toContain('<a href="/blog?tag=Culture">more on culture</a>');
    expect(post("members-notes")!.status).toBe("draft");
    expect(post("pricing-explained")!.status).toBe("draft");
    expect(post("contact")).toBeUndefined();

    expect(resolveRedirect("/team-day-on-the-quays/")?.location).toBe("/blog/team-day-on-the-quays");
    expect(resolveRedirect("/tag/culture")?.location).toBe("/blog?tag=Culture");
    expect(resolveRedirect("/author/niamh")?.location).toBe("/about");
    expect(resolveRedirect("/rss")?.location).toBe("/rss.xml");
    // /contact is this site's own page: not shadowed by the old one.
    expect(resolveRedirect("/contact")).toBeNull();
  });

  it("of the wrong shape is refused with where it differs", async () => {
    const wrong = await receiveExport(
      createReadStream(textFile("wrong", JSON.stringify({ db: [{ data: { posts: [{ title: 1 }] } }] }))),
      "wrong.json",
      null,
      oldSite.url,
    ).catch((e) => e);
    expect(wrong).toBeInstanceOf(UploadError);
    expect(wrong.message).toMatch(
      /^This is not a Ghost export as Ghost writes it .*db\.0\.data\.posts\.0\.id/,
    );
    const notJson = await receiveExport(
      createReadStream(textFile("broken", "{ not json")),
      "b.json",
      null,
      oldSite.url,
    ).catch((e) => e);
    expect(notJson.message).toBe("The file is not valid JSON, so it is not a Ghost export.");
  });
});
