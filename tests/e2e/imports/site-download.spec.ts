import { readFileSync } from "node:fs";

import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";

// The whole site is downloaded with the admin's button, a form POSTed from the admin's own page (a
// link cannot start it). A plain form: the same with JavaScript or without. It adds to the audit log,
// hence @mutates.
test("the owner downloads the whole site with the button @mutates", async ({ page }) => {
  await signIn(page, undefined, { at: "/admin/import" });
  const section = page.getByRole("region", { name: "Export the whole site" });
  await section.getByLabel(/Include personal data/).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Download the site (.zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^site-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes(Buffer.from("content/enquiries.json"))).toBe(true);
});
