// WordPress and Ghost exports as a hostile (or merely strange) site would write them: nested without
// end, one field of many megabytes, more items than any site, truncated, pages and keys named like an
// object's own properties, fields past the editor's limits, two imports at once, and an import that
// takes the process down with it. Each is refused with a reason, or imported within the editor's rules.
import { createReadStream, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { imports, posts } from "#db/schema";
import {
  discardStalePreviews,
  IMPORT_DIED,
  importTask,
  PREVIEW_KEPT_MS,
  receiveExport,
  runImports,
  startImport,
} from "~/features/imports/imports.server";
import { WXR_LIMITS } from "~/features/imports/wxr-reader.server";
import { resolveRedirect } from "~/features/redirects/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { UploadError } from "~/platform/http/errors.server";

import { ghostExport, inTestFolder, oldSiteForFile, textFile } from "./old-site";

const oldSite = oldSiteForFile();
let site = "";

beforeAll(async () => {
  site = oldSite.url;
});

const head = (url: string) =>
  `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Old</title><link>${url}</link>`;
const foot = "</channel></rss>";
const cdata = (text: string) => `<![CDATA[${text}]]>`;
let nextId = 1000;
function item({
  type = "post",
  slug = `post-${nextId}`,
  title = `Post ${nextId}`,
  content = "<p>Words.</p>",
  excerpt = "",
  status = "publish",
  extra = "",
}: Partial<Record<"type" | "slug" | "title" | "content" | "excerpt" | "status" | "extra", string>>) {
  const id = nextId++;
  return `<item><title>${cdata(title)}</title><link>${site}/${slug}/</link><content:encoded>${cdata(content)}</content:encoded><excerpt:encoded>${cdata(excerpt)}</excerpt:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2024-01-02 10:00:00</wp:post_date_gmt><wp:post_name>${cdata(slug)}</wp:post_name><wp:status>${status}</wp:status><wp:post_type>${type}</wp:post_type>${extra}</item>`;
}
let files = 0;
const exportOf = (...items: string[]) => textFile(`export-${files++}`, head(site) + items.join("") + foot);

async function refused(file: string) {
  const before = getDb().select().from(imports).all().length;
  const error = await receiveExport(createReadStream(file), "hostile.xml", null).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UploadError);
  expect(getDb().select().from(imports).all().length).toBe(before);
  return (error as UploadError).message;
}

async function imported(file: string) {
  const row = await receiveExport(createReadStream(file), "export.xml", null);
  startImport(row.id);
  await runImports(() => false);
  return getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
}

const post = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get();

describe("a hostile WordPress export", () => {
  it("nested without end is refused before it fills memory", async () => {
    const depth = 200_000;
    const file = textFile(
      "nested",
      `${head(site)}<item>${"<a>".repeat(depth)}${"</a>".repeat(depth)}</item>${foot}`,
    );
    expect(await refused(file)).toMatch(/nests elements over 32 deep/);
  });

  it("with one field of more text than any post is refused", async () => {
    const file = textFile("long", head(site) + item({ content: "x".repeat(WXR_LIMITS.text + 10) }) + foot);
    expect(await refused(file)).toMatch(/over 8 MB of text/);
    // Not even in a text the parser is still holding (no element ends it).
    const open = textFile("open", `${head(site)}<item><title>${"y".repeat(WXR_LIMITS.text + 1024 * 1024)}`);
    expect(await refused(open)).toMatch(/over 8 MB of text/);
  });

  it("with more items than any site is refused", async () => {
    const file = textFile("many", head(site) + "<item></item>".repeat(WXR_LIMITS.items + 1) + foot);
    expect(await refused(file)).toMatch(/over 200,000 items/);
  });

  it("truncated, or malformed, is refused", async () => {
    const whole = head(site) + item({ content: "<p>Cut here</p>" }) + foot;
    expect(await refused(textFile("cut", whole.slice(0, whole.indexOf("Cut here"))))).toMatch(
      /not well-formed XML/,
    );
    expect(await refused(textFile("bad", `${head(site)}<item><title>a</item>${foot}`))).toMatch(
      /not well-formed XML/,
    );
  });

  it("with pages, posts, elements and keys named like an object's properties, imports", async () => {
    const names = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    const meta = (key: string, value: string) =>
      `<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>`;
    const file = exportOf(
      ...names.map((name) => item({ type: "page", slug: name, title: `Page ${name}` })),
      item({
        slug: "constructor",
        title: "A post called constructor",
        extra: `${meta("__proto__", "{}")}${meta("constructor", "x")}<constructor>x</constructor><__proto__>y</__proto__><category domain="post_tag" nicename="__proto__">${cdata("__proto__")}</category>`,
      }),
    );
    const done = await imported(file);
    expect(done.error).toBeNull();
    expect(done.status).toBe("done");
    // An old page with no page like it here is not a 404: its address goes somewhere, said in the report.
    for (const name of names)
      expect(done.problems).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^page “Page ${name}” \\(/${name}\\) has no page like it here: its address goes to /\\S* \\(change it under Redirects\\)$`,
          ),
        ),
      );
    expect(post("constructor")).toMatchObject({ title: "A post called constructor", tags: ["__proto__"] });
    expect(resolveRedirect("/constructor", "")?.location).toBe("/blog/constructor");
  });

  it("with tags differing only in case, prototype names and 10,000 of them, merges each into one spelling", async () => {
    const term = (name: string, domain = "post_tag") =>
      `<category domain="${domain}" nicename="${encodeURIComponent(name.toLowerCase())}">${cdata(name)}</category>`;
    // 10,000 tags over ten posts (an export item holds at most 1,000), each written two ways.
    const bulk = (i: number) => term(i % 2 ? `Bulk ${i >> 1}` : `BULK ${i >> 1}`);
    const many = Array.from({ length: 10 }, (_, p) =>
      item({
        slug: `tagged-many-${p}`,
        extra: Array.from({ length: 1000 }, (_, i) => bulk(p * 1000 + i)).join(""),
      }),
    );
    const file = exportOf(
      item({
        slug: "tagged-one",
        extra: term("markup") + term("__proto__") + term("Uncategorized", "category"),
      }),
      item({ slug: "tagged-two", extra: term("Markup") + term("Constructor") }),
      item({ slug: "tagged-three", extra: term("Markup") + term("constructor") + term("toString") }),
      ...many,
    );
    const preview = await receiveExport(createReadStream(file), "tags.xml", null);
    // markup, __proto__, constructor, toString, 5,000 "bulk n" (uncategorized is no tag).
    expect(preview.plan.tags).toBe(5004);
    expect(preview.problems).toContain("tags “markup”, “Markup” differ only in case: merged as “Markup”");
    expect(preview.problems).toContain(
      "tags “Constructor”, “constructor” differ only in case: merged as “Constructor”",
    );
    expect(
      preview.problems.filter((line) => line.includes("differ only in case")).length,
    ).toBeLessThanOrEqual(20);
    expect(preview.problems).toContainEqual(
      expect.stringMatching(/^\d+ more tags written in more than one case: merged too$/),
    );

    const done = await imported(file);
    expect(done.status).toBe("done");
    // The spelling the export uses most, on every post that had any of them.
    expect(post("tagged-one")?.tags).toEqual(["Markup", "__proto__"]);
    expect(post("tagged-two")?.tags).toEqual(["Markup", "Constructor"]);
    expect(post("tagged-three")?.tags).toEqual(["Markup", "Constructor", "toString"]);
    expect(post("tagged-many-0")?.tags).toHaveLength(30);
    expect(resolveRedirect("/tag/markup")?.location).toBe("/blog?tag=Markup");
    // WordPress's default category has no list of its own here: the blog is its list.
    expect(resolveRedirect("/category/uncategorized")?.location).toBe("/blog");
  });

  it("with fields past the editor's limits, imports them shortened and says so; a body too long is left out", async () => {
    const tags = Array.from(
      { length: 40 },
      (_, i) => `<category domain="post_tag" nicename="t${i}">${cdata(`Tag ${i}`)}</category>`,
    ).join("");
    const seo = `<wp:postmeta><wp:meta_key>_yoast_wpseo_title</wp:meta_key><wp:meta_value>${cdata("Search ".repeat(30))}</wp:meta_value></wp:postmeta>`;
    const file = exportOf(
      item({
        slug: "long-fields",
        title: `A title\n${"that goes on ".repeat(40)}`,
        excerpt: "Words ".repeat(400),
        extra: tags + seo,
      }),
      item({ slug: "long-body", title: "Too long", content: `<p>${"word ".repeat(120_000)}</p>` }),
      item({ slug: "far-too-long", title: "Far too long", content: `<p>${"word ".repeat(250_000)}</p>` }),
    );
    const preview = await receiveExport(createReadStream(file), "export.xml", null);
    expect(preview.problems).toContain(
      "“Far too long”: its body is over 500,000 characters, more than the editor holds: not imported",
    );
    const done = await imported(file);
    expect(done.status).toBe("done");
    const long = post("long-fields")!;
    expect(long.title.length).toBeLessThanOrEqual(200);
    expect(long.title).toMatch(/…$/);
    expect(long.excerpt.length).toBeLessThanOrEqual(1000);
    expect(long.title).not.toContain("\n");
    expect(long.tags).toHaveLength(30);
    expect(long.seoTitle!.length).toBeLessThanOrEqual(70);
    expect(done.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/its title was over 200 characters: shortened$/),
        expect.stringMatching(/its excerpt was over 1000 characters: shortened$/),
        expect.stringMatching(/it had 40 tags; the first 30 came across$/),
        expect.stringMatching(/its search title was over 70 characters: shortened$/),
        "“Too long”: its body is over 500,000 characters, more than the editor holds: not imported",
        "“Far too long”: its body is over 500,000 characters, more than the editor holds: not imported",
      ]),
    );
    expect(post("long-body")).toBeUndefined();
    expect(post("far-too-long")).toBeUndefined();
  });

  it("leaves out a body of more parts than any post, and keeps names and titles short in what it says", async () => {
    const file = exportOf(
      item({ slug: "nested-tags", title: "Nested", content: "<b><i>".repeat(6_000) }),
      item({ slug: "deep", title: "Deep", content: `${"<div>".repeat(300)}Words` }),
      item({ slug: "open-blocks", title: "Open blocks", content: "<!-- wp:group -->".repeat(500) }),
      item({ slug: "paragraphs", title: "Paragraphs", content: "a\n\n".repeat(12_000) }),
      item({ type: "page", slug: "huge-title", title: "Title ".repeat(100_000) }),
      item({ slug: "fine", content: "<!-- wp:paragraph --><p>Fine.</p><!-- /wp:paragraph -->" }),
    );
    const preview = await receiveExport(createReadStream(file), "export.xml", null);
    expect(preview.problems).toEqual(
      expect.arrayContaining([
        "“Nested”: its body has over 10,000 tags, more than any post: not imported",
        "“Deep”: its body has formatting nested more than 200 layers deep, deeper than any post: not imported",
        "“Open blocks”: its body opens blocks it never closes, as no WordPress editor writes: not imported",
        "“Paragraphs”: its body has over 10,000 paragraphs, more than any post: not imported",
      ]),
    );
    const done = await imported(file);
    expect(done.status).toBe("done");
    for (const slug of ["nested-tags", "deep", "open-blocks", "paragraphs"])
      expect(post(slug)).toBeUndefined();
    expect(post("fine")!.content).toContain("Fine.");
    // A title of megabytes is read as its first few thousand characters: no report line carries it.
    for (const problem of done.problems) expect(problem.length).toBeLessThan(6_000);
  });

  it("whose bodies read slowly by look-ahead imports at once", async () => {
    const file = exportOf(
      item({ slug: "captions", content: "[caption]".repeat(35_000) }),
      item({ slug: "code", content: "arr[i] = a[j]; [a]".repeat(20_000) }),
    );
    const done = await imported(file);
    expect(done.status).toBe("done");
    expect(post("captions")!.content).toContain("[caption][caption]");
    expect(post("code")!.content).toContain("arr[i] = a[j]; [a]");
  });
});

describe("imports at once", () => {
  it("two started together each bring their posts once", async () => {
    const files = [0, 1].map((n) =>
      exportOf(item({ slug: `together-${n}-a` }), item({ slug: `together-${n}-b` })),
    );
    const rows = await Promise.all(files.map((file) => receiveExport(createReadStream(file), "x.xml", null)));
    for (const row of rows) startImport(row.id);
    await Promise.all([runImports(() => false), runImports(() => false), runImports(() => false)]);
    for (const row of rows)
      expect(getDb().select().from(imports).where(eq(imports.id, row.id)).get()!.status).toBe("done");
    const slugs = getDb()
      .select({ slug: posts.slug })
      .from(posts)
      .all()
      .map((p) => p.slug)
      .filter((slug) => slug.startsWith("together-"));
    expect(slugs.sort()).toEqual(["together-0-a", "together-0-b", "together-1-a", "together-1-b"]);
  });
});

describe("an import that took the process down", () => {
  const died = async (attempts: number) => {
    const row = await receiveExport(
      createReadStream(exportOf(item({ slug: `died-${attempts}` }))),
      "x.xml",
      null,
    );
    // As the process left it: running, with runs begun and never ended.
    getDb().update(imports).set({ status: "running", attempts }).where(eq(imports.id, row.id)).run();
    await runImports(() => false);
    return getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
  };

  it("is tried once more", async () => {
    const row = await died(1);
    expect(row.status).toBe("done");
    expect(post("died-1")).toBeDefined();
  });

  it("stopped on purpose while it waits on an image (a deploy) does not count as one that died", async () => {
    let asked = false;
    const hang = createServer(() => (asked = true));
    await new Promise<void>((resolve) => hang.listen(0, "127.0.0.1", resolve));
    const slow = `http://127.0.0.1:${(hang.address() as AddressInfo).port}`;
    process.env.IMPORT_ALLOWED_ORIGINS = `${site},${slow}`;
    resetEnvCache();
    const file = exportOf(item({ slug: "deployed", content: `<p><img src="${slow}/a.jpg" alt="A"></p>` }));
    const row = await receiveExport(createReadStream(file), "x.xml", null);
    startImport(row.id);
    const attempts = () => getDb().select().from(imports).where(eq(imports.id, row.id)).get()!.attempts;
    const run = runImports(() => false);
    await expect.poll(() => asked, { message: "the run to ask for the image" }).toBe(true);
    expect(attempts()).toBe(1);
    await importTask.stop!();
    expect(attempts()).toBe(0);
    hang.closeAllConnections();
    await run;
    hang.close();
    process.env.IMPORT_ALLOWED_ORIGINS = site;
    resetEnvCache();
  });

  it("is failed, not run again, when that retry died too, and tells the owner why", async () => {
    const row = await died(2);
    expect(row).toMatchObject({ status: "failed", error: IMPORT_DIED, filePath: null });
    expect(post("died-2")).toBeUndefined();
  });
});

describe("a preview nobody started", () => {
  it("is thrown away with its file after a day; a newer one stays", async () => {
    const old = await receiveExport(createReadStream(exportOf(item({}))), "old.xml", null);
    const fresh = await receiveExport(createReadStream(exportOf(item({}))), "new.xml", null);
    await discardStalePreviews(new Date(old.createdAt.getTime() + PREVIEW_KEPT_MS - 60_000));
    expect(getDb().select().from(imports).where(eq(imports.id, old.id)).get()).toBeDefined();
    getDb()
      .update(imports)
      .set({ createdAt: new Date(Date.now() - PREVIEW_KEPT_MS - 60_000) })
      .where(eq(imports.id, old.id))
      .run();
    await discardStalePreviews();
    expect(getDb().select().from(imports).where(eq(imports.id, old.id)).get()).toBeUndefined();
    const { existsSync } = await import("node:fs");
    expect(existsSync(old.filePath!)).toBe(false);
    expect(getDb().select().from(imports).where(eq(imports.id, fresh.id)).get()?.status).toBe("previewed");
  });
});

describe("a hostile Ghost export", () => {
  it("with a page named like an object's property, and many posts and tags, imports", async () => {
    const data = JSON.parse(
      (await import("node:fs")).readFileSync(ghostExport(), "utf8").replaceAll("__GHOST_URL__", site),
    ) as { db: [{ data: Record<string, Record<string, unknown>[]> }] };
    const tables = data.db[0].data;
    tables.posts!.push({
      ...tables.posts!.find((p) => p.type === "page")!,
      id: "p-proto",
      slug: "constructor",
      title: "Ghost constructor page",
    });
    const file = inTestFolder(`ghost-hostile-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(data));
    const row = await receiveExport(createReadStream(file), "ghost.json", null, site);
    startImport(row.id);
    await runImports(() => false);
    const done = getDb().select().from(imports).where(eq(imports.id, row.id)).get()!;
    expect(done.error).toBeNull();
    expect(done.status).toBe("done");
    // Placed as a WordPress page is: the closest page here (else home), not a 404.
    expect(done.problems).toContainEqual(
      expect.stringMatching(
        /^page “Ghost constructor page” \(\/constructor\) has no page like it here: its address goes to \//,
      ),
    );
    expect(resolveRedirect("/constructor")?.location).toMatch(/^\//);
  });
});
