import { expect, type Locator, test } from "@playwright/test";

import { openEditor, stored } from "../support/editor";

/** A 1×1 red PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

/** A file built in the page: PNG bytes, some text (an MP4 header, say), or `size` zero bytes. */
type FileSpec = { name: string; type: string; png?: boolean; text?: string; size?: number };

/**
 * Dispatches a real `drop` event carrying `files`, at the end of the text of `target` (a paragraph),
 * or a `paste` event at the cursor when `target` is the editor and `kind` is "paste".
 */
async function transfer(target: Locator, kind: "drop" | "paste", files: FileSpec[], text?: string) {
  await target.evaluate(
    (el, { kind, files, text, png }) => {
      const data = new DataTransfer();
      for (const f of files) {
        const bytes = f.png
          ? Uint8Array.from(atob(png), (c) => c.charCodeAt(0))
          : f.text !== undefined
            ? new TextEncoder().encode(f.text)
            : new Uint8Array(f.size ?? 0);
        data.items.add(new File([bytes], f.name, { type: f.type }));
      }
      if (text !== undefined) data.setData("text/plain", text);
      if (kind === "paste") {
        el.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
        return;
      }
      const range = document.createRange();
      range.selectNodeContents(el);
      const box = range.getBoundingClientRect();
      const at = { clientX: box.right - 1, clientY: box.top + box.height / 2 };
      for (const type of ["dragenter", "dragover", "drop"])
        el.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, ...at }));
    },
    { kind, files, text, png: PNG },
  );
}

const image = (name = "dot.png"): FileSpec => ({ name, type: "image/png", png: true });

test.describe("images and videos dropped or pasted into the rich-text editor", () => {
  test("a dropped image uploads in the dialog, needs its alt text and goes in where it was dropped", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Alpha");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Omega");
    await expect(stored(page)).toHaveValue("<p>Alpha</p><p>Omega</p>");

    // Two files at once: the first image is taken, and the dialog says so.
    await transfer(editor.locator("p", { hasText: "Alpha" }), "drop", [
      { name: "notes.txt", type: "text/plain", text: "notes" },
      image("dot.png"),
    ]);
    const dialog = page.getByRole("dialog", { name: "Insert image" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("note")).toContainText("one goes in at a time");
    await expect(dialog.getByRole("note")).toContainText("dot.png");
    await expect(dialog.getByLabel("Or its address on this site")).toHaveValue(/^\/uploads\//);
    await expect(dialog.getByRole("status")).toBeHidden();
    await expect(dialog.getByLabel(/Alt text/)).toBeFocused();

    // No alt text, no image.
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog.getByRole("alert")).toContainText("alt text is required");
    await expect(stored(page)).toHaveValue("<p>Alpha</p><p>Omega</p>");

    await dialog.getByLabel(/Alt text/).fill("A red dot");
    await dialog.getByLabel(/Caption/).fill("Our smallest logo");
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue(
      /^<p>Alpha<\/p><figure><img src="\/uploads\/[^"]+" alt="A red dot"><figcaption>Our smallest logo<\/figcaption><\/figure><p>Omega<\/p>$/,
    );
    await expect(editor.getByRole("img", { name: "A red dot" })).toBeVisible();

    // One undo step takes the figure out again.
    await expect(editor).toBeFocused();
    await page.keyboard.press("Control+z");
    await expect(stored(page)).toHaveValue("<p>Alpha</p><p>Omega</p>");
  });

  test("a pasted image goes in at the cursor; pasted text is still pasted as text", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Before");
    await page.keyboard.press("Enter");

    await transfer(editor, "paste", [image("screenshot.png")]);
    const dialog = page.getByRole("dialog", { name: "Insert image" });
    await expect(dialog.getByLabel("Or its address on this site")).toHaveValue(/^\/uploads\//);
    await expect(dialog.getByRole("note")).toHaveCount(0);
    await dialog.getByLabel(/Alt text/).fill("The dashboard");
    await dialog.getByLabel(/Caption/).fill("Calls this week");
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog).toBeHidden();
    await page.keyboard.type("After");
    await expect(stored(page)).toHaveValue(
      /^<p>Before<\/p><figure><img src="\/uploads\/[^"]+" alt="The dashboard"><figcaption>Calls this week<\/figcaption><\/figure><p>After<\/p>$/,
    );

    // Text, even with a file alongside (as Word copies a picture of the text), is pasted as before.
    await transfer(editor, "paste", [], " and more");
    await transfer(editor, "paste", [image()], " words");
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue(/<p>After and more words<\/p>$/);
  });

  test("a dropped video uploads in the video dialog and goes in as a figure with its caption", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Watch this");
    await transfer(editor.locator("p", { hasText: "Watch this" }), "drop", [
      { name: "clip.mp4", type: "video/mp4", text: "\0\0\0\x18ftypmp42\0\0\0\0mp42isom" + "\0".repeat(4096) },
    ]);
    const dialog = page.getByRole("dialog", { name: "Insert video" });
    await expect(dialog.getByLabel("Or its address on this site")).toHaveValue(
      /^\/uploads\/videos\/[a-f0-9]{24}\.mp4$/,
    );
    await dialog.getByLabel(/Caption \(/).fill("Launch night");
    await dialog.getByRole("button", { name: "Insert video" }).click();
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue(
      /^<p>Watch this<\/p><figure><video controls="" src="\/uploads\/videos\/[a-f0-9]{24}\.mp4" preload="metadata"><\/video><figcaption>Launch night<\/figcaption><\/figure>/,
    );
  });

  test("a file that is not an image, or too large, is refused; cancelling inserts nothing", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Only text");
    const paragraph = editor.locator("p", { hasText: "Only text" });
    const dialog = page.getByRole("dialog", { name: "Insert image" });

    await transfer(paragraph, "drop", [{ name: "brief.pdf", type: "application/pdf", size: 100 }]);
    await expect(dialog.getByRole("alert")).toHaveText("brief.pdf: this file type is not allowed");
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog.getByRole("alert").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toBeHidden();

    await transfer(paragraph, "drop", [{ name: "huge.png", type: "image/png", size: 10 * 1024 * 1024 + 1 }]);
    await expect(dialog.getByRole("alert")).toHaveText("huge.png: this file is too large (10 MB at most)");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // An upload under way shows its progress and can be cancelled; closing then inserts nothing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/images/upload", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    // On a busy machine a drop right after the dialog closed can land before the editor listens again.
    await expect(async () => {
      await transfer(paragraph, "drop", [image()]);
      await expect(dialog).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(dialog.getByRole("status")).toContainText(/Uploading \d+%/);
    await expect(dialog.getByRole("button", { name: "Insert image" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel upload" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Upload cancelled");
    release();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue("<p>Only text</p>");
    await expect(editor.locator("figure, img")).toHaveCount(0);
  });
});
