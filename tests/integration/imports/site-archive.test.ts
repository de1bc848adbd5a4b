// A site archive is hostile input, even the owner's: every row and file goes through the rules the
// admin keeps (redirects, roles, settings, media, consent), every size, count and depth is bounded
// before it costs memory, and what was left out is said. Against the real services and a SQLite file.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { deflateRawSync } from "node:zlib";

import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import yazl from "yazl";

import {
  newsletterSubscribers,
  oldAddresses,
  pageCopy,
  pageRevisions,
  redirects,
  siteSettings,
  users,
} from "#db/schema";
import { checkRow } from "~/features/imports/archive/archive-rows.server";
import { readRows } from "~/features/imports/archive/archive-zip.server";
import { archiveSummary, readManifest, restoreSiteArchive } from "~/features/imports/site-archive.server";
import { ExportRefused } from "~/features/imports/wxr-reader.server";
import { readPublishedCopy } from "~/features/pages/index.server";
import { changeRole, createUser } from "~/features/staff/index.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";

import { inTestFolder } from "./old-site";
import { zipOf } from "./zip-bytes";

const manifest = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: "northwall-site-archive",
    version: 1,
    schema: "0000",
    site: "https://old.example",
    personal: true,
    collections: {},
    ...extra,
  });

let archives = 0;
/** An archive as a real zip library writes it, kept in a file as an upload would be. */
async function archiveFile(files: Record<string, string | Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files))
    zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return bytesFile(Buffer.concat(chunks));
}

function bytesFile(bytes: Buffer): string {
  const file = inTestFolder(`archive-test-${process.pid}-${++archives}.zip`);
  writeFileSync(file, bytes);
  return file;
}

const table = (rows: Record<string, unknown>[]) => JSON.stringify(rows);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ExportRefused);
  return (error as Error).message;
}

describe("a crafted site archive", () => {
  it("brings an earlier version's old addresses, kept per kind, into the one old-address table", async () => {
    const at = Date.UTC(2026, 0, 5);
    const file = await archiveFile({
      "manifest.json": manifest(),
      "content/posts.json": table([
        {
          id: "ap1",
          title: "Winter Ads",
          slug: "winter-ads",
          excerpt: "E",
          content: "<p>Hi</p>",
          status: "published",
          created_at: at,
          updated_at: at,
        },
      ]),
      "content/case_studies.json": table([
        {
          id: "aw1",
          title: "Harbour Dental",
          slug: "harbour-dental",
          excerpt: "E",
          category: "Health",
          status: "published",
          created_at: at,
          updated_at: at,
        },
      ]),
      "content/slug_redirects.json": table([{ old_slug: "the-launch", post_id: "ap1", created_at: at }]),
      "content/case_study_slug_redirects.json": table([
        { old_slug: "the-launch", case_study_id: "aw1", created_at: at },
        { old_slug: "dental-old", case_study_id: "aw1", kind: "post", created_at: at },
      ]),
    });
    const problems = new Set<string>();
    await restoreSiteArchive(file, problems);
    expect([...problems]).toEqual([]);
    expect(
      getDb().select().from(oldAddresses).orderBy(asc(oldAddresses.kind), asc(oldAddresses.oldSlug)).all(),
    ).toEqual([
      {
        kind: "case-study",
        oldSlug: "dental-old",
        postId: null,
        caseStudyId: "aw1",
        createdAt: new Date(at),
      },
      {
        kind: "case-study",
        oldSlug: "the-launch",
        postId: null,
        caseStudyId: "aw1",
        createdAt: new Date(at),
      },
      { kind: "post", oldSlug: "the-launch", postId: "ap1", caseStudyId: null, createdAt: new Date(at) },
    ]);
  });

  it("brings only redirects the form would take, never from the site's own addresses", async () => {
    const problems = new Set<string>();
    const counts = await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/posts.json": table([
          {
            id: "p1",
            title: "Live here",
            slug: "live-here",
            excerpt: "x",
            content: "<p>Hi</p>",
            status: "published",
            created_at: 1,
            updated_at: 1,
          },
        ]),
        "content/redirects.json": table(
          [
            ["/admin/login", "https://evil.example/login", 301, 0],
            ["/", "https://evil.example/", 301, 0],
            ["/api", "https://evil.example/api", 301, 1],
            ["/newsletter/confirm", "https://evil.example/confirm", 301, 0],
            ["/uploads/images", "https://evil.example/u", 301, 1],
            ["/ROBOTS.txt", "https://evil.example/r", 301, 0],
            ["/.well-known/security.txt", "https://evil.example/s", 301, 0],
            ["/blog/Live-Here", "https://evil.example/p", 301, 0],
            ["/old-page", "https://evil.example/t", 307, 0],
            ["/old-pricing", "/about", 302, 0],
            // A WordPress short link an earlier import added: one exact query, kept.
            ["/?p=12", "/blog/live-here", 301, 0],
            ["/admin/login?next=1", "https://evil.example/", 301, 0],
          ].map(([from, to, status, prefix], i) => ({
            id: `r${i}`,
            from_path: from,
            to_path: to,
            status,
            prefix,
          })),
        ),
      }),
      problems,
    );
    expect(
      getDb()
        .select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status })
        .from(redirects)
        .all(),
    ).toEqual([
      { from: "/old-pricing", to: "/about", status: 302 },
      { from: "/?p=12", to: "/blog/live-here", status: 301 },
    ]);
    expect(counts.redirects).toBe(2);
    expect([...problems].join("\n")).toContain("redirect from /admin/login");
    expect([...problems].join("\n")).toContain("redirect from /old-page: Choose permanent (301)");
    expect(counts.leftOut).toBe(10);
  });

  it("brings the pages' words only as the page editor takes them, and starts the rest from the site's words", async () => {
    const home = readPublishedCopy("home") as { hero: { headline: string } };
    const privacy = readPublishedCopy("legal/privacy") as { sections: { body: string }[] };
    const withBody = (body: string) => ({
      ...privacy,
      sections: [{ ...privacy.sections[0]!, body }, ...privacy.sections.slice(1)],
    });
    const row = (key: string, published: unknown, extra: Record<string, unknown> = {}) => ({
      key,
      published: JSON.stringify(published),
      position: 0,
      hidden: 0,
      published_at: 1,
      ...extra,
    });
    const problems = new Set<string>();
    const counts = await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/page_copy.json": table([
          // Someone the archive names but does not carry published it: the page comes, unsigned.
          row(
            "home",
            { ...home, hero: { ...home.hero, headline: "Brought <em>Home</em>" } },
            {
              published_by: "nobody-here",
            },
          ),
          row("legal/privacy", withBody('<p onclick="steal()">Ours<script>alert(1)</script></p>')),
          row("legal/terms", withBody("<p>Fine</p>"), { draft: JSON.stringify({ title: "x" }) }),
          row("services/../admin", home),
          {
            ...row("contact", {}),
            published: JSON.stringify(readPublishedCopy("contact")).replace(
              /^\{/,
              '{"__proto__":{"polluted":true},',
            ),
          },
          row("not-found", "not an object"),
        ]),
        "content/page_revisions.json": table([
          { id: "v1", page_key: "home", copy: JSON.stringify(home), published_at: 1, created_at: 1 },
          { id: "v2", page_key: "home", copy: JSON.stringify({ hero: {} }), published_at: 1, created_at: 1 },
        ]),
      }),
      problems,
    );
    const rows = getDb().select().from(pageCopy).all();
    const byKey = new Map(rows.map((page) => [page.key, page]));
    // Plain fields are text: markup stays as typed and is escaped where it is shown.
    expect((byKey.get("home")!.published as typeof home).hero.headline).toBe("Brought <em>Home</em>");
    expect(byKey.get("home")!.publishedBy).toBeNull();
    // The rest of the site's pages start from its own words, none missing.
    expect(readPublishedCopy("about")).toBeTruthy();
    expect(readPublishedCopy("contact")).toBeTruthy();
    expect(rows.some((page) => page.key.includes(".."))).toBe(false);
    expect(JSON.stringify(byKey.get("legal/privacy")?.published ?? "")).not.toMatch(/<script|onclick/);
    expect(byKey.get("legal/terms")?.draft ?? null).toBeNull();
    expect(getDb().select({ id: pageRevisions.id }).from(pageRevisions).all()).toEqual([{ id: "v1" }]);
    expect(counts.page_copy).toBe(1);
    const said = [...problems].join("\n");
    expect(said).toMatch(/page copy row 2 left out: .*not allowed/);
    expect(said).toMatch(/page copy row 3 left out: its draft/);
    expect(said).toMatch(/page copy row 4 left out: it is not a page of this site/);
    expect(said).toMatch(/page copy row 5 left out: .*Unknown field/);
    expect(said).toMatch(/page copy row 6 left out/);
    expect(said).toMatch(/page revisions row 2 left out/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("brings pages' words archived before the pages gained fields, the new fields given today's words", async () => {
    const contact: Record<string, unknown> = {
      ...(readPublishedCopy("contact") as Record<string, unknown>),
      heading: "Archived Heading",
    };
    for (const added of ["details", "stats", "message", "faq"]) delete contact[added];
    const problems = new Set<string>();
    const counts = await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/page_copy.json": table([
          // The count it says it had is this site's checks' to make again.
          {
            key: "contact",
            published: JSON.stringify(contact),
            position: 0,
            hidden: 0,
            published_at: 1,
            check_problems: 7,
          },
        ]),
        "content/page_revisions.json": table([
          { id: "old", page_key: "contact", copy: JSON.stringify(contact), published_at: 1, created_at: 1 },
        ]),
      }),
      problems,
    );
    expect([...problems]).toEqual([]);
    expect(counts.page_copy).toBe(1);
    expect(readPublishedCopy("contact")).toMatchObject({
      heading: "Archived Heading",
      details: { heading: "Get in Touch" },
      faq: { heading: "Frequently Asked Questions" },
    });
    expect(getDb().select().from(pageRevisions).all()[0]?.copy).toMatchObject({
      message: { heading: "Send Us a Message" },
    });
    const stored = getDb().select().from(pageCopy).all();
    expect(stored.find((page) => page.key === "contact")?.checkProblems).toBeNull();
  });

  it("brings staff as editors who cannot sign in, never an owner dated first", async () => {
    const owner = await createUser("the-owner", "a long enough password 1", { role: "owner" });
    await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/users.json": table([
          {
            id: "intruder",
            username: "intruder",
            password: "scrypt$known-hash",
            role: "owner",
            name: "Intruder",
            email: "intruder@evil.example",
            totp_secret: "JBSWY3DPEHPK3PXP",
            require_second_factor: 0,
            created_at: 0,
          },
          // The owner's own id with another name: never taken over.
          { id: owner.id, username: "someone-else", name: "Someone", created_at: 0 },
          { id: "bad", username: "two\nlines", name: "x", created_at: 0 },
        ]),
      }),
    );
    const staff = getDb()
      .select()
      .from(users)
      .orderBy(asc(users.createdAt), sql`rowid`)
      .all();
    expect(staff[0]!.id).toBe(owner.id);
    const intruder = staff.find((user) => user.username === "intruder")!;
    expect(intruder).toMatchObject({ role: "editor", password: "", email: null, totpSecret: null });
    expect(intruder.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const other = staff.find((user) => user.username === "someone-else")!;
    expect(other.id).not.toBe(owner.id);
    expect(staff.some((user) => user.username.includes("\n"))).toBe(false);
    expect(() => changeRole(owner.id, "editor")).toThrow("The site's first account stays the owner");
  });

  it("keeps only uploads the media library writes, each what its name says", async () => {
    const root = path.resolve(getEnv().UPLOADS_DIR);
    const problems = new Set<string>();
    const counts = await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "uploads/evil.js": "alert(document.cookie)",
        "uploads/page.html": "<script>alert(1)</script>",
        "uploads/images/abc-10x10/10.svg": "<svg onload=alert(1)></svg>",
        "uploads/images/abc-10x10/10.jpg": jpeg,
        "uploads/images/def-10x10/10.jpg": "<script>alert(1)</script>",
        "uploads/videos/clip.mp4": "<html>not a video</html>",
        "uploads/captions/clip.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nHello",
      }),
      problems,
    );
    expect(existsSync(path.join(root, "images/abc-10x10/10.jpg"))).toBe(true);
    expect(existsSync(path.join(root, "captions/clip.vtt"))).toBe(true);
    for (const gone of [
      "evil.js",
      "page.html",
      "images/abc-10x10/10.svg",
      "images/def-10x10/10.jpg",
      "videos/clip.mp4",
    ])
      expect(existsSync(path.join(root, gone)), gone).toBe(false);
    expect(counts.files).toBe(2);
    expect([...problems].join("\n")).toContain("file evil.js left out");
  });

  it("checks settings with the settings form's schema and never moves the alert address", async () => {
    const before = getSiteSettings();
    await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/site_settings.json": table([
          {
            id: 1,
            values: JSON.stringify({ ...before, name: "Archived Agency", email: "alerts@evil.example" }),
            updated_at: 1,
          },
        ]),
      }),
    );
    expect(getSiteSettings()).toMatchObject({ name: "Archived Agency", email: before.email });

    const problems = new Set<string>();
    await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/site_settings.json": table([
          { id: 1, values: JSON.stringify({ name: "Bad\u0000Name", phone: "call me" }), updated_at: 1 },
        ]),
      }),
      problems,
    );
    expect(getSiteSettings().name).toBe("Archived Agency");
    expect([...problems].join("\n")).toContain("settings left out");
    expect(getDb().select().from(siteSettings).all()).toHaveLength(1);
  });

  it("takes subscribers only with a real address and, when confirmed, when they confirmed", async () => {
    await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/newsletter_subscribers.json": table([
          { id: "s1", email: "Reader@Example.ie", status: "confirmed", confirmed_at: 5, created_at: 1 },
          { id: "s2", email: "not an address", status: "confirmed", confirmed_at: 5, created_at: 1 },
          { id: "s3", email: "ghost@example.ie", status: "confirmed", created_at: 1 },
          { id: "s4", email: "odd@example.ie", status: "owner", created_at: 1 },
        ]),
      }),
    );
    expect(getDb().select({ email: newsletterSubscribers.email }).from(newsletterSubscribers).all()).toEqual([
      { email: "reader@example.ie" },
    ]);
  });

  it("says in the audit log what the import changed, kind by kind", () => {
    expect(archiveSummary("https://old.example", { posts: 3, users: 1, redirects: 0, leftOut: 2 })).toBe(
      "Site archive from https://old.example: 3 posts, 1 staff (as editors); 2 left out",
    );
  });

  it("treats prototype names as plain names: no table, column or setting of theirs", async () => {
    const file = await archiveFile({
      "manifest.json": manifest(),
      "content/__proto__.json": table([{ polluted: true }]),
      "content/constructor.json": "[]",
      "content/testimonials.json":
        '[{"id":"t1","quote":"Great","name":"Ann","__proto__":{"polluted":true},"constructor":"x","toString":"y","created_at":1,"updated_at":1}]',
    });
    await expect(refusal(restoreSiteArchive(file))).resolves.toContain("nested inside a row");
    const flat = await archiveFile({
      "manifest.json": manifest({
        collections: JSON.parse('{"__proto__": 1, "constructor": 2, "posts": 1}'),
      }),
      "content/testimonials.json":
        '[{"id":"t1","quote":"Great","name":"Ann","__proto__":"x","constructor":"x","toString":"y","created_at":1,"updated_at":1}]',
    });
    expect((await readManifest(flat)).collections).toEqual({ posts: 1 });
    expect((await restoreSiteArchive(flat)).testimonials).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("imports an archive without uploads", async () => {
    const counts = await restoreSiteArchive(await archiveFile({ "manifest.json": manifest() }));
    expect(counts.files).toBe(0);
  });
});

describe("an archive's sizes, counts and depths", () => {
  const entry = (name: string, data: string | Buffer, claimedSize?: number) => ({
    name,
    data: Buffer.isBuffer(data) ? data : Buffer.from(data),
    claimedSize,
  });

  it("refuses at preview a table declared larger than the site takes (no table is parsed whole)", async () => {
    // A few bytes that claim to unpack to 256 MB, as the two tables of the reported archive did.
    const file = bytesFile(
      zipOf([
        entry("manifest.json", manifest()),
        { ...entry("content/posts.json", Buffer.from([0x03, 0x00]), 256 * 1024 * 1024), method: 8 },
      ]),
    );
    await expect(refusal(readManifest(file))).resolves.toMatch(
      /content\/posts\.json .*larger than this site takes/,
    );
  });

  it("refuses an entry that unpacks to more than it declares", async () => {
    const file = bytesFile(
      zipOf([
        entry("manifest.json", manifest()),
        { ...entry("content/posts.json", deflateRawSync(Buffer.alloc(100_000, 0x20)), 10), method: 8 },
      ]),
    );
    await expect(refusal(restoreSiteArchive(file))).resolves.toContain("cannot be read");
  });

  it("refuses a file named twice, whatever its case", async () => {
    const file = bytesFile(
      zipOf([
        entry("manifest.json", manifest()),
        entry("uploads/cards/a.jpg", jpeg),
        entry("uploads/cards/A.jpg", jpeg),
      ]),
    );
    await expect(refusal(readManifest(file))).resolves.toContain("twice");
  });

  it("refuses a truncated zip, a malformed manifest and one that is not this site's", async () => {
    const whole = await archiveFile({ "manifest.json": manifest(), "content/posts.json": "[]" });
    const bytes = readFileSync(whole);
    await expect(refusal(readManifest(bytesFile(bytes.subarray(0, bytes.length - 30))))).resolves.toContain(
      "cannot be read",
    );
    await expect(
      refusal(readManifest(await archiveFile({ "manifest.json": "{not json" }))),
    ).resolves.toContain("manifest.json is not JSON");
    await expect(
      refusal(readManifest(await archiveFile({ "manifest.json": JSON.stringify({ format: { $gt: "" } }) }))),
    ).resolves.toContain("not an export of a site like this one");
  });

  it("refuses a table nested, cut short or not a list, and leaves out a JSON column nested too deeply", async () => {
    const problems = new Set<string>();
    for (const [text, why] of [
      ['[{"id":"a","name":[[[[[[1]]]]]]}]', "nested inside a row"],
      [`${"[".repeat(100_000)}`, "not a list of rows"],
      ['[{"id":"a","name":"x"', "cut short"],
      ['{"id":"a"}', "not a list of rows"],
      ['[{"id":"a",}]', "not JSON"],
    ])
      await expect(
        refusal(
          restoreSiteArchive(
            await archiveFile({ "manifest.json": manifest(), "content/milestones.json": text! }),
          ),
        ),
        text!.slice(0, 30),
      ).resolves.toContain(why!);
    const counts = await restoreSiteArchive(
      await archiveFile({
        "manifest.json": manifest(),
        "content/packages.json": table([
          { id: "k1", name: "Deep", price_per_month: 1, features: `${"[".repeat(5000)}${"]".repeat(5000)}` },
          { id: "k2", name: "Flat", price_per_month: 1, features: "[]" },
        ]),
      }),
      problems,
    );
    expect(counts.packages).toBe(1);
    expect([...problems].join("\n")).toContain("features nests too deeply");
  });

  it("refuses more rows than a site has, in a short list or in all, before they fill memory, and writes nothing", async () => {
    const testimonial = (n: number) => ({
      id: `t${n}`,
      quote: "Great",
      name: `Person ${n}`,
      status: "published",
    });
    const before = getDb()
      .select({ n: sql<number>`count(*)` })
      .from(redirects)
      .get()!.n;
    const list = await archiveFile({
      "manifest.json": manifest(),
      "content/testimonials.json": table(Array.from({ length: 1_001 }, (_, n) => testimonial(n))),
    });
    await expect(refusal(restoreSiteArchive(list))).resolves.toContain("more rows");
    const rule = (n: number) => ({
      id: `r${n}`,
      from_path: `/old-${n}`,
      to_path: "/blog",
      status: 301,
      prefix: 0,
    });
    const many = await archiveFile({
      "manifest.json": manifest(),
      "content/redirects.json": table(Array.from({ length: 20_000 }, (_, n) => rule(n))),
      "content/slug_redirects.json": table(Array.from({ length: 10_001 }, (_, n) => ({ id: `s${n}` }))),
    });
    await expect(refusal(restoreSiteArchive(many))).resolves.toContain("more than 30,000 rows");
    expect(
      getDb()
        .select({ n: sql<number>`count(*)` })
        .from(redirects)
        .get()!.n,
    ).toBe(before);
  });

  it("reads a table row by row, within its bounds", async () => {
    const rows = async (text: string, options = {}) => {
      const found = [];
      for await (const row of readRows(Readable.from([Buffer.from(text)]), "t", options)) found.push(row);
      return found;
    };
    // Split anywhere, even inside a string with an escaped quote, it reads the same.
    const text = '[ {"a":"x\\"}{[","b":1}, {"a":null} ]';
    const chunks = [...text].map((c) => Buffer.from(c));
    const found = [];
    for await (const row of readRows(Readable.from(chunks), "t")) found.push(row);
    expect(found).toEqual([{ a: 'x"}{[', b: 1 }, { a: null }]);
    await expect(refusal(rows('[{"a":1},{"a":2},{"a":3}]', { maxRows: 2 }))).resolves.toContain("more rows");
    await expect(refusal(rows(`[{"a":"${"x".repeat(1000)}"}]`, { maxBytes: 100 }))).resolves.toContain(
      "larger than this site takes",
    );
    await expect(refusal(rows(`[{"a":"${"x".repeat(4 * 1024 * 1024)}"}]`))).resolves.toContain(
      "row larger than this site takes",
    );
  });
});

describe("an archive's staff", () => {
  // A name that turns the text after it around (a right-to-left override) is refused by the staff form,
  // and so here.
  const member = (name: string) => ({
    id: "u1",
    username: "niamh",
    name,
    team_member_id: null,
    created_at: 1,
  });

  it("are refused with a name that changes the direction of text, and taken with any other", () => {
    expect(checkRow(users, member("Niamh\u202egpj.exe"))).toEqual({
      refused: "name is not one the staff form takes",
    });
    expect(checkRow(users, member("דנה לוי"))).toHaveProperty("row");
  });
});
