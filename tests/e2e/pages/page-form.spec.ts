import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";

// What only a browser shows of a page's form: the count following what is typed, and a legal section's
// body written in the rich editor reaching the saved draft (the form posts the textarea the editor fills).
const KEY = "legal/cookies";

const draftOf = () =>
  withDb((db) => db.prepare("select draft from page_copy where key = ?").pluck().get(KEY) as string | null);

test.describe("a page's form @mutates", () => {
  test.afterEach(() => {
    withDb((db) =>
      db
        .prepare(
          "update page_copy set draft = null, draft_saved_at = null, draft_saved_by = null where key = ?",
        )
        .run(KEY),
    );
  });

  test("counts as one types, adds and removes a section keeping what was typed, and saves a rich body as the draft", async ({
    page,
  }) => {
    await signIn(page, undefined, { at: `/admin/pages/edit/${KEY}` });
    const title = page.getByLabel("Title", { exact: true });
    const count = page.locator("#field-title-count");
    await title.fill("Cookies, plainly");
    await expect(count).toHaveText("Characters used: 16 / 60");
    await title.fill("x".repeat(61));
    await expect(count).toHaveText("Characters used: 61 / 60");
    await title.fill("Cookies, plainly");

    const body = page.getByRole("textbox", { name: "Text", exact: true }).first();
    await expect(body).toBeVisible();
    await body.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("A paragraph typed in the rich editor.");
    // Kept as unsaved work while one types.
    await expect(page.getByText(/Draft copy saved/)).toBeVisible({ timeout: 10_000 });

    // A list's button sends the form and draws it again with everything typed, rich body included.
    const sections = await page.locator('input[name$=".heading"]').count();
    await page.getByRole("button", { name: "Add a section" }).click();
    const added = page.locator(`#field-sections-${sections}-heading`);
    await expect(added).toHaveValue("");
    await expect(title).toHaveValue("Cookies, plainly");
    await expect(body).toContainText("A paragraph typed in the rich editor.");
    // A save with the new section empty is refused, beside its field, and nothing is written.
    await page.getByRole("button", { name: "Save draft" }).first().click();
    await expect(page.locator(`#field-sections-${sections}-heading-error`)).toHaveText("Required");
    expect(draftOf()).toBeNull();
    await page.getByRole("button", { name: `Remove section ${sections + 1}` }).click();
    await expect(added).toHaveCount(0);

    await page.getByRole("button", { name: "Save draft" }).first().click();
    await expect(page).toHaveURL(/\?saved=draft$/);
    const draft = JSON.parse(draftOf() ?? "null");
    expect(draft.title).toBe("Cookies, plainly");
    expect(draft.sections[0].body).toContain("<p>A paragraph typed in the rich editor.</p>");
    // The saved draft replaced the unsaved work: nothing is offered back.
    await page.reload();
    await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
  });
});
