import { readFileSync } from "node:fs";

import { expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

const rowsFor = (email: string) =>
  withDb((db) =>
    db.prepare("select name, email, budget, goals, status from enquiries where email = ?").all(email),
  );
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

async function fillEnquiry(
  page: Page,
  values: { name: string; email: string; goals: string; budget?: string },
) {
  await page.getByRole("textbox", { name: "Name" }).fill(values.name);
  await page.getByRole("textbox", { name: "Email" }).fill(values.email);
  if (values.budget) await page.getByRole("combobox", { name: /Budget/ }).selectOption(values.budget);
  await page.getByRole("textbox", { name: "Project Goals" }).fill(values.goals);
}

test.describe("the enquiry form", () => {
  test("without JavaScript, an enquiry pages after an ad's landing is put down to the ad @nojs-only", async ({
    browser,
  }) => {
    // A browser of its own: the server knows a visitor by address and browser, and tests share the address.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent: `Mozilla/5.0 (Linux; Android 15) Chrome/142.0 Mobile Safari/537.36 agency-test-${unique()}`,
    });
    const page = await context.newPage();
    const email = `from-an-ad-${unique()}@example.ie`;
    await page.goto("/services/seo?utm_source=google&utm_medium=cpc&utm_campaign=spring-seo");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await page.getByRole("link", { name: "Contact Us" }).first().click();
    await expect(page).toHaveURL("/contact");
    await fillEnquiry(page, {
      name: "Ad Clicker",
      email,
      goals: "Saw your ad; we need help with local SEO.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    const [row] = withDb((db) =>
      db.prepare("select attribution from enquiries where email = ?").all(email),
    ) as { attribution: string }[];
    expect(JSON.parse(row!.attribution)).toMatchObject({
      source: "google",
      medium: "cpc",
      campaign: "spring-seo",
      landingPage: "/services/seo",
    });
    await context.close();
  });

  test("shows each validation message beside its field and keeps what was typed @nojs", async ({ page }) => {
    await open(page, "/contact");
    // At desktop width the card is as tall as the office's details beside it: the button ends it
    // (there was once 150 px of empty card under it).
    const card = await page.getByRole("region", { name: "Send Us a Message" }).boundingBox();
    const send = await page.getByRole("button", { name: "Send Message" }).boundingBox();
    expect(card!.y + card!.height - (send!.y + send!.height), "card below the button").toBeLessThanOrEqual(
      40,
    );
    await fillEnquiry(page, { name: "A", email: "not-an-email", goals: "short" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please provide more details about your goals")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-describedby", /.+/);
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue("not-an-email");
    await expect(page.getByRole("textbox", { name: "Project Goals" })).toHaveValue("short");
  });

  test("a valid enquiry is stored and answered with the Message Sent! panel @nojs", async ({ page }) => {
    const email = `lead-${unique()}@example.ie`;
    await open(page, "/contact");
    // The budgets start below the agency's own packages (€1,250 and €2,500 a month) and rise past them.
    await expect(page.getByRole("combobox", { name: /Budget/ }).locator("option")).toHaveText([
      "Select a monthly budget",
      "Under €1,250 a month",
      "€1,250 – €2,500 a month",
      "€2,500 – €5,000 a month",
      "€5,000+ a month",
    ]);
    await fillEnquiry(page, {
      name: "Róisín Lead",
      email,
      budget: "€1,250 – €2,500 a month",
      goals: "We want twice as many bookings by summer.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    // A designed answer: what happens next, and somewhere to go meanwhile.
    const next = page.getByRole("list").filter({ hasText: "We reply within 24 hours" });
    await expect(next.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "See our work while you wait" })).toHaveAttribute(
      "href",
      "/work",
    );
    await expect(page).toHaveURL("/contact?sent=1");
    if (jsOn()) {
      const toast = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
      await expect(toast).toContainText("We'll get back to you within 24 hours.");
    }
    expect(rowsFor(email)).toEqual([
      {
        name: "Róisín Lead",
        email,
        budget: "1250-2500",
        goals: "We want twice as many bookings by summer.",
        status: "new",
      },
    ]);

    // A reload does not send it twice.
    await page.reload();
    expect(rowsFor(email)).toHaveLength(1);

    await page.getByRole("link", { name: "Send Another Message" }).click();
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("the button reads 'Sending...' and is disabled while it sends", async ({ page }) => {
    await open(page, "/contact");
    await page.route("**/contact", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await fillEnquiry(page, {
      name: "Slow Network",
      email: `slow-${unique()}@example.ie`,
      goals: "Testing the pending state.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
  });

  test("with JavaScript it checks each field on blur and sends without leaving the page", async ({
    page,
  }) => {
    const email = `inplace-${unique()}@example.ie`;
    await open(page, "/contact");
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const name = page.getByRole("textbox", { name: "Name" });
    await name.fill("A");
    await name.blur();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await name.fill("Aoife In Place");
    await expect(page.getByText("Name must be at least 2 characters")).toBeHidden();
    await expect(name).not.toHaveAttribute("aria-invalid", "true");

    // Sending with a problem left: nothing is sent, the focus goes to it.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeFocused();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    expect(rowsFor(email)).toEqual([]);

    await fillEnquiry(page, { name: "Aoife In Place", email, goals: "More enquiries from Cork and Galway." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();
    await expect(page).toHaveURL("/contact?sent=1");
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(rowsFor(email)).toHaveLength(1);
  });

  test("a lost connection keeps everything typed and says so", async ({ page }) => {
    await open(page, "/contact");
    await fillEnquiry(page, {
      name: "Offline Owen",
      email: `offline-${unique()}@example.ie`,
      goals: "Sent from a train going into a tunnel.",
    });
    await page.route("**/contact", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Failed to send message" });
    await expect(toast).toContainText("Check your connection and try again.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ready to Grow?");
    await expect(page.getByRole("textbox", { name: "Project Goals" })).toHaveValue(
      "Sent from a train going into a tunnel.",
    );
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("a bot that fills the hidden field is thanked but nothing is stored @nojs", async ({ page }) => {
    const email = `bot-${unique()}@example.ie`;
    await open(page, "/contact");
    await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0); // hidden from assistive tech
    await fillEnquiry(page, { name: "Spam Bot", email, goals: "Buy cheap followers now!!!" });
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    expect(rowsFor(email)).toEqual([]);
  });

  test("a failure keeps the form and shows the destructive toast @nojs", async ({ page }) => {
    const email = `fail-${unique()}@example.ie`;
    // A real failure: the database refuses this one enquiry.
    withDb((db) =>
      db.exec(
        `create trigger "fail_${email}" before insert on enquiries when new.email = '${email}' begin select raise(abort, 'simulated failure'); end`,
      ),
    );
    try {
      await open(page, "/contact");
      await fillEnquiry(page, { name: "Unlucky", email, goals: "The server is having a bad day." });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("p[role=alert]")).toContainText(
        "Sorry, your message could not be saved just now.",
      );
      if (jsOn()) {
        const toast = page.getByRole("alert").filter({ hasText: "Failed to send message" });
        await expect(toast).toContainText("500: Sorry, your message could not be saved just now.");
      }
      await expect(page.getByRole("textbox", { name: "Project Goals" })).toHaveValue(
        "The server is having a bad day.",
      );
      await expect(page.getByRole("heading", { name: "Message Sent!" })).toHaveCount(0);
      expect(rowsFor(email)).toEqual([]);
    } finally {
      withDb((db) => db.exec(`drop trigger if exists "fail_${email}"`));
    }
  });
});

test.describe("the enquiry API", () => {
  test("201 with the stored enquiry; the server decides id, status and createdAt", async ({ request }) => {
    const email = `api-${unique()}@example.ie`;
    const response = await request.post("/api/contact", {
      data: {
        name: "API Lead",
        email,
        budget: "50k+",
        goals: "Scale paid social across Europe.",
        id: "mine",
        status: "closed",
        createdAt: "1999-01-01",
      },
    });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ name: "API Lead", email, budget: "50k+", status: "new" });
    expect(body.id).not.toBe("mine");
    expect(new Date(body.createdAt).getFullYear()).toBeGreaterThan(2020);
    expect(rowsFor(email)).toHaveLength(1);
  });

  test("every bad body is a 4xx with a clear error and stores nothing", async ({ request }) => {
    // Only this test's addresses are counted: other tests store enquiries at the same time.
    const ok = `bad-body-${unique()}@example.ie`;
    const count = () =>
      withDb((db) =>
        db.prepare("select count(*) as n from enquiries where email in (?, 'a@b.ie', 'nope')").get(ok),
      );
    const before = count();
    const cases: [string, unknown, number][] = [
      ["missing fields", {}, 400],
      ["wrong types", { name: 42, email: ["a@b.ie"], goals: { x: 1 }, budget: 5 }, 400],
      ["bad budget", { name: "Ok Name", email: ok, goals: "Long enough goals", budget: "1M" }, 400],
      ["1 MB string", { name: "x".repeat(1024 * 1024), email: ok, goals: "Long enough goals" }, 413],
      ["array body", [1, 2, 3], 400],
    ];
    for (const [name, data, status] of cases) {
      const response = await request.post("/api/contact", { data });
      expect(response.status(), name).toBe(status);
      expect((await response.json()).error, name).toEqual(expect.any(String));
    }
    const invalid = await (
      await request.post("/api/contact", { data: { name: "A", email: "nope", goals: "short" } })
    ).json();
    expect(invalid.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Name must be at least 2 characters" },
        { path: "email", message: "Please enter a valid email address" },
        { path: "goals", message: "Please provide more details about your goals" },
      ]),
    );
    expect(
      (
        await request.post("/api/contact", {
          headers: { "Content-Type": "application/json" },
          data: "{broken",
        })
      ).status(),
    ).toBe(400);
    expect(
      (
        await request.post("/api/contact", { headers: { "Content-Type": "text/plain" }, data: "hi" })
      ).status(),
    ).toBe(415);
    expect(count()).toEqual(before);
  });

  test("GET /api/contacts is for the admin only", async ({ request, page }) => {
    expect((await request.get("/api/contacts")).status()).toBe(401);
    await signIn(page);
    const response = await page.request.get("/api/contacts");
    expect(response.status()).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});

test.describe("the admin inbox", () => {
  test("lists enquiries newest first, counts the new ones and changes status @nojs", async ({
    page,
    request,
  }) => {
    const tag = unique();
    for (const n of [1, 2]) {
      await request.post("/api/contact", {
        data: {
          name: `Inbox ${tag} ${n}`,
          email: `inbox-${tag}-${n}@example.ie`,
          goals: "Please call me about SEO.",
          ...(n === 2 && { budget: "10k-25k" }),
        },
      });
    }
    await signIn(page);
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Enquiries\s*\d+ new/ }),
    ).toBeVisible();
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /Enquiries/ })
      .click();
    await expect(page).toHaveURL("/admin/enquiries");
    const items = page.getByRole("article").filter({ hasText: `Inbox ${tag}` });
    await expect(items).toHaveCount(2);
    await expect(items.first().getByRole("heading")).toHaveText(`Inbox ${tag} 2`);
    await expect(items.first().getByRole("link", { name: `inbox-${tag}-2@example.ie` })).toHaveAttribute(
      "href",
      new RegExp(
        `^mailto:inbox-${tag}-2@example\\.ie\\?subject=Re%3A%20Your%20enquiry%20to%20Northwall%20Digital&body=`,
      ),
    );
    // The budget as the visitor chose it, in euro.
    await expect(items.first()).toContainText("Budget: €10k – €25k");
    await expect(items.nth(1)).toContainText("Budget: not given");

    const first = items.first();
    await first.getByLabel("Status").selectOption("contacted");
    await first.getByRole("button", { name: /Update/ }).click();
    const statusOf = (n: number) =>
      withDb((db) =>
        db.prepare("select status from enquiries where email = ?").get(`inbox-${tag}-${n}@example.ie`),
      );
    await expect.poll(() => statusOf(2)).toEqual({ status: "contacted" });
    await expect(
      page
        .getByRole("article")
        .filter({ hasText: `Inbox ${tag} 2` })
        .getByRole("combobox"),
    ).toHaveValue("contacted");

    await page
      .getByRole("navigation", { name: "Folders" })
      .getByRole("link", { name: /^Contacted/ })
      .click();
    await expect(page).toHaveURL("/admin/enquiries?status=contacted");
    await expect(page.getByRole("article").filter({ hasText: `Inbox ${tag}` })).toHaveCount(1);

    const back = page.getByRole("article").filter({ hasText: `Inbox ${tag} 2` });
    await back.getByLabel("Status").selectOption("new");
    await back.getByRole("button", { name: /Update/ }).click();
    await expect(page.getByRole("article").filter({ hasText: `Inbox ${tag}` })).toHaveCount(0);
  });

  // The inbox as a workflow: find an enquiry, answer it, take a filtered view to a spreadsheet.
  test("searches, replies by e-mail with the message quoted, and exports what it shows as CSV @nojs", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const enquiries = [
      { name: `Search ${tag} Clinic`, goals: "Bookings for our physio clinic =SUM(A1)" },
      { name: `Search ${tag} Bakery`, goals: "A shop for the bakery, with 50% off_codes" },
    ];
    for (const enquiry of enquiries)
      await request.post("/api/contact", {
        data: { ...enquiry, email: `${enquiry.name.split(" ").at(-1)!.toLowerCase()}-${tag}@example.ie` },
      });
    await signIn(page, undefined, { at: "/admin/enquiries" });
    const search = page.getByRole("search");
    await search.getByRole("searchbox", { name: "Search enquiries" }).fill(`${tag} physio`);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(`/admin/enquiries?q=${tag}+physio`);
    const shown = page.getByRole("article");
    await expect(shown).toHaveCount(1);
    await expect(shown.getByRole("heading")).toHaveText(enquiries[0]!.name);
    // "%" and "_" are letters to search for, not wildcards.
    await search.getByRole("searchbox").fill(`${tag} 50% off_`);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(shown).toHaveCount(1);
    await expect(shown.getByRole("heading")).toHaveText(enquiries[1]!.name);
    await search.getByRole("searchbox").fill(`${tag} nothing-like-this`);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(`No enquiries match “${tag} nothing-like-this”.`)).toBeVisible();

    await search.getByRole("searchbox").fill(`Search ${tag}`);
    await search.getByRole("button", { name: "Search" }).click();
    await expect(shown).toHaveCount(2);
    // Replying is done from here (its own test); the mail app stays one click away.
    await shown.first().getByText(`Reply to ${enquiries[1]!.name}`).click();
    const reply = shown.first().getByRole("link", { name: "Reply in your mail app instead" });
    const href = new URL((await reply.getAttribute("href"))!);
    expect(href.protocol).toBe("mailto:");
    expect(href.searchParams.get("subject")).toBe("Re: Your enquiry to Northwall Digital");
    expect(href.searchParams.get("body")).toMatch(
      /^Hi Search,\n\n\n\nOn .+ you wrote:\n> A shop for the bakery/,
    );

    // The export is the view on screen: the same search, newest first.
    // A button (a POST, so no link elsewhere can start it); the browser downloads the answer.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "received_at,name,email,budget,status,goals,spam_reasons,source,medium,campaign,landing_page,referrer",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${enquiries[1]!.name}"`);
    expect(lines[2]).toContain(`"Bookings for our physio clinic =SUM(A1)"`);
  });

  // The shared server has no SMTP_URL: the reply waits in the Outbox, and the page says so.
  test("a reply sent from the inbox says it waits in the Outbox, and its form closes empty @nojs", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const name = `Reply ${tag}`;
    await request.post("/api/contact", {
      data: { name, email: `reply-${tag}@example.ie`, goals: "Could you look at our shop's ads?" },
    });
    await signIn(page, undefined, { at: `/admin/enquiries?q=${encodeURIComponent(name)}` });
    const enquiry = page.getByRole("article").filter({ hasText: name });
    await enquiry.getByText(`Reply to ${name}`).click();
    const message = enquiry.getByRole("textbox", { name: "Message" });
    await message.fill("Hi Reply,\n\nYes: could we talk on Friday?");
    await enquiry.getByRole("button", { name: "Send reply" }).click();

    const said = jsOn()
      ? page.getByRole("region", { name: /^Notifications/ }).getByRole("status")
      : page.getByRole("status").filter({ hasText: "queued in the Outbox" });
    await expect(said).toContainText(`Reply to ${name} queued in the Outbox`);
    await expect(said).toContainText("E-mail is not set up yet, so it waits there until it is.");
    await expect(enquiry).toContainText("admin replied by e-mail");
    // Closed, and opened again it holds the greeting only: nothing invites a second send.
    await expect(message).toBeHidden();
    await enquiry.getByText(`Reply to ${name}`).click();
    await expect(message).toHaveValue("Hi Reply,\n\n");
    expect(
      withDb((db) =>
        db
          .prepare("select title, done_at from jobs where kind = 'mail' and target = ? order by created_at")
          .all(`reply-${tag}@example.ie`),
      ),
    ).toEqual([
      { title: "We have your message: Northwall Digital", done_at: null },
      { title: "Re: Your enquiry to Northwall Digital", done_at: null },
    ]);
  });

  test("keeps notes and who moved an enquiry, without JavaScript too @nojs", async ({ page, request }) => {
    const name = `Notes ${unique()}`;
    await request.post("/api/contact", {
      data: { name, email: `notes-${unique()}@example.ie`, goals: "A website for the clinic." },
    });
    await signIn(page, undefined, { at: `/admin/enquiries?q=${encodeURIComponent(name)}` });
    const enquiry = page.getByRole("article").filter({ hasText: name });
    await enquiry.getByText("Add a note").click();
    await enquiry
      .getByRole("textbox", { name: `Note on ${name}'s enquiry` })
      .fill("Rang her; proposal on Friday.");
    await enquiry.getByRole("button", { name: "Save note" }).click();
    const history = enquiry.getByRole("list", { name: `Notes and history of ${name}'s enquiry` });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem")).toContainText("admin wrote");
    await expect(history.getByRole("listitem")).toContainText("Rang her; proposal on Friday.");

    await enquiry.getByLabel("Status").selectOption("contacted");
    await enquiry.getByRole("button", { name: /Update/ }).click();
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").nth(1)).toContainText("admin moved it to Contacted");
    expect(
      withDb((db) =>
        db
          .prepare(
            "select e.kind, e.status, e.note, e.by from enquiry_events e join enquiries c on c.id = e.enquiry_id where c.name = ? order by e.created_at",
          )
          .all(name),
      ),
    ).toEqual([
      { kind: "note", status: null, note: "Rang her; proposal on Friday.", by: "admin" },
      { kind: "status", status: "contacted", note: null, by: "admin" },
    ]);
  });
});
