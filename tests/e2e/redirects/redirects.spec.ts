import { type APIRequestContext, expect, test } from "@playwright/test";

import { E2E_ADMIN } from "../../../scripts/lib/start-server";
import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { unique } from "../support/unique";

// Redirects and the 404 log: a missing page a visitor hit is counted with where they came from,
// the owner redirects it from the list, and the old address then answers 301 to the new one.

test("a 404 a visitor hits is counted, and 'Redirect this' makes it a 301 @nojs", async ({
  page,
  request,
}) => {
  const old = `/our-old-seo-page-${unique()}`;
  // The project's browser says it is Chrome (not headless): counted as a person.
  for (let i = 0; i < 2; i++) {
    const response = await page.goto(old, { referer: "https://partner.example.ie/links" });
    expect(response!.status()).toBe(404);
  }
  // A crawler's visit is not counted.
  await request.get(old, {
    headers: { Accept: "text/html", "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
  });
  expect(
    withDb((db) => db.prepare("select count, referrer from not_found_hits where path = ?").get(old)),
  ).toEqual({ count: 2, referrer: "https://partner.example.ie/links" });

  await signIn(page, undefined, { at: "/admin/redirects" });
  const missing = page
    .getByRole("list", { name: "Pages not found" })
    .getByRole("listitem")
    .filter({ hasText: old });
  await expect(missing).toContainText("2 times");
  await expect(missing).toContainText("from https://partner.example.ie/links");
  await missing.getByRole("link", { name: `Redirect this: ${old}` }).click();
  await expect(page.getByLabel("From (old address)")).toHaveValue(old);
  await page.getByLabel("To (new address)").fill("/services/seo");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByText(`${old} now redirects to /services/seo.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Redirects" })).toContainText(old);
  await expect(page.getByRole("list", { name: "Pages not found" }).filter({ hasText: old })).toHaveCount(0);

  const answer = await request.get(`${old}?utm_source=partner`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe("/services/seo?utm_source=partner");
  await page.goto(old);
  await expect(page).toHaveURL("/services/seo");

  // A page of the site's own (however it is spelled) is refused beside its field, and what was typed
  // stays: a redirect would hide it.
  await page.goto("/admin/redirects");
  await page.getByLabel("From (old address)").fill("/Services/SEO");
  await page.getByLabel("To (new address)").fill(old);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(
    page.getByText("That address belongs to the site itself and can't be redirected"),
  ).toBeVisible();
  await expect(page.getByLabel("To (new address)")).toHaveValue(old);

  // Removed: the old address is missing again.
  await page
    .getByRole("list", { name: "Redirects" })
    .getByRole("button", { name: `Remove the redirect from ${old}` })
    .click();
  await expect(page.getByText(`Removed the redirect from ${old}.`)).toBeVisible();
  expect((await request.get(old, { maxRedirects: 0 })).status()).toBe(404);
});

async function signedIn(request: APIRequestContext) {
  expect((await request.post("/api/auth/login", { data: E2E_ADMIN })).status()).toBe(200);
}

test("the redirects API: admin only, 201/400/409, a prefix carries the rest of the path, DELETE 204/404", async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  expect((await request.get("/api/redirects")).status()).toBe(401);
  expect((await request.get("/api/not-found")).status()).toBe(401);
  expect((await request.post("/api/redirects", { data: { from: "/x", to: "/y" } })).status()).toBe(401);
  await signedIn(request);

  const from = `/old-insights-${unique()}`;
  const created = await request.post("/api/redirects", {
    data: { from, to: "/blog", prefix: true, status: 302 },
  });
  expect(created.status()).toBe(201);
  const rule = await created.json();
  expect(rule).toMatchObject({ fromPath: from, toPath: "/blog", status: 302, prefix: true });
  expect((await request.post("/api/redirects", { data: { from, to: "/work" } })).status()).toBe(409);
  const bad = await request.post("/api/redirects", { data: { from: "/api/blog", to: "nowhere" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).issues.map((i: { path: string }) => i.path)).toEqual(["from", "to"]);
  expect((await request.get("/api/redirects")).ok()).toBe(true);
  expect(await (await request.get("/api/redirects")).json()).toContainEqual(
    expect.objectContaining({ id: rule.id }),
  );

  const under = await request.get(`${from}/local-seo-dublin-2026-checklist`, { maxRedirects: 0 });
  expect(under.status()).toBe(302);
  expect(under.headers().location).toBe("/blog/local-seo-dublin-2026-checklist");
  expect((await request.get("/api/not-found")).status()).toBe(200);

  expect((await request.delete(`/api/redirects/${rule.id}`)).status()).toBe(204);
  expect((await request.delete(`/api/redirects/${rule.id}`)).status()).toBe(404);
  await request.dispose();
});
