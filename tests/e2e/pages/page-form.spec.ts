import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { caretToEnd } from "../support/editor";

// What only a browser shows of a page's form: the count following what is typed, a legal section's
// body written in the rich editor reaching the saved draft (the form posts the textarea the editor fills),
// the keyboard kept where it was after a list's button, and a preview that is not "leaving".
const KEY = "legal/cookies";

const draftOf = (key = KEY) =>
  withDb((db) => db.prepare("select draft from page_copy where key = ?").pluck().get(key) as string | null);

// The two tests run side by side (fullyParallel): each puts back only the page it changed, or one's
// clean-up would wipe the other's draft mid-test.
const putBack = (key: string) => {
  withDb((db) =>
    db
      .prepare(
        "update page_copy set draft = null, draft_saved_at = null, draft_saved_by = null where key = ?",
      )
      .run(key),
  );
  withDb((db) => db.prepare("delete from autosaves where kind = 'page' and item_key = ?").run(key));
};

let changed: string | undefined;

test.describe("a page's form @mutates", () => {
  test.afterEach(() => {
    if (changed) putBack(changed);
    changed = undefined;
  });

  test("counts as one types, adds and removes a section keeping what was typed, and saves a rich body as the draft", async ({
    page,
  }) => {
    changed = KEY;
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
    await caretToEnd(page, body);
    await page.keyboard.press("Enter");
    await page.keyboard.type("A paragraph typed in the rich editor.");
    // Kept as unsaved work while one types, in words that cannot be taken for the page's draft.
    await expect(page.getByText(/Unsaved changes · a copy is kept/).first()).toBeVisible({ timeout: 10_000 });

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

  test("keeps the keyboard where it was after a list's button, and previews without asking to leave", async ({
    page,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    changed = "contact";
    await signIn(page, undefined, { at: "/admin/pages/edit/contact" });
    const questions = await page.locator('input[name^="faq.items."][name$=".question"]').count();
    await page.getByRole("button", { name: "Add a question" }).focus();
    await page.keyboard.press("Enter");
    // The new question's first box has the keyboard: typing goes straight into it.
    await expect(page.locator(`#field-faq-items-${questions}-question`)).toBeFocused();
    await page.keyboard.type("Do you work outside Dublin?");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Yes, across Ireland.");
    await page.getByRole("button", { name: "Move question 1 down" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Move question 2 down" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "it is question 2 now" })).toHaveCount(1);

    // Preview saves and opens the page: the browser is not asked to leave, and no copy of the typing is
    // kept after the draft that holds it (nothing to offer back).
    const intro = `Preview without leaving ${Date.now()}`;
    await page.getByLabel("Introduction", { exact: true }).first().fill(intro);
    await page.getByRole("button", { name: "Preview" }).first().click();
    await expect(page.getByText(intro)).toBeVisible();
    await page.getByRole("link", { name: "Back to the form" }).click();
    await expect(page.getByLabel("Introduction", { exact: true }).first()).toHaveValue(intro);
    expect(JSON.parse(draftOf("contact") ?? "null").faq.items[questions].question).toBe(
      "Do you work outside Dublin?",
    );
    await expect(page.getByText("You have unsaved changes")).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});
