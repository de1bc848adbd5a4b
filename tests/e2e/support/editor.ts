import { expect, type Locator, type Page } from "@playwright/test";
import type { Editor } from "@tiptap/core";
import type { Selection as EditorSelection } from "@tiptap/pm/state";

import { signIn } from "./auth";

/** The post editor's rich-text box, signed in, once its code has loaded. */
export async function openEditor(page: Page, path = "/admin/posts?new") {
  await signIn(page, undefined, { at: path });
  const editor = page.getByRole("textbox", { name: "Content", exact: true });
  await expect(editor).toBeVisible();
  return editor;
}

/** What the form will post: the hidden textarea the editor keeps up to date. */
export const stored = (page: Page) => page.locator('textarea[name="content"]');

/** A button of the editor's Formatting toolbar, by its exact name. */
export const toolbarButton = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

/**
 * Clicks into the rich editor and puts the caret at the end of its text. Chromium tells ProseMirror the
 * caret moved in a selectionchange that comes after the next key, so a key pressed at once would land
 * where the click left the caret: this waits until the editor's own selection is at the end.
 */
export async function caretToEnd(page: Page, editor: Locator) {
  await editor.click();
  await page.keyboard.press("Control+End");
  await expect
    .poll(() =>
      editor.evaluate((el) => {
        const { selection, doc } = (el as HTMLElement & { editor: Editor }).editor.state;
        // Every Selection class inherits Selection.atEnd: the last place a caret can be.
        const atEnd = (selection.constructor as typeof EditorSelection).atEnd(doc);
        return selection.empty && selection.to === atEnd.to;
      }),
    )
    .toBe(true);
}

/** Types `word` into the editor and selects it. */
export async function typeAndSelect(page: Page, word: string) {
  await page.keyboard.type(word);
  for (let i = 0; i < word.length; i++) await page.keyboard.press("Shift+ArrowLeft");
}

/**
 * Presses Save & Publish as a writer who has read the checks: with problems open beside the editor, the
 * first press saves what was typed and the page comes back asking only about going live; the second
 * publishes. With none, one press publishes.
 */
export async function pressPublish(page: Page) {
  const publish = page.getByRole("button", { name: "Save & Publish" });
  const problemsOpen = await page.getByRole("heading", { name: /^Checks \(\d+\)$/ }).isVisible();
  await publish.click();
  if (!problemsOpen) return;
  await expect(publishAsk(page)).toBeVisible();
  await publish.click();
}

/** The notice after a first press of Publish with problems open: what was saved, and the one question. */
export const publishAsk = (page: Page) =>
  page.getByRole("status").filter({ hasText: "again to publish as it is" });
