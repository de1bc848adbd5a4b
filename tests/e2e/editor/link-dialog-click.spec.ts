import { expect, test } from "@playwright/test";

import { openEditor, stored, toolbarButton, typeAndSelect } from "../support/editor";

test.describe("the link dialog with its suggestions open", () => {
  test("the first click on Add link adds the link, and words typed after it stay outside it", async ({
    page,
  }) => {
    const editor = await openEditor(page);
    await editor.click();
    await page.keyboard.type("Read ");
    await typeAndSelect(page, "our services");
    await toolbarButton(page, "Link").click();
    const dialog = page.getByRole("dialog", { name: "Add link" });
    const address = dialog.getByRole("combobox", { name: "Address" });
    await address.pressSequentially("/services");
    await expect(dialog.getByRole("listbox")).toBeVisible();

    // One click, with the list still open under the field: the link is added.
    await dialog.getByRole("button", { name: "Add link" }).click();
    await expect(dialog).toBeHidden();
    await expect(stored(page)).toHaveValue('<p>Read <a href="/services">our services</a></p>');

    // The caret at the link's end: what is typed there is not part of the link (as in Ghost and WordPress).
    // A full stop straight after it was taken into the link (only spaces were kept out).
    await page.keyboard.press("End");
    await page.keyboard.type(". Thanks");
    await expect(stored(page)).toHaveValue('<p>Read <a href="/services">our services</a>. Thanks</p>');
  });
});
