import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { pressPublish } from "../support/editor";
import { open } from "../support/page";
import { sharedServer } from "../support/server";
import { unique } from "../support/unique";

// The site's content edited as the agency does it, on the running server (no restart): a case study
// with a gallery and results published and seen everywhere it belongs; the phone number changed once
// and seen on every page.

/** Two photos of the work in the library, each with its alt text, through the real upload endpoint. */
async function photosOfTheWork(page: Page): Promise<string[]> {
  const baseURL = new URL(page.url()).origin;
  const alts = ["The new booking screen on a phone", "The summer menu campaign on a bus shelter"];
  for (const [index, alt] of alts.entries()) {
    const upload = await page.request.post(`${baseURL}/api/media`, {
      headers: { Origin: baseURL },
      multipart: {
        file: {
          name: `work-${index}.jpg`,
          mimeType: "image/jpeg",
          buffer: await sharp({
            create: { width: 1600, height: 1000, channels: 3, background: index ? "#be185d" : "#0e7490" },
          })
            .jpeg()
            .toBuffer(),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    const described = await page.request.put(`${baseURL}/api/media/${id}`, {
      headers: { Origin: baseURL },
      data: { alt },
    });
    expect(described.status()).toBe(200);
  }
  return alts;
}

test.describe("the agency edits its own site @mutates", () => {
  test("a case study with a gallery and results, published, is on /work, the home page, its address and the sitemap", async ({
    page,
  }) => {
    await signIn(page);
    const alts = await photosOfTheWork(page);
    const title = `Harbour Bistro: Booked Out All Summer ${unique()}`;

    await open(page, "/admin/case-studies");
    await page.getByRole("link", { name: "New case study" }).first().click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("A seafood bistro on the quays filled its summer with bookings.");
    await page
      .getByLabel("The challenge")
      .fill("Tables sat empty on weeknights.\n\nTourists could not find it.");
    const approach = page.getByRole("textbox", { name: "The approach", exact: true });
    await approach.click();
    await page.keyboard.type("We rebuilt the booking page and ran a summer campaign.");
    await page.getByLabel("Client name").fill("Harbour Bistro");
    await page.getByLabel("Category").fill("Hospitality");
    await page.getByLabel("Search Engine Optimisation").check();
    await page.getByLabel("Feature on the home page").check();

    // The gallery: two photos from the library, their alt text coming with them.
    for (const [index, alt] of alts.entries()) {
      await page.getByRole("button", { name: "Add an image" }).click();
      await page.getByRole("button", { name: "Choose from the library" }).nth(index).click();
      await page.getByRole("dialog", { name: "Choose an image" }).getByRole("button", { name: alt }).click();
      await expect(page.getByLabel("Description (alt text)").nth(index)).toHaveValue(alt);
    }
    await page.getByLabel("Figure 1").fill("212%");
    await page.getByLabel("Measures").first().fill("Online bookings");
    await page.getByRole("button", { name: "Add a result" }).click();
    await page.getByLabel("Figure 2").fill("4.8★");
    await page.getByLabel("Measures").nth(1).fill("Google rating");
    await pressPublish(page);
    await expect(page).toHaveURL(/\/admin\/case-studies\?edit=.*saved=harbour-bistro/);
    const slug = new URL(page.url()).searchParams.get("saved")!;

    // On /work (first, in its own new category), on the home page (featured), at its address.
    await open(page, "/work");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    // Its new category is offered, folded under "More categories" at this width.
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    await filter.getByText(/^More categories/).click();
    await expect(filter.getByRole("link", { name: "Hospitality" })).toBeVisible();
    await open(page, "/");
    const caseStudies = page.getByRole("region", { name: "Case Studies" });
    await expect(caseStudies.getByRole("link", { name: title })).toBeVisible();
    await open(page, `/work/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: "The challenge" })).toBeVisible();
    await expect(page.getByText("Tourists could not find it.")).toBeVisible();
    await expect(page.getByText("We rebuilt the booking page and ran a summer campaign.")).toBeVisible();
    for (const alt of alts) await expect(page.getByRole("img", { name: alt })).toBeVisible();
    const results = page.getByRole("region", { name: "Results at a glance" });
    await expect(results).toContainText("212%");
    await expect(results).toContainText("Google rating");
    const details = page.getByRole("complementary", { name: "Project details" });
    await expect(details.getByRole("link", { name: "Search Engine Optimisation" })).toHaveAttribute(
      "href",
      "/services/seo",
    );
    await expect(page.getByRole("navigation", { name: "Next project" }).getByRole("link")).toBeVisible();
    const sitemap = await page.request.get("/sitemap.xml");
    expect(await sitemap.text()).toContain(`/work/${slug}</loc>`);

    const row = withDb(
      (db) =>
        db
          .prepare("select status, featured, gallery, metrics, credits from case_studies where slug = ?")
          .get(slug) as {
          status: string;
          featured: number;
          gallery: string;
          metrics: string;
          credits: string;
        },
    );
    expect(row.status).toBe("published");
    expect(row.featured).toBe(1);
    expect(JSON.parse(row.gallery).map((image: { alt: string }) => image.alt)).toEqual(alts);
    expect(JSON.parse(row.metrics)).toEqual([
      { value: "212%", label: "Online bookings" },
      { value: "4.8★", label: "Google rating" },
    ]);
    expect(JSON.parse(row.credits)).toEqual(["Search Engine Optimisation"]);

    // Hidden again from the list: gone from /work at the next request.
    await open(page, "/admin/case-studies");
    await page.getByRole("button", { name: `Hide ${title}` }).click();
    await expect(page.getByRole("button", { name: `Publish ${title}` })).toBeVisible();
    await open(page, "/work");
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  });

  test("the phone number changed once is on every page and in the LocalBusiness data", async ({ page }) => {
    await signIn(page, undefined, { at: "/admin/settings" });
    const phone = page.getByLabel("Phone");
    const before = await phone.inputValue();
    try {
      await phone.fill("+353 1 555 0199");
      await page.getByRole("button", { name: "Save contact" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?saved=contact/);
      // Only its section was saved: the others keep what they had.
      await expect(page.getByLabel("Agency name")).toHaveValue("Northwall Digital");
      await expect(page.getByRole("textbox", { name: "Subject" })).not.toHaveValue("");

      // A visitor's pages, straight from the page cache: every one shows the new number.
      const visitor = await page.context().browser()!.newContext({ baseURL: sharedServer().baseURL });
      const reader = await visitor.newPage();
      for (const path of ["/", "/about", "/work", "/contact", "/blog", "/services/seo", "/privacy"]) {
        await open(reader, path);
        await expect(
          reader.getByRole("contentinfo").getByRole("link", { name: "+353 1 555 0199" }),
        ).toHaveAttribute("href", "tel:+35315550199");
      }
      await open(reader, "/contact");
      await expect(reader.getByRole("main").getByRole("link", { name: "+353 1 555 0199" })).toBeVisible();
      await open(reader, "/");
      const business = await reader
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) =>
          scripts
            .map((s) => JSON.parse(s.textContent ?? "{}"))
            .find((data) => data["@type"] === "LocalBusiness"),
        );
      expect(business.telephone).toBe("+353 1 555 0199");
      await visitor.close();
    } finally {
      await open(page, "/admin/settings");
      await page.getByLabel("Phone").fill(before);
      await page.getByRole("button", { name: "Save contact" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?saved=contact/);
    }
  });

  test("the auto-reply is written in Settings and previewed as it is sent", async ({ page }) => {
    await signIn(page, undefined, { at: "/admin/settings" });
    const subject = page.getByRole("textbox", { name: "Subject" });
    const message = page.getByRole("textbox", { name: "Message" });
    const before = { subject: await subject.inputValue(), message: await message.inputValue() };
    try {
      await subject.fill("Go raibh maith agat, {firstName}");
      await message.fill("Hello {firstName},\n\nWe will ring you from {phone} within the day.");
      await page.getByRole("button", { name: "Save reply to enquiries" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?saved=reply/);
      const preview = page.getByRole("link", { name: "See the e-mail as it is sent" });
      await expect(preview).toHaveAttribute("target", "_blank");
      const [tab] = await Promise.all([page.context().waitForEvent("page"), preview.click()]);
      await expect(tab).toHaveTitle("Preview: Go raibh maith agat, Aoife");
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Hello Aoife,");
      // (The first paragraph is also the inbox preview line, hidden in the body.) The number is the
      // agency's, whichever it is now: other tests on this server change it meanwhile.
      await expect(
        tab.locator("p", { hasText: /^We will ring you from \+353[\d ]+ within the day\.$/ }),
      ).toBeVisible();
      await expect(tab.getByText("We run three physio clinics in Dublin")).toBeVisible();
      const response = await page.request.get("/admin/auto-reply-preview");
      expect(response.headers()["content-security-policy"]).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
      await tab.close();
    } finally {
      await open(page, "/admin/settings");
      await page.getByRole("textbox", { name: "Subject" }).fill(before.subject);
      await page.getByRole("textbox", { name: "Message" }).fill(before.message);
      await page.getByRole("button", { name: "Save reply to enquiries" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?saved=reply/);
    }
  });

  test("a bad setting is refused beside its field and nothing typed is lost", async ({ page }) => {
    await signIn(page, undefined, { at: "/admin/settings" });
    await page.getByLabel("E-mail").fill("not an address");
    await page.getByLabel("Clients served").fill("300+");
    await page.getByRole("button", { name: "Save contact" }).click();
    await expect(page.getByText("E-mail must be a valid e-mail address")).toBeVisible();
    await expect(page.getByLabel("Clients served")).toHaveValue("300+");
    await open(page, "/");
    await expect(page.getByRole("region", { name: "Our numbers" })).toContainText("250+");
  });

  test("a section changed but not saved is marked, and leaving for another page asks first", async ({
    page,
  }) => {
    await signIn(page, undefined, { at: "/admin/settings" });
    const contact = page.getByRole("form", { name: "Contact" });
    await expect(contact.getByText("Unsaved changes")).toHaveCount(0);
    const saved = await page.getByLabel("Phone").inputValue();
    // A number of its own: the test above saves 555 0199 for a while, and may be running beside this one.
    await page.getByLabel("Phone").fill("+353 1 555 0173");
    await expect(contact.getByText("Unsaved changes")).toBeVisible();
    await expect(
      page.getByRole("form", { name: "Headline figures" }).getByText("Unsaved changes"),
    ).toHaveCount(0);

    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(ask).toContainText("Contact: changes not saved yet.");
    await ask.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByLabel("Phone")).toHaveValue("+353 1 555 0173");

    // Put back as it was: nothing is left to save, and leaving no longer asks. (The field's value
    // attribute is no record of that: once the page has drawn it again it holds what was typed.)
    await page.getByLabel("Phone").fill(saved);
    await expect(contact.getByText("Unsaved changes")).toHaveCount(0);
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a section saved is no longer marked, and leaving after the save does not ask", async ({ page }) => {
    await signIn(page, undefined, { at: "/admin/settings" });
    const figures = page.getByRole("form", { name: "Headline figures" });
    const was = await page.getByLabel("Clients served").inputValue();
    await page.getByLabel("Clients served").fill("310+");
    await expect(figures.getByText("Unsaved changes")).toBeVisible();
    await figures.getByRole("button", { name: "Save headline figures" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=figures/);
    await expect(page.getByLabel("Clients served")).toHaveValue("310+");
    await expect(figures.getByText("Unsaved changes")).toHaveCount(0);
    await page.getByRole("link", { name: "Home", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
    // Put back as it was.
    await open(page, "/admin/settings");
    await page.getByLabel("Clients served").fill(was);
    await figures.getByRole("button", { name: "Save headline figures" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?saved=figures/);
  });
});

test.describe("case studies without JavaScript @mutates", () => {
  test.use({ javaScriptEnabled: false });
  test("rows are added by the server, a draft is saved and only the admin can see it", async ({ page }) => {
    await signIn(page);
    const title = `Quayside Dental: Smiles Online ${unique()}`;
    await open(page, "/admin/case-studies?new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Summary").fill("A dental practice that fills its diary online.");
    await page.getByLabel("Client name").fill("Quayside Dental");
    await page.getByLabel("Category").fill("Healthcare");
    await page.getByLabel("Figure 1").fill("3x");
    await page.getByLabel("Measures").first().fill("New patients");
    await page.getByRole("button", { name: "Add a result" }).click();
    // The server answered with a second row, keeping what was typed.
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByLabel("Figure 1")).toHaveValue("3x");
    await page.getByLabel("Figure 2").fill("92%");
    await page.getByLabel("Measures").nth(1).fill("Chairs filled");
    await page.getByLabel("The approach (HTML)").fill("<h2>Booking</h2><p>Online booking in two taps.</p>");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/case-studies\?edit=.*saved=quayside-dental/);
    const slug = new URL(page.url()).searchParams.get("saved")!;

    // A draft: the admin previews it, a visitor gets "not found".
    await open(page, `/work/${slug}`);
    await expect(page.getByText("Draft: only you can see this")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booking" })).toBeVisible();
    const visitor = await page
      .context()
      .browser()!
      .newContext({ baseURL: sharedServer().baseURL, javaScriptEnabled: false });
    const response = await (await visitor.newPage()).goto(`/work/${slug}`);
    expect(response?.status()).toBe(404);
    await visitor.close();
  });
});
