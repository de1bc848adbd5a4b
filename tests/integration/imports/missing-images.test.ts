// A WordPress export imported while its old site is down: the report says how many images could not
// be fetched (each file once, as the preview counted it), the posts that miss one stay drafts with
// each image linked to the old address (never an empty link or a caption under nothing), and
// "Fetch the missing images again", once the old site is back, fetches only those and puts them in.
import { createReadStream, readFileSync } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { importFailures, imports, posts } from "#db/schema";
import {
  previewUpload,
  receiveExport,
  retryImport,
  runImports,
  startImport,
} from "~/features/imports/imports.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, NotFoundError } from "~/platform/http/errors.server";

import { oldSiteForFile, wordpressExport } from "./old-site";

const oldSite = oldSiteForFile();

const row = (id: string) => getDb().select().from(imports).where(eq(imports.id, id)).get()!;
const post = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get()!;

/** The fixture with its captioned image linked, as WordPress writes a linked image. */
const linkedCaption = (text: string) =>
  text.replace(
    /(\[caption [^\]]*\])(<img [^>]*\/>)/,
    (_, caption: string, image: string) =>
      `${caption}<a href="${oldSite.url}/?attachment_id=45">${image}</a>`,
  );

async function importWhileDown(keepDrafts?: boolean) {
  const file = wordpressExport(oldSite.url, "down", linkedCaption);
  const preview = await receiveExport(createReadStream(file), path.basename(file), null);
  await oldSite.down();
  startImport(preview.id, { keepDrafts });
  await runImports(() => false);
  return row(preview.id);
}

/** What a reader would see as broken: an empty link, or a figure with nothing but its caption. */
function brokenParts(html: string): string[] {
  const emptyLinks = html.match(/<a\b[^>]*>\s*<\/a>/g) ?? [];
  const bareFigures = (html.match(/<figure>[^]*?<\/figure>/g) ?? []).filter(
    (figure) => !/<img\b|<a\b[^>]*>[^<]+<\/a>/.test(figure),
  );
  return [...emptyLinks, ...bareFigures];
}

describe("an import whose old site is down", () => {
  let id = "";

  it("says how many images could not be fetched, as many as the preview counted", async () => {
    const done = await importWhileDown();
    id = done.id;
    expect(done.status).toBe("done");
    expect(done.plan.images).toBe(3);
    expect(done.counts).toMatchObject({ posts: 6, imagesFailed: 3, postsKeptAsDrafts: 2 });
    expect(done.counts.imagesFetched ?? 0).toBe(0);
    expect(done.problems).toContain("“Reviews That Rank”: 3 images could not be fetched: kept as a draft");
  });

  it("keeps the posts that miss an image as drafts, each image linked to its old address", () => {
    for (const slug of ["local-search-decides", "reviews-that-rank"]) {
      const missing = post(slug);
      expect(missing.status).toBe("draft");
      expect(brokenParts(missing.content)).toEqual([]);
      expect(missing.content).not.toContain("<img");
    }
    const reviews = post("reviews-that-rank").content;
    // The linked, captioned image: one link to the image on the old site, its caption under it.
    expect(reviews).toContain(
      `<figure><a href="${oldSite.url}/wp-content/uploads/2024/05/shopfront.jpg" title="On the old site: not fetched yet" target="_blank" rel="noopener noreferrer">Image: The Capel Street shop front at dusk</a><figcaption>Our client's shop on Capel Street</figcaption></figure>`,
    );
    // The gallery: its images as links, not empty figures.
    expect(reviews).toContain(
      `<figure><a href="${oldSite.url}/wp-content/uploads/2024/05/chart.png" title="On the old site: not fetched yet" target="_blank" rel="noopener noreferrer">Image: Calls per week, up from 12 to 31</a></figure>`,
    );
    expect(post("local-search-decides").coverImage).toBeNull();
  });

  it("says a retry made while the old site is still down fetched none of them", async () => {
    retryImport(id);
    expect(row(id).counts).toMatchObject({ retries: 1, retryMissing: 3, retryFetched: 0 });
    await runImports(() => false);
    const done = row(id);
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ imagesFailed: 3, retries: 1, retryMissing: 3, retryFetched: 0 });
  });

  it("is refused a retry for an unknown import, or while one runs", async () => {
    for (const unknown of ["__proto__", "constructor", "toString", "nope"])
      expect(() => retryImport(unknown)).toThrow(NotFoundError);
    await oldSite.up();
    const release = oldSite.hold();
    try {
      // Two asks at once: one runs, the other is told it is running.
      const asks = [() => retryImport(id), () => retryImport(id)].map((ask) => {
        try {
          return ask().status;
        } catch (error) {
          return error instanceof ConflictError ? 409 : error;
        }
      });
      expect(asks).toEqual(["running", 409]);
    } finally {
      release();
    }
  });

  it("fetches only the missing images once the old site is back, and puts them in", async () => {
    const before = oldSite.served.length;
    await runImports(() => false);
    const done = row(id);
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({
      imagesFailed: 1,
      imagesFetched: 2,
      retries: 2,
      retryMissing: 3,
      retryFetched: 2,
    });
    // Only what failed was asked for again (the held asks included), each file once.
    const asked = oldSite.served.slice(before - 3);
    expect(new Set(asked)).toEqual(
      new Set([
        "/wp-content/uploads/2024/05/shopfront.jpg",
        "/wp-content/uploads/2024/05/chart.png",
        "/wp-content/uploads/2024/05/missing.jpg",
      ]),
    );

    const local = post("local-search-decides");
    expect(local.coverImage).toMatch(/^\/uploads\/images\/.+\.jpg$/);
    expect(local.content).toMatch(
      /<figure><img src="\/uploads\/images\/[^"]+" alt="Calls per week, up from 12 to 31"[^>]*\/><figcaption>Calls after three months<\/figcaption><\/figure>/,
    );
    const reviews = post("reviews-that-rank").content;
    expect(reviews).not.toContain("shopfront.jpg");
    expect(reviews).toMatch(
      /<figure><img src="\/uploads\/images\/[^"]+" alt="The Capel Street shop front at dusk"[^>]*\/><figcaption>Our client's shop on Capel Street<\/figcaption><\/figure>/,
    );
    // Still missing: the file the old site has not got.
    expect(reviews).toContain("Image: A lost picture</a>");
    expect(
      done.problems.filter((p) => p.includes("could not be fetched (")).map((p) => p.split(" (")[0]),
    ).toEqual([`image ${oldSite.url}/wp-content/uploads/2024/05/missing.jpg could not be fetched`]);
    // The report says what is still so: one post waits for its one image; the other went live, and its
    // line (and the count that took it in) went with it. Once they said "3 images" and "2 kept".
    expect(done.problems.filter((p) => p.endsWith("kept as a draft"))).toEqual([
      "“Reviews That Rank”: an image could not be fetched: kept as a draft",
    ]);
    expect(done.counts).toMatchObject({ postsKeptAsDrafts: 1, postsWentLive: 1 });
    expect(
      getDb()
        .select()
        .from(importFailures)
        .where(eq(importFailures.importId, id))
        .all()
        .map((f) => f.kind),
    ).toEqual(["image"]);
  });

  it("publishes the posts that miss images when the owner chooses so", async () => {
    await oldSite.down();
    // As POST /api/import takes it: the export, and `keepDrafts=false`.
    const form = new FormData();
    form.set("keepDrafts", "false");
    form.set(
      "file",
      new Blob([readFileSync(wordpressExport("http://down.invalid", "published-anyway"))]),
      "x.xml",
    );
    const preview = (await previewUpload(
      new Request("http://localhost/api/import", { method: "POST", body: form }),
      null,
    ))!;
    expect(preview.keepDrafts).toBe(false);
    startImport(preview.id);
    await runImports(() => false);
    await oldSite.up();
    const done = row(preview.id);
    expect(done.counts.imagesFailed).toBe(done.plan.images);
    expect(done.counts.postsKeptAsDrafts ?? 0).toBe(0);
    const published = getDb()
      .select()
      .from(posts)
      .all()
      .filter((p) => p.content.includes("down.invalid"));
    expect(published.some((p) => p.status === "published")).toBe(true);
    for (const p of published) expect(brokenParts(p.content)).toEqual([]);
  });
});
