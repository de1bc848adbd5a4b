import { expect, type Page, test } from "@playwright/test";

import { seedPosts } from "../../../app/features/seed";
import { expectNoAxeViolations } from "../support/axe";
import { openEditor, stored, toolbarButton, typeAndSelect } from "../support/editor";

const searched = (page: Page, q: string) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === "/api/links" && url.searchParams.get("q") === q;
  });

test.describe("the link dialog's picker of pages and posts", () => {
  test("a service page chosen with the keyboard; Escape closes the list, then the dialog", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();
    await typeAndSelect(page, "ranking");
    await toolbarButton(page, "Link").click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });
    await expect(address).toBeFocused();
    await expect(address).toHaveAttribute("aria-expanded", "false");
    await expect(address).toHaveAttribute("aria-autocomplete", "list");

    await address.fill("seo");
    const list = dialog.getByRole("listbox");
    await expect(address).toHaveAttribute("aria-expanded", "true");
    await expect(address).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const seo = list.getByRole("option").first();
    await expect(seo).toContainText("Search Engine Optimisation");
    await expect(seo).toContainText("/services/seo");
    await expect(seo).toContainText("service");
    // Posts about SEO come after the site's pages.
    await expect(list.getByRole("option", { name: /Local SEO in Dublin/ })).toBeVisible();

    // Escape closes the list first, and the dialog stays open.
    await address.press("Escape");
    await expect(list).toBeHidden();
    await expect(address).toHaveAttribute("aria-expanded", "false");
    await expect(dialog).toBeVisible();
    // ArrowDown opens it again.
    await address.press("ArrowDown");
    await expect(seo).toContainText("Search Engine Optimisation");

    await address.press("ArrowDown");
    await expect(seo).toHaveAttribute("aria-selected", "true");
    await expect(address).toHaveAttribute("aria-activedescendant", (await seo.getAttribute("id"))!);
    await address.press("ArrowDown");
    await expect(seo).toHaveAttribute("aria-selected", "false");
    await address.press("ArrowUp");
    await expect(seo).toHaveAttribute("aria-selected", "true");
    await address.press("Enter");
    await expect(address).toHaveValue("/services/seo");
    await expect(list).toBeHidden();
    // With text selected in the post there is no "Text to show" to fill.
    await expect(dialog.getByLabel("Text to show")).toHaveCount(0);
    await expect(dialog).toBeVisible();

    // With the list closed, Enter adds the link as before.
    await address.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue('<p><a href="/services/seo">ranking</a></p>');

    // A second Escape closes the dialog as it always did.
    await toolbarButton(page, "Link").click();
    const edit = page.getByRole("dialog", { name: "Edit link" });
    await edit.getByLabel("Address").fill("/services");
    await expect(edit.getByRole("listbox")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(edit.getByRole("listbox")).toBeHidden();
    await expect(edit).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
    await expect(stored(page)).toHaveValue('<p><a href="/services/seo">ranking</a></p>');
  });

  test("a live post chosen with a click fills the address and the text to show; drafts are not offered", async ({
    page,
  }) => {
    const post = seedPosts.find(
      (p) => p.status === "published" && p.slug === "google-ads-budget-small-business",
    )!;
    const draft = seedPosts.find((p) => p.status === "draft")!;
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Read ");
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });

    // The draft's title matches nothing a reader could open: no list.
    const draftWord = draft.title.split(" ")[0]!;
    const answered = searched(page, draftWord);
    await address.fill(draftWord);
    expect(await (await answered).json()).toEqual([]);
    await expect(address).toHaveAttribute("aria-expanded", "false");
    await expect(dialog.getByRole("listbox")).toBeHidden();

    // Part of the live post's title, in other case.
    await address.fill(post.title.slice(0, 17).toLowerCase());
    const option = dialog.getByRole("option", { name: new RegExp(post.title.slice(0, 20)) });
    await expect(option).toContainText(`/blog/${post.slug}`);
    await expect(option).toContainText("post");
    await option.click();
    await expect(address).toHaveValue(`/blog/${post.slug}`);
    await expect(address).toBeFocused();
    await expect(dialog.getByLabel("Text to show")).toHaveValue(post.title);
    await dialog.getByRole("button", { name: "Add link" }).click();
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue(`<p>Read <a href="/blog/${post.slug}">${post.title}</a></p>`);
  });

  test("a full address shows no list and still works; bad addresses are still refused", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    await typeAndSelect(page, "guide");
    await toolbarButton(page, "Link").click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("/api/links") && asked.push(r.url()));

    await address.fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Add link" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Use a path on this site");

    await address.fill("https://example.ie/seo-guide");
    await page.waitForTimeout(600);
    await expect(address).toHaveAttribute("aria-expanded", "false");
    await expect(dialog.getByRole("listbox")).toBeHidden();
    expect(asked.filter((url) => url.includes("https"))).toEqual([]);
    await address.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue('<p><a href="https://example.ie/seo-guide">guide</a></p>');
  });

  test("a slow answer to an earlier search never replaces a newer one", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    await typeAndSelect(page, "here");
    await toolbarButton(page, "Link").click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });
    // The search for "work" answers late, after the one for "seo".
    await page.route(
      (url) => url.pathname === "/api/links" && url.searchParams.get("q") === "work",
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue().catch(() => {});
      },
    );
    const slow = page.waitForRequest((r) => new URL(r.url()).searchParams.get("q") === "work");
    await address.fill("work");
    await slow;
    await address.fill("seo");
    const list = dialog.getByRole("listbox");
    await expect(list.getByRole("option").first()).toContainText("/services/seo");
    await page.waitForTimeout(2000);
    await expect(list.getByRole("option").first()).toContainText("/services/seo");
    await expect(list.getByRole("option", { name: /Our Work/ })).toHaveCount(0);
  });

  test("the open list has no axe violations in dark and light", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });
    await address.fill("seo");
    await expect(dialog.getByRole("option").first()).toContainText("/services/seo");
    await address.press("ArrowDown");
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((t) => {
        localStorage.setItem("theme", t);
        window.__pageBehaviours?.applyTheme();
      }, theme);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await test.step(theme, () => expectNoAxeViolations(page, { include: "dialog[open]" }));
    }
  });
});
