// The checks while writing in the browser: a post written to have each kind of problem lists them beside
// the editor, each a link to its field, and they clear as they are fixed while one types; publishing with
// problems open asks once.
import { expect, test } from "@playwright/test";

import { withDb } from "../support/db";
import { openEditor, publishAsk } from "../support/editor";
import { unique } from "../support/unique";

test.describe("checks while writing @mutates", () => {
  test("list each problem of a post as it is, clear as it is fixed, and ask once before publishing", async ({
    page,
  }) => {
    const id = unique();
    const slug = `checked-${id}`;
    const seoTitle = "A search title far too long for any results page to show it whole, cut";
    withDb((db) =>
      db
        .prepare(
          "insert into posts (id, title, slug, excerpt, content, status, seo_title, cover_image, cover_alt) values (?, ?, ?, ?, ?, 'draft', ?, '/uploads/x.jpg', 'A desk')",
        )
        .run(
          `checks-${id}`,
          `Checked ${id}`,
          slug,
          "Short.",
          `<h2>Start</h2><h4>Skipped</h4><p><img src="/uploads/a.jpg" alt="IMG_2041.jpg"> <a href="https://x.ie/a">https://x.ie/a</a> and <a href="/about">click here</a></p>`,
          seoTitle,
        ),
    );
    await openEditor(page, `/admin/posts?edit=checks-${id}`);
    const checks = page.getByRole("region", { name: /^Checks/ });
    for (const where of [
      "Search title",
      "Search description",
      "Body, heading",
      "Body, image 1",
      "Body, link to https://x.ie/a",
      "Body, link to /about",
    ])
      await expect(checks.getByRole("link", { name: new RegExp(`^${where}`) })).toBeVisible();

    // Each link takes the writer to its field.
    await checks.getByRole("link", { name: "Search title" }).click();
    await expect(page.getByLabel("Search title")).toBeFocused();

    // Fixed as one types: the list follows.
    await page.getByLabel("Search title").fill("Checked: a search title that reads well in results");
    await expect(checks.getByRole("link", { name: "Search title" })).toHaveCount(0);
    await page
      .getByLabel("Excerpt")
      .fill("A summary long enough for the results page: what the post says, for whom, and why it matters.");
    await expect(checks.getByRole("link", { name: "Search description" })).toHaveCount(0);
    const body = page.getByRole("textbox", { name: "Content", exact: true });
    await body.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Plain words, one paragraph, nothing to fix.");
    await expect(checks.getByRole("link", { name: /^Body, / })).toHaveCount(0);

    // Nothing left (no social image of its own is fine: it has a cover): make one to see the ask.
    await expect(checks.getByText("Nothing to fix")).toBeVisible();
    await page.getByLabel("Excerpt").fill("Too short.");
    await expect(page.getByRole("heading", { name: "Checks (1)" })).toBeVisible();
    const publish = page.getByRole("button", { name: "Save & Publish" });
    await publish.click();
    await expect(publishAsk(page)).toHaveText(
      "Saved as a draft. 1 problem is still open: fix it, or press Save & Publish again to publish as it is.",
    );
    expect(withDb((db) => db.prepare("select status from posts where slug = ?").get(slug))).toEqual({
      status: "draft",
    });
    await publish.click();
    await expect(page).toHaveURL(/result=updated|saved=/);
    await expect
      .poll(() =>
        withDb((db) =>
          db.prepare("select status, check_problems from posts where id = ?").get(`checks-${id}`),
        ),
      )
      .toEqual({ status: "published", check_problems: 1 });
  });
});
