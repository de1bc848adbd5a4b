// The covers the site draws for case studies and posts without one (decision 023): the real drawing,
// the real database and uploads folder (tests/setup/temp-db.ts), no mocks.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, posts } from "#db/schema";
import { CaseStudySchema } from "~/features/case-studies";
import { getCaseStudyById, saveCaseStudy } from "~/features/case-studies/index.server";
import { ensureUploadFolders, saveImage } from "~/features/media/index.server";
import { importPost, savePost } from "~/features/posts/index.server";
import { seedCaseStudies } from "~/features/seed";
import { seedPosts } from "~/features/seed";
import { seedDatabase } from "~/features/seed/index.server";
import { startArtwork } from "~/features/social-cards/artwork.server";
import committed from "~/features/social-cards/artwork/committed.json";
import { chartSeries, chooseComposition, type StudyFacts } from "~/features/social-cards/artwork/compose";
import { paletteFor } from "~/features/social-cards/artwork/palettes";
import { artworkHash, postSubject, studySubject } from "~/features/social-cards/artwork/subject";
import { getDb } from "~/platform/db.server";
import { artworkUrl, parseUploadedImage } from "~/platform/images";
import { seedSiteSettings } from "~/platform/site/launch-settings";
import { stopTasks, taskReport, tasksSettled } from "~/platform/tasks.server";
import { splitMetric } from "~/platform/text/metrics";

const uploads = () => path.resolve(process.env.UPLOADS_DIR!);
const fileOf = (url: string) => path.join(uploads(), url.replace(/^\/uploads\//, ""));
const dirOf = (url: string) => path.dirname(fileOf(url));
const GENERATED = /^\/uploads\/art\/work-[0-9a-f]{16}-1200x675\/1200\.jpg$/;

const study = (overrides: Partial<Record<string, unknown>> = {}) =>
  CaseStudySchema.parse({
    title: "Harbour Bikes: A Shop That Sells While It Sleeps",
    clientName: "Harbour Bikes",
    category: "E-commerce",
    excerpt: "A bike shop's new online store.",
    body: "<p>We built it.</p>",
    metrics: [
      { value: "212%", label: "Online Sales" },
      { value: "1.6s", label: "Page Load" },
    ],
    tags: "Shopify, Email Flows",
    credits: ["Website Development"],
    status: "published",
    ...overrides,
  });

const facts = (overrides: Partial<StudyFacts> = {}): StudyFacts => ({
  title: "Client: Something",
  clientName: "Client",
  category: "",
  tags: [],
  credits: [],
  metrics: [],
  ...overrides,
});

beforeAll(() => {
  ensureUploadFolders();
  seedDatabase(getDb());
});

describe("the composition is chosen from what the study is about", () => {
  it("each seeded study gets the picture of its kind of work", () => {
    const kinds = Object.fromEntries(
      seedCaseStudies.map((p) => [p.slug, chooseComposition({ ...p, metrics: p.metrics.map(splitMetric) })]),
    );
    expect(kinds).toMatchObject({
      "glow-aesthetics-clinic": "phone", // a booking funnel built for phones
      paynest: "phone", // an app
      "peak-performance-gym": "ads", // Meta and YouTube ads
      "atlantic-solar": "ads",
      "emerald-threads": "browser", // a Shopify rebuild
      "wildway-outdoor": "browser", // localised stores
      "liffey-dental-group": "map", // local SEO for four practices
      "dublin-legal-partners": "search", // page one
      "harbour-logistics": "dashboard", // CRM and pipeline
    });
  });

  it("a study added in the admin is read the same way, down to its services", () => {
    expect(chooseComposition(facts({ tags: ["Local SEO"] }))).toBe("map");
    expect(chooseComposition(facts({ tags: ["Meta Ads", "Paid Social"] }))).toBe("ads");
    expect(chooseComposition(facts({ tags: ["App Store Optimisation", "ASO"] }))).toBe("phone");
    expect(chooseComposition(facts({ credits: ["Website Development"] }))).toBe("browser");
    expect(chooseComposition(facts({ metrics: [{ value: "3x", label: "Leads" }] }))).toBe("dashboard");
    expect(chooseComposition(facts())).toBe("browser");
  });

  it("the chart follows the study's own first result", () => {
    const rising = chartSeries({ value: "312%", label: "Online Bookings" }, "a");
    expect(rising[rising.length - 1]).toBeGreaterThan(rising[0]! * 3);
    const falling = chartSeries({ value: "58%", label: "Lower Cost Per Trial" }, "a");
    expect(falling[falling.length - 1]).toBeLessThan(falling[0]!);
  });

  it("a client always gets the same palette: its own when seeded, a curated one by its name otherwise", () => {
    expect(studySubject({ ...facts(), clientName: "Glow Aesthetics Clinic" })).toMatchObject({
      palette: "blush",
    });
    expect(paletteFor("Harbour Bikes")).toBe(paletteFor("  harbour bikes "));
  });
});

describe("the seeds' artwork is committed", () => {
  it("every seeded study and post has its cover under public/images/art, hashed as it is seeded", () => {
    const urls = Object.values(committed);
    for (const p of seedCaseStudies) {
      const hash = artworkHash(studySubject({ ...p, metrics: p.metrics.map(splitMetric) }));
      expect((committed as Record<string, string>)[hash], `${p.slug}: run scripts/make/make-artwork.ts`).toBe(
        artworkUrl(`work-${p.slug}`),
      );
    }
    for (const p of seedPosts) {
      const hash = artworkHash(postSubject({ title: p.title, tags: p.tags ?? [] }, seedSiteSettings.name));
      expect((committed as Record<string, string>)[hash], `${p.slug}: run scripts/make/make-artwork.ts`).toBe(
        artworkUrl(`blog-${p.slug}`),
      );
    }
    for (const url of [...urls, artworkUrl("fallback")])
      for (const w of [480, 960, 1200])
        for (const ext of ["avif", "webp", "jpg"])
          expect(existsSync(path.join("public", path.dirname(url), `${w}.${ext}`))).toBe(true);
  });

  it("a freshly seeded database needs no drawing at start-up", async () => {
    expect(await startArtwork()).toBe(0);
  });
});

describe("a case study saved without a cover gets its own artwork", () => {
  let id = "";
  let url = "";

  it("is drawn after the save, in every format and width, at 16:9", async () => {
    const started = performance.now();
    const saved = saveCaseStudy(undefined, study());
    expect(saved.coverImage).toBeNull(); // the save does not wait for the drawing
    await tasksSettled();
    console.log(`drawn and written in ${Math.round(performance.now() - started)} ms`);
    id = saved.id;
    url = getCaseStudyById(id)!.coverImage!;
    expect(url).toMatch(GENERATED);
    expect(parseUploadedImage(url)).toMatchObject({ width: 1200, height: 675, widths: [480, 960, 1200] });
    const files = readdirSync(dirOf(url)).sort();
    expect(files).toEqual(
      ["1200", "480", "960"].flatMap((w) => ["avif", "jpg", "webp"].map((ext) => `${w}.${ext}`)).sort(),
    );
    for (const w of [480, 960, 1200]) {
      for (const ext of ["avif", "webp", "jpg"]) {
        const meta = await sharp(path.join(dirOf(url), `${w}.${ext}`)).metadata();
        expect([meta.width, meta.height]).toEqual([w, Math.round((w * 675) / 1200)]);
      }
    }
  });

  it("is not drawn again while what it shows is unchanged", async () => {
    const drawnAt = statSync(fileOf(url)).mtimeMs;
    saveCaseStudy(id, study({ excerpt: "A different summary, which the cover does not show." }));
    await tasksSettled();
    expect(getCaseStudyById(id)!.coverImage).toBe(url);
    expect(statSync(fileOf(url)).mtimeMs).toBe(drawnAt);
    expect(await startArtwork()).toBe(0);
  });

  it("is drawn anew when the title or a result changes", async () => {
    saveCaseStudy(id, study({ title: "Harbour Bikes: Twice the Sales" }));
    await tasksSettled();
    const retitled = getCaseStudyById(id)!.coverImage!;
    expect(retitled).toMatch(GENERATED);
    expect(retitled).not.toBe(url);
    expect(existsSync(fileOf(retitled))).toBe(true);

    saveCaseStudy(
      id,
      study({ title: "Harbour Bikes: Twice the Sales", metrics: [{ value: "3x", label: "Online Sales" }] }),
    );
    await tasksSettled();
    const remeasured = getCaseStudyById(id)!.coverImage!;
    expect(remeasured).toMatch(GENERATED);
    expect(remeasured).not.toBe(retitled);
  });

  it("gives way to an uploaded cover, and comes back when the cover is removed", async () => {
    const uploaded = "/uploads/images/0123456789abcdef01234567-1600x900/1600.jpg";
    saveCaseStudy(id, study({ coverImage: uploaded }));
    await tasksSettled();
    expect(getCaseStudyById(id)!.coverImage).toBe(uploaded);
    expect(await startArtwork()).toBe(0);

    saveCaseStudy(id, study({ coverImage: "" }));
    await tasksSettled();
    expect(getCaseStudyById(id)!.coverImage).toMatch(GENERATED);
  });

  it("an existing database's study edited before this change is redrawn at start-up", async () => {
    const seeded = getDb().select().from(caseStudies).all()[0]!;
    expect(seeded.coverImage).toMatch(/^\/images\/art\/work-/);
    getDb()
      .update(caseStudies)
      .set({ title: `${seeded.title}!` })
      .where(eq(caseStudies.id, seeded.id))
      .run();
    expect(await startArtwork()).toBe(1);
    await tasksSettled();
    expect(getCaseStudyById(seeded.id)!.coverImage).toMatch(GENERATED);
  });
});

describe("a stop while a cover is being drawn", () => {
  it("ends the drawing between its widths, leaves nothing half-made, and the next start draws it", async () => {
    const inFolder = (name: string) =>
      existsSync(path.join(uploads(), name)) ? readdirSync(path.join(uploads(), name)) : [];
    const drawnBefore = inFolder("art");
    const saved = saveCaseStudy(undefined, study({ title: "Quay Cycles: Stopped Mid-Drawing" }));
    await stopTasks();
    expect(getCaseStudyById(saved.id)!.coverImage).toBeNull();
    expect(inFolder("art")).toEqual(drawnBefore);
    expect(inFolder(".tmp")).toEqual([]);
    expect(taskReport().find((task) => task.name === "artwork")).toMatchObject({ failures: 0 });

    expect(await startArtwork()).toBe(1);
    await tasksSettled();
    expect(getCaseStudyById(saved.id)!.coverImage).toMatch(GENERATED);
  });
});

describe("a case study with pictures of its own", () => {
  /** A photo of one colour, uploaded as the admin's gallery does. */
  const upload = async (rgb: [number, number, number]) => {
    const [r, g, b] = rgb;
    const jpeg = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
    return (await saveImage(Readable.from([jpeg]), "photo.jpg")).publicURL;
  };
  /** The average colour of a 40-pixel square around (x, y) of the drawn cover. */
  const colourAt = async (url: string, x: number, y: number) => {
    const { data, info } = await sharp(fileOf(url))
      .extract({ left: x - 20, top: y - 20, width: 40, height: 40 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = data.length / info.channels;
    return [0, 1, 2].map((c) => {
      let sum = 0;
      for (let i = c; i < data.length; i += info.channels) sum += data[i]!;
      return Math.round(sum / pixels);
    });
  };
  const near = (actual: number[], expected: number[]) =>
    actual.every((value, i) => Math.abs(value - expected[i]!) < 24);

  it("without a chosen cover, its cover is made of its uploaded gallery, not the drawn mock-ups", async () => {
    const red = await upload([200, 30, 40]);
    const blue = await upload([30, 60, 200]);
    const saved = saveCaseStudy(
      undefined,
      study({
        title: "Canal Bakery: Bread by Noon",
        clientName: "Canal Bakery",
        gallery: [
          { url: red, alt: "The shop front", caption: "" },
          { url: blue, alt: "The new site on a phone", caption: "" },
        ],
      }),
    );
    await tasksSettled();
    const cover = getCaseStudyById(saved.id)!.coverImage!;
    expect(cover).toMatch(GENERATED);
    // The first picture fills the left, the second the right, on the client's colours.
    expect(near(await colourAt(cover, 360, 337), [200, 30, 40])).toBe(true);
    expect(near(await colourAt(cover, 950, 337), [30, 60, 200])).toBe(true);
    for (const ext of ["avif", "webp", "jpg"])
      expect(existsSync(path.join(dirOf(cover), `960.${ext}`))).toBe(true);

    // An uploaded cover still wins over the pictures.
    saveCaseStudy(saved.id, study({ title: "Canal Bakery: Bread by Noon", coverImage: blue }));
    await tasksSettled();
    expect(getCaseStudyById(saved.id)!.coverImage).toBe(blue);
  });

  it("a seeded study's drawn gallery views keep its drawn cover (they are not its own uploads)", () => {
    const seeded = seedCaseStudies[0]!;
    const withDrawnViews = studySubject({ ...seeded, metrics: seeded.metrics.map(splitMetric) });
    expect(withDrawnViews).not.toHaveProperty("photos");
  });
});

describe("posts", () => {
  it("a post without a cover gets a typeset one; an uploaded cover wins", async () => {
    const draft = {
      title: "Five Things We Learned Running Ads for Dublin Cafés",
      excerpt: "What worked.",
      content: "<p>Notes.</p>",
      coverImage: null,
      videoUrl: null,
      tags: ["PPC", "Hospitality"],
      status: "published" as const,
    };
    const post = savePost(undefined, draft);
    await tasksSettled();
    const row = () =>
      getDb()
        .select()
        .from(posts)
        .all()
        .find((p) => p.id === post.id)!;
    expect(row().coverImage).toMatch(/^\/uploads\/art\/blog-[0-9a-f]{16}-1200x675\/1200\.jpg$/);
    expect(existsSync(fileOf(row().coverImage!))).toBe(true);

    const uploaded = "/uploads/images/abcdef0123456789abcdef01-1200x800/1200.jpg";
    savePost(post.id, { ...draft, coverImage: uploaded });
    await tasksSettled();
    expect(row().coverImage).toBe(uploaded);
  });
});

describe("imported posts", () => {
  it("a post brought from another site without a cover gets a drawn one like the rest", async () => {
    const imported = importPost({
      title: "Notes From the Old Site",
      slug: "notes-from-the-old-site",
      excerpt: "",
      content: "<p>Written on WordPress.</p>",
      coverImage: null,
      coverAlt: null,
      tags: ["Markup"],
      status: "published",
      seoTitle: null,
      seoDescription: null,
      authorId: null,
      date: new Date("2019-03-01T10:00:00Z"),
    });
    await tasksSettled();
    const cover = getDb().select().from(posts).where(eq(posts.id, imported.id)).get()!.coverImage;
    expect(cover).toMatch(/^\/uploads\/art\/blog-[0-9a-f]{16}-1200x675\/1200\.jpg$/);
    expect(existsSync(fileOf(cover!))).toBe(true);
  });
});

describe("when drawing fails", () => {
  it("the save still succeeds and the study keeps no cover (the fallback shows)", async () => {
    const art = path.join(uploads(), "art");
    rmSync(art, { recursive: true, force: true });
    writeFileSync(art, "not a folder"); // a disk problem: the artwork cannot be stored
    try {
      const saved = saveCaseStudy(
        undefined,
        study({ title: "Quay Florists: Blooming Online", clientName: "Quay Florists" }),
      );
      await tasksSettled();
      expect(getCaseStudyById(saved.id)!.coverImage).toBeNull();
    } finally {
      rmSync(art, { force: true });
      mkdirSync(art);
    }
  });
});
