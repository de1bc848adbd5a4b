import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

// The agency's own lists (testimonials, team, clients, packages) edited in the admin, as staff
// do it, and seen on the public pages at the next request. Every test adds its own items and deletes
// them again, so the seeded home page stays as the other specs expect it.

const testimonialsOnHome = (page: Page) =>
  page.getByRole("region", { name: "What Our Clients Say" }).locator("figure");

/** The names in the home page's testimonials, in order. */
async function homeTestimonialNames(page: Page): Promise<string[]> {
  await open(page, "/");
  return testimonialsOnHome(page).locator("figcaption span.font-semibold").allTextContents();
}

/** Deletes an item from its list: Delete, then the question in the row. */
async function deleteFromList(page: Page, path: string, name: string, noun: string) {
  await open(page, path);
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByText(`Delete “${name}” for good?`)).toBeVisible();
  await page.getByRole("button", { name: `Delete ${noun}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `“${name}” deleted` })).toBeVisible();
  await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
}

test.describe("the agency's lists @mutates", () => {
  test("a featured testimonial is added first with a live preview, moved, hidden and deleted, and / follows", async ({
    page,
  }) => {
    await signIn(page);
    const id = unique();
    const first = `Orla Brennan ${id}`;
    const second = `Cathal Doyle ${id}`;
    // The one above, written through the API: the screen is tested with the second.
    const origin = new URL(page.url()).origin;
    const created = await page.request.post("/api/testimonials", {
      headers: { Origin: origin },
      data: { quote: "Bookings up a third by spring.", name: first, featured: true, status: "published" },
    });
    expect(created.status()).toBe(201);

    await open(page, "/admin/testimonials");
    await page.getByRole("link", { name: "Add a testimonial" }).click();
    await expect(page.getByRole("heading", { name: "New testimonial" })).toBeVisible();
    const quote = `Our phones have not stopped ringing since the relaunch (${id}).`;
    await page.getByLabel("Quote").fill(quote);
    await page.getByLabel("Name").fill(second);
    await page.getByLabel("Role (optional)").fill("Owner");
    await page.getByLabel("Company (optional)").fill("Doyle Joinery");
    // The preview is the home page's card, following what is typed.
    const preview = page.getByRole("complementary", { name: "Preview" });
    await expect(preview.locator("figure")).toContainText(quote);
    await expect(preview.locator("figure")).toContainText("Owner, Doyle Joinery");
    await expect(preview).toContainText("Not featured yet");
    await page.getByLabel("Feature on the home page").check();
    await expect(preview).toContainText("What Our Clients Say");
    await page.getByRole("button", { name: "Save" }).first().click();

    await expect(page).toHaveURL(/\/admin\/testimonials\?done=created/);
    await expect(page.getByRole("status").filter({ hasText: `“${second}” added` })).toBeVisible();
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: second }) });
    await expect(row).toContainText("On the home page");
    const saved = withDb((db) =>
      db.prepare("select quote, company, featured, status from testimonials where name = ?").get(second),
    );
    expect(saved).toEqual({ quote, company: "Doyle Joinery", featured: 1, status: "published" });

    // A new item goes first (before the one added a moment earlier), in the list and on / as well.
    // (Other tests add items on the same server meanwhile: positions are checked between these two.)
    let names = await homeTestimonialNames(page);
    expect(names.indexOf(second)).toBeGreaterThan(-1);
    expect(names.indexOf(first)).toBe(names.indexOf(second) + 1);
    await expect(testimonialsOnHome(page).filter({ hasText: second })).toContainText(quote);

    // Down, then back to the top: the list and / follow.
    await open(page, "/admin/testimonials");
    const order = page
      .getByRole("list", { name: "Testimonials in order" })
      .getByRole("heading", { level: 2 });
    await page.getByRole("button", { name: `Move ${second} down` }).click();
    await expect(async () => {
      const list = await order.allTextContents();
      expect(list.indexOf(second)).toBe(list.indexOf(first) + 1);
    }).toPass();
    names = await homeTestimonialNames(page);
    expect(names.indexOf(second)).toBe(names.indexOf(first) + 1);
    await open(page, "/admin/testimonials");
    await page.getByRole("button", { name: `Move ${second} to the top` }).click();
    await expect(async () => {
      const list = await order.allTextContents();
      expect(list.indexOf(second)).toBeLessThan(list.indexOf(first));
      // Above the seeded quotes too.
      expect(list.indexOf(second)).toBeLessThan(list.indexOf("Sinéad Byrne"));
    }).toPass();

    // Hidden: gone from /, still in the list, marked so.
    await open(page, "/admin/testimonials");
    await page.getByRole("button", { name: `Hide ${second}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `“${second}” is hidden` })).toBeVisible();
    await expect(row).toContainText("Hidden");
    await expect(page.getByRole("button", { name: `Publish ${second}` })).toBeVisible();
    names = await homeTestimonialNames(page);
    expect(names).toContain(first);
    expect(names).not.toContain(second);

    await deleteFromList(page, "/admin/testimonials", second, "testimonial");
    await deleteFromList(page, "/admin/testimonials", first, "testimonial");
    expect(
      withDb((db) => db.prepare("select count(*) as n from testimonials where name like ?").get(`%${id}`)),
    ).toEqual({ n: 0 });
  });

  test("a row dragged onto another takes its place, and the order is the server's", async ({ page }) => {
    await signIn(page);
    const id = unique();
    const [older, newer] = [`Dragged Older ${id}`, `Dragged Newer ${id}`];
    const origin = new URL(page.url()).origin;
    // The team: the testimonials test beside it (on the same server) counts places in that list.
    for (const name of [older, newer]) {
      const created = await page.request.post("/api/team", {
        headers: { Origin: origin },
        data: { name, role: "Moved by hand", status: "draft" },
      });
      expect(created.status()).toBe(201);
    }
    await open(page, "/admin/team");
    const list = page.getByRole("list", { name: "Team in order" });
    const order = list.getByRole("heading", { level: 2 });
    await expect(async () => {
      const list = await order.allTextContents();
      expect(list.indexOf(newer)).toBe(list.indexOf(older) - 1);
    }).toPass();
    const row = (name: string) =>
      list.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await row(older).dragTo(row(newer));
    await expect(async () => {
      const list = await order.allTextContents();
      expect(list.indexOf(older)).toBe(list.indexOf(newer) - 1);
    }).toPass();
    const saved = withDb((db) =>
      db.prepare("select name from team_members where name like ? order by position").all(`%${id}`),
    );
    expect(saved).toEqual([{ name: older }, { name: newer }]);
    await deleteFromList(page, "/admin/team", older, "team member");
    await deleteFromList(page, "/admin/team", newer, "team member");
  });

  test("a package with feature rows: its price edited shows on /, and an error keeps what was typed", async ({
    page,
  }) => {
    await signIn(page);
    const name = `Starter ${unique()}`;
    await open(page, "/admin/packages?new");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Monthly price").fill("690");
    await page.getByLabel("Feature 1", { exact: true }).fill("Google Business Profile");
    await page.getByLabel("Short note").first().fill("Set up and kept fresh");
    await page.getByRole("button", { name: "Add a feature" }).click();
    await page.getByLabel("Feature 2", { exact: true }).fill("Monthly report");
    const preview = page.getByRole("complementary", { name: "Preview" });
    await expect(preview.getByRole("article")).toContainText("€690");
    await expect(preview.getByRole("article")).toContainText("Monthly report");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: `“${name}” added` })).toBeVisible();

    const card = (p: Page) => p.getByRole("article", { name });
    await open(page, "/");
    await expect(card(page)).toContainText("€690");
    await expect(card(page)).toContainText("Set up and kept fresh");

    // A mistake: the name emptied and a price with cents. Both are told beside their fields; nothing is lost.
    await open(page, "/admin/packages");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByLabel("Monthly price").fill("749.50");
    await page.getByLabel("Feature 2", { exact: true }).fill("Monthly report and call");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Name is required").first()).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Monthly price must be a whole number of euro").first()).toBeVisible();
    await expect(page.getByLabel("Monthly price")).toHaveValue("749.50");
    await expect(page.getByLabel("Feature 2", { exact: true })).toHaveValue("Monthly report and call");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Monthly price").fill("750");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved" })).toBeVisible();
    expect(
      withDb((db) =>
        db.prepare("select price_per_month as price, features from packages where name = ?").get(name),
      ),
    ).toEqual({
      price: 750,
      features: JSON.stringify([
        { name: "Google Business Profile", detail: "Set up and kept fresh" },
        { name: "Monthly report and call", detail: "" },
      ]),
    });
    await open(page, "/");
    await expect(card(page)).toContainText("€750");
    await expect(card(page)).not.toContainText("€690");

    await deleteFromList(page, "/admin/packages", name, "package");
    await open(page, "/");
    await expect(card(page)).toHaveCount(0);
  });
});

test.describe("the agency's lists without JavaScript @mutates", () => {
  test.use({ javaScriptEnabled: false });

  test("a team member with a photo uploaded with the form shows on /about; an error keeps what was typed", async ({
    page,
  }) => {
    await signIn(page);
    const name = `Róisín Nolan ${unique()}`;
    await open(page, "/admin/team");
    await page.getByRole("link", { name: "Add a team member" }).click();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Bio (optional)").fill("Turns search data into plans a business owner can follow.");
    await page.getByLabel("Highlights (optional)").fill("Google Ads certified\n\n12 years in search");
    await page.getByLabel("Team led").fill("Search Team");
    await page.getByLabel("What the team does").fill("SEO and paid search for Irish businesses.");
    // The role is left out: the server answers beside the field, with everything else as typed.
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByText("Role is required").first()).toBeVisible();
    await expect(page.getByLabel("Role", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert")).toContainText("One thing to fix");
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await expect(page.getByLabel("Highlights (optional)")).toHaveValue(
      "Google Ads certified\n\n12 years in search",
    );
    await expect(page.getByLabel("Team led")).toHaveValue("Search Team");

    // Without a photo, the owner hears it before the person goes on the site.
    await expect(page.getByRole("note")).toContainText("No photo yet.");
    await page.getByLabel("Role", { exact: true }).fill("Head of Search");
    await page.getByLabel("Or upload photo").setInputFiles({
      name: "roisin.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0e7490" } })
        .jpeg()
        .toBuffer(),
    });
    // A photo comes with its description, which the portrait on /about reads out.
    await page.getByLabel("Describe the photo").fill("Róisín laughing in the studio");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page).toHaveURL(/\/admin\/team\?done=created/);
    await expect(page.getByRole("status")).toContainText(`“${name}” added`);
    const listed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(listed).not.toContainText("No photo");
    // The seeded people have none: the list says so on each.
    await expect(
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Priya Nair" }) }),
    ).toContainText("No photo");
    const row = withDb(
      (db) =>
        db.prepare("select photo, highlights, team from team_members where name = ?").get(name) as {
          photo: string;
          highlights: string;
          team: string;
        },
    );
    expect(row.photo).toMatch(/^\/uploads\/images\//);
    expect(JSON.parse(row.highlights)).toEqual(["Google Ads certified", "12 years in search"]);

    await open(page, "/about");
    const person = page
      .getByRole("region", { name: "The People You Will Work With" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { name }),
      });
    await expect(person).toContainText("Head of Search");
    await expect(person).toContainText("12 years in search");
    await expect(person.locator("img")).toHaveAttribute("src", /^\/uploads\/images\//);
    await expect(person.getByRole("img", { name: "Róisín laughing in the studio" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Our Teams" })).toContainText("Search Team");

    // Hidden, then deleted, with plain forms.
    await open(page, "/admin/team");
    await page.getByRole("button", { name: `Hide ${name}` }).click();
    await expect(page.getByRole("status")).toContainText(`“${name}” is hidden`);
    await open(page, "/about");
    await expect(page.getByRole("heading", { name })).toHaveCount(0);
    await deleteFromList(page, "/admin/team", name, "team member");
  });

  test("a client logo is added first, moved down and deleted with plain forms", async ({ page }) => {
    await signIn(page);
    const name = `Liffey Cycles ${unique()}`;
    await open(page, "/admin/clients?new");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Web site (optional)").fill("liffeycycles.ie");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(
      page.getByText("Web site must be a full address starting with https://").first(),
    ).toBeVisible();
    await expect(page.getByLabel("Web site (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await page.getByLabel("Web site (optional)").fill("https://liffeycycles.ie");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByRole("status")).toContainText(`“${name}” added`);

    const logos = page.getByRole("list", { name: "Clients in order" }).getByRole("heading", { level: 2 });
    // New items go first; Down moves it one place.
    await expect(logos.first()).toHaveText(name);
    await page.getByRole("button", { name: `Move ${name} down` }).click();
    // Without JavaScript the move is a page load: wait for the new order rather than read the old page.
    await expect.poll(async () => (await logos.allTextContents()).indexOf(name)).toBe(1);

    await open(page, "/");
    await expect(
      page.getByRole("region", { name: "Trusted by businesses like" }).getByRole("link", { name }),
    ).toHaveAttribute("href", "https://liffeycycles.ie");
    await deleteFromList(page, "/admin/clients", name, "client");
  });
});

test.describe("a package's feature rows without JavaScript @nojs-only", () => {
  test("Add a feature and Remove are answered by the server, keeping what was typed", async ({ page }) => {
    await signIn(page, undefined, { at: "/admin/packages?new" });
    await page.getByLabel("Name", { exact: true }).fill("Local");
    await page.getByLabel("Feature 1", { exact: true }).fill("Google Business Profile");
    await page.getByRole("button", { name: "Add a feature" }).click();
    await expect(page.getByLabel("Feature 2", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Feature 1", { exact: true })).toHaveValue("Google Business Profile");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Local");
    await page.getByLabel("Feature 2", { exact: true }).fill("Review replies");
    await page.getByRole("button", { name: "Remove feature 1" }).click();
    await expect(page.getByLabel("Feature 1", { exact: true })).toHaveValue("Review replies");
    await expect(page.getByLabel("Feature 2", { exact: true })).toHaveCount(0);
  });
});
