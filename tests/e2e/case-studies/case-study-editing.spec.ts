import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

type CaseStudy = { id: string; slug: string; title: string };

const studyFields = (id: string, over: Record<string, unknown> = {}) => ({
  title: `Editing study ${id}`,
  clientName: "Quay Cycles",
  category: "E-commerce",
  excerpt: "Before.",
  challenge: "Nobody found them.",
  body: "<p>We rebuilt the shop.</p>",
  outcome: "Sales doubled.",
  metrics: [{ value: "2x", label: "Online sales" }],
  tags: ["Shopify"],
  credits: ["Search Engine Optimisation"],
  status: "draft",
  ...over,
});

/** A case study of the test's own (its autosave and revisions are nobody else's), written through the API. */
async function caseStudyOfMyOwn(page: Page, over: Record<string, unknown> = {}): Promise<CaseStudy> {
  const answer = await page.request.post("/api/work", { data: studyFields(unique(), over) });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as CaseStudy;
}

test.describe("the case-study editor @mutates", () => {
  test("work typed after the last save, rows and ticked services too, survives closing the tab and is offered back", async ({
    page,
    context,
  }) => {
    await signIn(page);
    const study = await caseStudyOfMyOwn(page);
    await open(page, `/admin/case-studies?edit=${study.id}`);
    await page.getByLabel("Summary").fill("Typed after the last save.");
    await page.getByLabel("Paid Ads Management").check();
    await page.getByRole("button", { name: "Add an image" }).click();
    await page.getByLabel("Image 1 address").fill("/images/art/work-quay-cycles.jpg");
    await page.getByLabel("Description (alt text)", { exact: true }).fill("The new shop on a phone");
    // Saved to the server a moment after the typing stops, without pressing anything.
    await expect(page.getByText(/Draft copy saved/)).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await open(again, `/admin/case-studies?edit=${study.id}`);
    await expect(again.getByLabel("Summary")).toHaveValue("Before.");
    await expect(again.getByRole("alert")).toContainText("never saved to the case study");
    await again.getByRole("link", { name: "Restore them" }).click();
    await expect(again.getByLabel("Summary")).toHaveValue("Typed after the last save.");
    await expect(again.getByLabel("Paid Ads Management")).toBeChecked();
    await expect(again.getByLabel("Search Engine Optimisation")).toBeChecked();
    await expect(again.getByLabel("Image 1 address")).toHaveValue("/images/art/work-quay-cycles.jpg");
    await again.getByRole("button", { name: "Save", exact: true }).click();
    await expect(again).toHaveURL(/result=updated/);

    const row = withDb((db) => ({
      study: db.prepare("select excerpt, credits, gallery from case_studies where id = ?").get(study.id),
      autosaves: db
        .prepare("select count(*) as n from autosaves where kind = 'case-study' and item_key = ?")
        .get(study.id),
    }));
    expect(row.study).toEqual({
      excerpt: "Typed after the last save.",
      credits: JSON.stringify(["Paid Ads Management", "Search Engine Optimisation"]),
      gallery: JSON.stringify([
        { url: "/images/art/work-quay-cycles.jpg", alt: "The new shop on a phone", caption: "" },
      ]),
    });
    expect(row.autosaves).toEqual({ n: 0 });
  });

  test("leaving a case study with unsaved changes asks first", async ({ page }) => {
    await signIn(page);
    const study = await caseStudyOfMyOwn(page);
    await open(page, `/admin/case-studies?edit=${study.id}`);
    await page.getByLabel("Client name").fill("Not saved yet");
    await page.getByRole("link", { name: "All case studies" }).click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(ask).toContainText("not saved to the case study");
    await ask.getByRole("button", { name: "Stay" }).click();
    await expect(page.getByLabel("Client name")).toHaveValue("Not saved yet");
  });

  test("a live case study's earlier version is listed, shown as readers saw it, and restored", async ({
    page,
  }) => {
    await signIn(page);
    const id = unique();
    const answer = await page.request.post("/api/work", {
      data: studyFields(id, { status: "published", outcome: "Version one" }),
    });
    const study = (await answer.json()) as CaseStudy;
    for (const outcome of ["Version two", "Version three"]) {
      const saved = await page.request.put(`/api/work/${study.id}`, {
        data: studyFields(id, { slug: study.slug, status: "published", outcome }),
      });
      expect(saved.status()).toBe(200);
    }
    await open(page, `/admin/case-studies?edit=${study.id}`);
    await page.getByRole("link", { name: /^Revisions \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisions");
    const versions = page.getByRole("navigation", { name: "Revisions" }).getByRole("link");
    await expect(versions).toHaveCount(3);
    const shown = page.getByRole("region", { name: "The chosen revision" });
    await expect(shown).toContainText("Version three");
    await versions.last().click();
    await expect(shown).toContainText("Version one");
    await expect(shown.getByRole("region", { name: "What restoring changes" })).toContainText("The outcome");
    await shown.getByRole("link", { name: "Restore this version…" }).click();
    await shown.getByRole("button", { name: "Yes, restore this version" }).click();

    await expect(page).toHaveURL(new RegExp(`edit=${study.id}&saved=`));
    await expect(page.getByLabel("The outcome")).toHaveValue("Version one");
    const row = withDb((db) =>
      db.prepare("select outcome, status, slug from case_studies where id = ?").get(study.id),
    );
    expect(row).toEqual({ outcome: "Version one", status: "published", slug: study.slug });
    await open(page, `/work/${study.slug}`);
    await expect(page.getByRole("region", { name: "The results" })).toContainText("Version one");
  });

  test("/api/work/autosave keeps, answers and discards a case study's unsaved work; bad keys are 400, unknown 404", async ({
    page,
  }) => {
    await signIn(page);
    const study = await caseStudyOfMyOwn(page);
    const api = page.request;
    const kept = await api.put("/api/work/autosave", {
      data: { caseStudyKey: study.id, values: { excerpt: "Half typed", "credits[0]": "SEO" } },
    });
    expect(kept.status()).toBe(200);
    const answer = await api.get(`/api/work/autosave?caseStudyKey=${study.id}`);
    expect(await answer.json()).toMatchObject({ values: { excerpt: "Half typed", "credits[0]": "SEO" } });
    expect((await api.get(`/api/blog/autosave?postKey=${study.id}`)).status()).toBe(404);

    const wrongKey = await api.put("/api/work/autosave", { data: { postKey: study.id, values: {} } });
    expect(wrongKey.status()).toBe(400);
    expect(JSON.stringify(await wrongKey.json())).toContain("caseStudyKey");
    const unknown = await api.put("/api/work/autosave", {
      data: { caseStudyKey: "no-such-study", values: {} },
    });
    expect(unknown.status()).toBe(404);

    expect((await api.delete(`/api/work/autosave?caseStudyKey=${study.id}`)).status()).toBe(204);
    expect((await api.get(`/api/work/autosave?caseStudyKey=${study.id}`)).status()).toBe(404);
  });

  test("a cover, and a gallery image, are uploaded straight from their own fields", async ({ page }) => {
    await signIn(page);
    const study = await caseStudyOfMyOwn(page);
    await open(page, `/admin/case-studies?edit=${study.id}`);
    const buffer = await sharp({ create: { width: 1200, height: 700, channels: 3, background: "#0e7490" } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Upload a cover", { exact: true })
      .setInputFiles({ name: "quay-cycles.jpg", mimeType: "image/jpeg", buffer });
    await expect(page.getByLabel("Cover image address")).toHaveValue(/^\/uploads\/images\//, {
      timeout: 30_000,
    });
    // The cover panel shows the picture itself.
    await expect(page.locator('img[src^="/uploads/images/"]').first()).toBeVisible();

    // A gallery image is uploaded from its own row the same way.
    await page.getByRole("button", { name: "Add an image" }).click();
    const rows = page.getByRole("region", { name: "Gallery" }).getByRole("listitem");
    const last = rows.last();
    await last
      .getByLabel("Upload an image")
      .setInputFiles({ name: "quay-shop.jpg", mimeType: "image/jpeg", buffer });
    await expect(last.getByLabel(/^Image \d+ address$/)).toHaveValue(/^\/uploads\/images\//, {
      timeout: 30_000,
    });
  });

  test("several gallery images go up at once; a refused one is named and loses nothing else", async ({
    page,
  }) => {
    await signIn(page);
    const study = await caseStudyOfMyOwn(page);
    await open(page, `/admin/case-studies?edit=${study.id}`);
    await page.getByLabel("Summary").fill("Typed before the upload.");
    const jpeg = (background: string) =>
      sharp({ create: { width: 900, height: 600, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const gallery = page.getByRole("region", { name: "Gallery" });
    await gallery.getByLabel("Upload several images").setInputFiles([
      { name: "shop-front.jpg", mimeType: "image/jpeg", buffer: await jpeg("#0e7490") },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
      // Says it is a JPEG; the server reads its bytes and refuses it.
      { name: "broken.jpg", mimeType: "image/jpeg", buffer: Buffer.from("no image in here") },
      { name: "checkout.jpg", mimeType: "image/jpeg", buffer: await jpeg("#7c3aed") },
    ]);
    await expect(gallery.getByLabel("Image 2 address")).toHaveValue(/^\/uploads\/images\//, {
      timeout: 30_000,
    });
    await expect(gallery.getByLabel("Image 1 address")).toHaveValue(/^\/uploads\/images\//);
    await expect(gallery.getByLabel("Image 3 address")).toHaveCount(0);
    const refused = gallery.getByRole("alert");
    await expect(refused).toContainText("2 images were not added");
    await expect(refused).toContainText("notes.txt: this file type is not allowed");
    await expect(refused).toContainText("broken.jpg:");
    await expect(page.getByLabel("Summary")).toHaveValue("Typed before the upload.");

    // The two pictures are saved with the study, in the order given.
    await gallery.getByLabel("Description (alt text)", { exact: true }).first().fill("The shop front");
    await gallery.getByLabel("Description (alt text)", { exact: true }).last().fill("The checkout");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/result=updated/);
    const row = withDb(
      (db) =>
        db.prepare("select gallery, excerpt from case_studies where id = ?").get(study.id) as {
          gallery: string;
          excerpt: string;
        },
    );
    expect(row.excerpt).toBe("Typed before the upload.");
    expect((JSON.parse(row.gallery) as { alt: string }[]).map((image) => image.alt)).toEqual([
      "The shop front",
      "The checkout",
    ]);
  });

  test("a client's quote is written in the case study's own form, becomes a testimonial and is its quote", async ({
    page,
  }) => {
    await signIn(page);
    const study = await caseStudyOfMyOwn(page, { status: "published" });
    const said = `Twice the sales in a season. ${unique()}`;
    await open(page, `/admin/case-studies?edit=${study.id}`);
    await page.getByText("Write a new quote").click();
    await page.getByLabel("The quote").fill(said);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Say who said it")).toBeVisible();
    await page.getByLabel("Who said it").fill("Niamh Walsh");
    await page.getByLabel("Their role (optional)").fill("Founder");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/result=updated/);
    await expect(page.getByLabel("Client's quote").locator("option:checked")).toHaveText(
      "Niamh Walsh, Quay Cycles",
    );

    const quote = withDb((db) =>
      db
        .prepare(
          "select t.name, t.role, t.company, t.status from testimonials t join case_studies c on c.testimonial_id = t.id where c.id = ?",
        )
        .get(study.id),
    );
    expect(quote).toEqual({
      name: "Niamh Walsh",
      role: "Founder",
      company: "Quay Cycles",
      status: "published",
    });
    await open(page, `/work/${study.slug}`);
    await expect(page.getByRole("blockquote")).toContainText(said);
  });
});
