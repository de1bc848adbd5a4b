import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { openEditor, toolbarButton as button } from "../support/editor";

// An image's description is fixed where it is: a click on the image selects it, so the toolbar's Image
// button opens "Edit image" with its alt text (a click used to leave the caret beside it, and the
// button offered an empty "Insert image"); a double click opens it at once.
test("an image's alt text is edited by clicking the image, or double-clicking it", async ({ page }) => {
  const editor = await openEditor(page);
  await editor.click();
  await button(page, "Image").click();
  const insert = page.getByRole("dialog", { name: "Insert image" });
  await insert.getByLabel(/Upload an image/).setInputFiles({
    name: "IMG_4032.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1e5a8c" } })
      .jpeg()
      .toBuffer(),
  });
  await expect(insert.getByLabel("Or its address on this site")).toHaveValue(/^\/uploads\//);
  await insert.getByLabel(/Alt text/).fill("IMG_4032.jpg");
  await insert.getByRole("button", { name: "Insert image" }).click();
  await expect(insert).toBeHidden();
  await page.keyboard.type("A paragraph after it.");

  const image = editor.locator("img");
  await image.click();
  await expect(button(page, "Image")).toHaveAttribute("aria-pressed", "true");
  await button(page, "Image").click();
  const edit = page.getByRole("dialog", { name: "Edit image" });
  await expect(edit.getByLabel(/Alt text/)).toHaveValue("IMG_4032.jpg");
  await edit.getByLabel(/Alt text/).fill("An orange sun on a blue sky");
  await edit.getByRole("button", { name: "Update image" }).click();
  await expect(edit).toBeHidden();
  await expect(image).toHaveAttribute("alt", "An orange sun on a blue sky");
  await expect(editor.locator("img")).toHaveCount(1);

  await image.dblclick();
  await expect(edit.getByLabel(/Alt text/)).toHaveValue("An orange sun on a blue sky");
  await edit.getByLabel(/Alt text/).fill("Our spring campaign's artwork: an orange sun");
  await edit.getByRole("button", { name: "Update image" }).click();
  await expect(image).toHaveAttribute("alt", "Our spring campaign's artwork: an orange sun");
  await expect(editor).toContainText("A paragraph after it.");
});
