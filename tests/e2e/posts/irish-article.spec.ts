import { expect, test } from "@playwright/test";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { expectNoAxeViolations } from "../support/axe";

// An article in Irish in the browser: the share button's notice and its close button speak Irish (the
// page script is every language's, the words come from the page), and the Irish pages a reader meets
// (home, the article, the blog with its newsletter box, a 404 offering an English page) pass axe, each
// phrase in another language marked with its own lang. A server of its own: adding a language changes
// every page.
let server: RunningServer;
let slug = "";
// One worker runs both, in order: one server started and set up, not one in each worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  server = await startServer();
  const cookie = await adminSessionCookie(server.baseURL);
  const json = (method: string, path: string, body: unknown) =>
    fetch(`${server.baseURL}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await json("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(200);
  const home = await (
    await fetch(`${server.baseURL}/api/pages/home`, { headers: { Cookie: cookie } })
  ).json();
  expect((await json("PUT", "/api/pages/home?lang=ga", home.published)).status).toBe(200);
  expect((await json("POST", "/api/pages/home/publish?lang=ga", {})).status).toBe(200);
  const posts = (await (await fetch(`${server.baseURL}/api/blog`)).json()) as { id: string }[];
  const saved = await json("POST", "/api/blog", {
    lang: "ga",
    translationOf: posts[0]!.id,
    title: "Fás orgánach do ghnólachtaí beaga",
    slug: "fas-organach",
    excerpt: "Conas a fhásann gnólacht beag ó chuardach.",
    content: "<p>Focail as Gaeilge faoi chuardach agus fás.</p>",
    tags: ["Cuardach"],
    status: "published",
  });
  expect(saved.status).toBe(201);
  slug = (await saved.json()).slug;
});
test.afterAll(async () => {
  await server?.stop();
});

test("Share in Irish copies the link and says so in Irish", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.goto(`${server.baseURL}/ga/blog/${slug}`);
  await page.getByRole("button", { name: "Roinn" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Cóipeáladh an nasc" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Tá nasc an ailt ar do ghearrthaisce.");
  await expect(notice.getByRole("button", { name: "Dún an fógra" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Fógraí (F8)" })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/ga/blog/${slug}$`));
});

test("the Irish pages a reader meets have no accessibility violations", async ({ page }) => {
  for (const path of ["/ga", `/ga/blog/${slug}`, "/ga/blog", "/ga/nil-a-leitheid"]) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ga-IE");
    await expectNoAxeViolations(page);
  }
  // The switcher's names, each in its own language.
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "English", exact: true })).toHaveAttribute("lang", "en-IE");
});
