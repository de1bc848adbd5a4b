// Removing a subscriber cannot be undone (their consent record goes), so the button asks first: once
// one click took an address off the list.
import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { unique } from "../support/unique";

const rows = (email: string) =>
  withDb((db) => db.prepare("select count(*) as n from newsletter_subscribers where email = ?").get(email));

test("Remove asks before taking a subscriber off the list @mutates", async ({ page }) => {
  const email = `reader-${unique()}@example.ie`;
  withDb((db) =>
    db
      .prepare(
        "insert into newsletter_subscribers (id, email, status, confirmed_at, created_at) values (?, ?, 'confirmed', ?, ?)",
      )
      .run(randomUUID(), email, Date.now(), Date.now()),
  );
  await signIn(page, undefined, { at: `/admin/subscribers?q=${encodeURIComponent(email)}` });
  const remove = page.getByRole("button", { name: `Remove ${email}` });

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`Remove ${email}?`);
    void dialog.dismiss();
  });
  await remove.click();
  await expect(remove).toBeVisible();
  expect(rows(email)).toEqual({ n: 1 });

  page.once("dialog", (dialog) => void dialog.accept());
  await remove.click();
  await expect(page.getByText(`Removed ${email}.`)).toBeVisible();
  expect(rows(email)).toEqual({ n: 0 });
});
