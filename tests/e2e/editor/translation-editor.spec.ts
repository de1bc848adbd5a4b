import { expect, type Page, test } from "@playwright/test";

import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { expectNoAxeViolations } from "../support/axe";
import { toolbarButton } from "../support/editor";

// The site in a second language is a server of its own: the shared ones stay in English only.
// One worker runs both, in order: one server started and set up, not one in each worker.
test.describe.configure({ mode: "default" });
let server: RunningServer;
let cookie = "";
let postId = "";

const api = (method: string, path: string, body: unknown) =>
  fetch(server.baseURL + path, {
    method,
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.baseURL },
    body: JSON.stringify(body),
  });

test.beforeAll(async () => {
  server = await startServer();
  cookie = await adminSessionCookie(server.baseURL);
  expect((await api("PUT", "/api/languages", { default: "en", languages: ["en", "ga"] })).status).toBe(200);
  const post = await api("POST", "/api/blog", {
    title: "Autumn offers",
    excerpt: "Offers in autumn.",
    content: "<h2>Why autumn</h2><p>Budgets reset.</p>",
    status: "published",
  });
  postId = ((await post.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await server?.stop();
});

async function openScreen(page: Page) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: server.baseURL }]);
  await page.goto(`${server.baseURL}/admin/posts/${postId}/translate/ga`);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const editor = page.getByRole("textbox", { name: "Body", exact: true });
  await expect(editor).toBeVisible();
  return editor;
}

test("a translation is written in the rich editor, kept while typed and offered back in a new tab", async ({
  page,
  context,
}) => {
  const editor = await openScreen(page);
  // The source's body is beside it, as readers see it.
  await expect(page.getByRole("region", { name: "The post's body" }).getByRole("heading")).toHaveText(
    "Why autumn",
  );
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await toolbarButton(page, "H2, Heading 2").click();
  await page.keyboard.type("Cén fáth an fómhar");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Athshocraíonn buiséid.");
  await expect(page.locator('textarea[name="content"]')).toHaveValue(
    "<h2>Cén fáth an fómhar</h2><p>Athshocraíonn buiséid.</p>",
  );
  await page.getByLabel("Title", { exact: true }).fill("Tairiscintí an fhómhair");
  await expect(page.getByText(/^Draft copy saved/)).toBeVisible({ timeout: 10_000 });

  // The tab is gone before a save: a new one offers the words back.
  const again = await context.newPage();
  await again.goto(`${server.baseURL}/admin/posts/${postId}/translate/ga`);
  const offer = again.getByRole("alert").filter({ hasText: "You have unsaved changes" });
  await offer.getByRole("link", { name: "Restore them" }).click();
  await expect(again.getByLabel("Title", { exact: true })).toHaveValue("Tairiscintí an fhómhair");
  const restored = again.getByRole("textbox", { name: "Body", exact: true });
  await expect(restored.getByRole("heading", { level: 2 })).toHaveText("Cén fáth an fómhar");

  await again.getByRole("button", { name: "Publish translation" }).click();
  await expect(again.getByRole("status").filter({ hasText: "Translation published." })).toBeVisible();
  await expect(again.getByRole("alert").filter({ hasText: "You have unsaved changes" })).toHaveCount(0);
  const irish = (await (await api("GET", "/api/blog?lang=ga", undefined)).json()) as { content: string }[];
  expect(irish[0]?.content).toContain("<h2>Cén fáth an fómhar</h2>");
});

test("the translate screen of an outdated translation is accessible at phone width, its source folded", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Each test may have a server of its own (workers): this one translates, then the source changes.
  const translated = await api("POST", "/api/blog", {
    lang: "ga",
    translationOf: postId,
    title: "Tairiscintí an fhómhair",
    slug: "tairiscinti",
    excerpt: "Tairiscintí.",
    content: "<p>Athshocraíonn buiséid.</p>",
    status: "published",
  });
  expect([201, 409]).toContain(translated.status);
  await api("PUT", `/api/blog/${postId}`, {
    title: "Autumn offers",
    excerpt: "Offers in autumn.",
    content: "<h2>Why autumn</h2><p>Budgets reset in September.</p>",
    status: "published",
  });
  await openScreen(page);
  await expect(
    page.getByRole("heading", { name: "What changed in the source since this translation" }),
  ).toBeVisible();
  const source = page.getByRole("region", { name: "The post's body" });
  await expect(source).toBeHidden();
  await page.getByText("The post (source)").click();
  await expect(source).toBeVisible();
  await expectNoAxeViolations(page);
});
