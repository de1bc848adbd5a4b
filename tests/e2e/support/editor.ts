import { expect, type Page } from "@playwright/test";

import { signIn } from "./auth";
import { open } from "./page";

/** The post editor's rich-text box, signed in, once its code has loaded. */
export async function openEditor(page: Page, path = "/admin/posts?new") {
  await signIn(page);
  await open(page, path);
  const editor = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(editor).toBeVisible();
  return editor;
}

/** What the form will post: the hidden textarea the editor keeps up to date. */
export const stored = (page: Page) => page.locator('textarea[name="content"]');

/** A button of the editor's Formatting toolbar, by its exact name. */
export const toolbarButton = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

/** Types `word` into the editor and selects it. */
export async function typeAndSelect(page: Page, word: string) {
  await page.keyboard.type(word);
  for (let i = 0; i < word.length; i++) await page.keyboard.press("Shift+ArrowLeft");
}

/**
 * Presses Save & Publish as a writer who has read the checks: with problems open beside the editor, the
 * first press asks (the checks say so) and the second publishes; with none, one press publishes.
 */
export async function pressPublish(page: Page) {
  const publish = page.getByRole("button", { name: "Save & Publish" });
  const problemsOpen = await page.getByRole("heading", { name: /^Checks \(\d+\)$/ }).isVisible();
  await publish.click();
  if (!problemsOpen) return;
  await expect(page.getByRole("alert").filter({ hasText: "press Publish again" })).toBeVisible();
  await publish.click();
}
