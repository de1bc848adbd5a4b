import { randomUUID } from "node:crypto";

import { type APIRequestContext, expect, test } from "@playwright/test";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { unique } from "../support/unique";

// GDPR: the agency answers "what do you hold about me?" and "forget me" itself.

const heldAbout = (email: string) =>
  withDb((db) => ({
    enquiries: db.prepare("select count(*) as n from enquiries where lower(email) = ?").get(email),
    events: db
      .prepare(
        "select count(*) as n from enquiry_events e join enquiries c on c.id = e.enquiry_id where lower(c.email) = ?",
      )
      .get(email),
    subscribers: db.prepare("select count(*) as n from newsletter_subscribers where email = ?").get(email),
    jobs: db.prepare("select count(*) as n from jobs where about = ? or lower(target) = ?").get(email, email),
  }));

async function sendEnquiryAndSubscribe(request: APIRequestContext, email: string) {
  expect(
    (
      await request.post("/api/contact", {
        data: { name: "Gráinne Walsh", email, goals: "A new site for the guesthouse." },
      })
    ).status(),
  ).toBe(201);
  // The newsletter's sign-up is a page form; here the subscription is written as the form would.
  withDb((db) =>
    db.prepare("insert into newsletter_subscribers (id, email) values (?, ?)").run(randomUUID(), email),
  );
}

test("the API exports what is held about an address and erases it, for the admin only", async ({
  request,
}) => {
  const email = `gdpr-${unique()}@example.ie`;
  await sendEnquiryAndSubscribe(request, email);

  expect((await request.post("/api/privacy/export", { data: { email } })).status()).toBe(401);
  expect((await request.post("/api/privacy/erase", { data: { email } })).status()).toBe(401);
  expect((await request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);

  const bad = await request.post("/api/privacy/export", { data: { email: "not-an-address" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).issues).toEqual([{ path: "email", message: "email must be an e-mail address" }]);
  expect((await request.post("/api/privacy/erase", { data: {} })).status()).toBe(400);

  const exported = await request.post("/api/privacy/export", { data: { email: email.toUpperCase() } });
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-disposition"]).toContain(`personal-data-${email}.json`);
  const data = await exported.json();
  expect(data.enquiries).toHaveLength(1);
  expect(data.enquiries[0]).toMatchObject({ name: "Gráinne Walsh", goals: "A new site for the guesthouse." });
  expect(data.newsletter).toMatchObject({ status: "pending", subscribedAt: expect.any(String), consent: {} });

  const erased = await request.post("/api/privacy/erase", { data: { email } });
  expect(erased.status()).toBe(200);
  expect((await erased.json()).erased).toMatchObject({ enquiries: 1, newsletter: 1 });
  expect(heldAbout(email)).toEqual({
    enquiries: { n: 0 },
    events: { n: 0 },
    subscribers: { n: 0 },
    jobs: { n: 0 },
  });
  expect((await (await request.post("/api/privacy/export", { data: { email } })).json()).enquiries).toEqual(
    [],
  );
});

test("the admin erases an address from the Privacy requests page, after confirming @nojs", async ({
  page,
  request,
}) => {
  const email = `forget-${unique()}@example.ie`;
  await sendEnquiryAndSubscribe(request, email);
  await signIn(page, undefined, { at: "/admin/enquiries" });
  await page.getByRole("link", { name: "Privacy requests" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy requests");

  const download = page.waitForEvent("download");
  await page.getByRole("textbox", { name: "E-mail address" }).first().fill(email);
  await page.getByRole("button", { name: "Download their data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`personal-data-${email}.json`);

  const erase = page.getByRole("region", { name: "Erase everything about an address" });
  await erase.getByRole("textbox", { name: "E-mail address" }).fill(email);
  await erase.getByRole("button", { name: "Erase" }).click();
  // Without the box ticked nothing is sent (the browser asks for it; the server would refuse too).
  await expect(page).toHaveURL("/admin/privacy");
  expect(heldAbout(email).enquiries).toEqual({ n: 1 });

  await erase.getByRole("checkbox", { name: "I understand this cannot be undone." }).check();
  await erase.getByRole("button", { name: "Erase" }).click();
  await expect(erase.getByRole("status")).toHaveText(
    `Erased 1 enquiry, 1 newsletter subscription and 2 e-mails or CRM deliveries about ${email}.`,
  );
  expect(heldAbout(email)).toEqual({
    enquiries: { n: 0 },
    events: { n: 0 },
    subscribers: { n: 0 },
    jobs: { n: 0 },
  });
});
