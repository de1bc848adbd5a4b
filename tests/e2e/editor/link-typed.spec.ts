import { expect, test } from "@playwright/test";

import { openEditor, stored, toolbarButton, typeAndSelect } from "../support/editor";

test.describe("a link typed into the dialog", () => {
  test("a path typed and entered is the link, and typing after a link does not lengthen it", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();
    await typeAndSelect(page, "talk to us");
    await toolbarButton(page, "Link").click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });
    await address.pressSequentially("/contact");
    await address.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue('<p><a href="/contact">talk to us</a></p>');

    await page.keyboard.press("ArrowRight");
    await page.keyboard.type(" today");
    await expect(stored(page)).toHaveValue('<p><a href="/contact">talk to us</a> today</p>');
  });

  test("a new link: a path typed, its text, then the button", async ({ page }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Questions? ");
    await toolbarButton(page, "Link").click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    await dialog.getByRole("combobox", { name: "Address" }).pressSequentially("/contact");
    await dialog.getByLabel("Text to show").fill("Ask us");
    await dialog
      .getByRole("button", { name: /^(Add|Apply|Save)/ })
      .last()
      .click();
    await expect(dialog).toBeHidden();
    await page.keyboard.type(" anytime");
    await expect(stored(page)).toHaveValue('<p>Questions? <a href="/contact">Ask us</a> anytime</p>');
  });
});
