// One post open in two tabs, with JavaScript: the save from the tab whose post was saved since in the
// other is refused with the form's own error, what it typed kept; saving again replaces that version,
// knowingly. (Without JavaScript: edited-since-http.test.ts.)
import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { open } from "../support/page";
import { unique } from "../support/unique";

const titleOf = (id: string) =>
  withDb((db) => db.prepare("select title from posts where id = ?").pluck().get(id) as string);

test("a post saved in another tab: the older tab's save says so, keeps its words, and the next save takes @mutates", async ({
  page,
  context,
}) => {
  const id = `since-${unique()}`;
  withDb((db) =>
    db
      .prepare(
        "insert into posts (id, title, slug, excerpt, content, status) values (?, ?, ?, 'When we are in.', '<p>Hours.</p>', 'draft')",
      )
      .run(id, `Christmas hours ${id}`, id),
  );
  await signIn(page, undefined, { at: `/admin/posts?edit=${id}` });
  const other = await context.newPage();
  await open(other, `/admin/posts?edit=${id}`);
  await other.getByLabel("Title", { exact: true }).fill(`Saved in the other tab ${id}`);
  await other.getByRole("button", { name: "Update Post" }).click();
  await expect(other).toHaveURL(/saved=/);

  const title = page.getByLabel("Title", { exact: true });
  await title.fill(`Mine ${id}`);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page.getByText(/^This post was saved again at .* after you opened it/)).toBeVisible();
  await expect(title).toHaveValue(`Mine ${id}`);
  expect(titleOf(id)).toBe(`Saved in the other tab ${id}`);

  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/saved=/);
  await expect.poll(() => titleOf(id)).toBe(`Mine ${id}`);
});
