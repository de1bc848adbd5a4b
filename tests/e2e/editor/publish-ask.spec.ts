// "Save & Publish" with a problem open, in the browser, for each kind: the first press saves what was
// typed (the draft), so a reload keeps it and nothing is live; the page asks only about going live, and
// the second press publishes.
import { expect, type Page, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { withDb } from "../support/db";
import { publishAsk } from "../support/editor";
import { open } from "../support/page";
import { unique } from "../support/unique";

const statusOf = (table: "posts" | "case_studies", id: string) =>
  withDb((db) => db.prepare(`select status from ${table} where id = ?`).pluck().get(id));

/** The first press: saved, then the ask; a reload keeps the typed words and the ask. */
async function firstPress(page: Page, publish: string) {
  await page.getByRole("button", { name: publish }).first().click();
  await expect(publishAsk(page)).toContainText("Saved as a draft.");
  await page.reload();
  await expect(publishAsk(page)).toBeVisible();
}

test.describe("publishing with a problem open @mutates", () => {
  test("a post: saved as its draft first, then asked, then published", async ({ page }) => {
    const id = `ask-${unique()}`;
    withDb((db) =>
      db
        .prepare(
          "insert into posts (id, title, slug, excerpt, content, status, cover_image, cover_alt) values (?, ?, ?, 'Short.', '<p>Words.</p>', 'draft', '/uploads/x.jpg', 'A desk')",
        )
        .run(id, `Before the typo fix ${id}`, id),
    );
    await signIn(page, undefined, { at: `/admin/posts?edit=${id}` });
    const title = page.getByLabel("Title", { exact: true });
    await title.fill(`After the typo fix ${id}`);
    await firstPress(page, "Save & Publish");
    await expect(title).toHaveValue(`After the typo fix ${id}`);
    expect(statusOf("posts", id)).toBe("draft");
    // Saved: no unsaved work is offered back.
    await expect(page.getByText("never saved to the post")).toHaveCount(0);

    await page.getByRole("button", { name: "Save & Publish" }).click();
    await expect(page).toHaveURL(/saved=/);
    // The editor stays open on the item (the ask gone without breaking it).
    await expect(page.getByRole("heading", { name: /^Checks/ })).toBeVisible();
    await expect.poll(() => statusOf("posts", id)).toBe("published");
  });

  test("a case study: saved as its draft first, then asked, then published", async ({ page }) => {
    await signIn(page);
    const answer = await page.request.post("/api/work", {
      data: {
        title: `Asked study ${unique()}`,
        clientName: "Quay Cycles",
        category: "E-commerce",
        excerpt: "Short.",
        challenge: "Nobody found them.",
        body: "<p>We rebuilt the shop.</p>",
        outcome: "Sales doubled.",
        metrics: [{ value: "2x", label: "Online sales" }],
        tags: ["Shopify"],
        credits: ["Search Engine Optimisation"],
        status: "draft",
      },
    });
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    await open(page, `/admin/case-studies?edit=${id}`);
    await expect(page.getByRole("heading", { name: /^Checks \(\d+\)$/ })).toBeVisible();
    await page.getByLabel("Client name").fill("Quay Cycles and Sons");
    await firstPress(page, "Save & Publish");
    await expect(page.getByLabel("Client name")).toHaveValue("Quay Cycles and Sons");
    expect(statusOf("case_studies", id)).toBe("draft");

    await page.getByRole("button", { name: "Save & Publish" }).click();
    await expect(page).toHaveURL(/saved=/);
    // The editor stays open on the item (the ask gone without breaking it).
    await expect(page.getByRole("heading", { name: /^Checks/ })).toBeVisible();
    await expect.poll(() => statusOf("case_studies", id)).toBe("published");
  });

  test("a page's words: saved as its draft first, then asked, then published", async ({ page }) => {
    const key = "about";
    const before = withDb((db) =>
      db.prepare("select published, published_at, published_by from page_copy where key = ?").get(key),
    ) as { published: string; published_at: number; published_by: string | null };
    try {
      await signIn(page, undefined, { at: `/admin/pages/edit/${key}` });
      await page.getByLabel("Search description").fill("Too short.");
      await page.getByLabel("Search title").fill("About the agency, asked before it went live");
      await firstPress(page, "Publish");
      await expect(page.getByLabel("Search title")).toHaveValue(
        "About the agency, asked before it went live",
      );
      const row = () =>
        withDb((db) => db.prepare("select draft, published from page_copy where key = ?").get(key)) as {
          draft: string | null;
          published: string;
        };
      expect(JSON.parse(row().draft ?? "{}").meta.title).toBe("About the agency, asked before it went live");
      expect(JSON.parse(row().published).meta.title).not.toBe("About the agency, asked before it went live");

      await page.getByRole("button", { name: "Publish" }).first().click();
      await expect(page).toHaveURL(/\?saved=published$/);
      await expect(page.getByRole("heading", { name: /^Checks/ })).toBeVisible();
      expect(JSON.parse(row().published).meta.title).toBe("About the agency, asked before it went live");
    } finally {
      withDb((db) =>
        db
          .prepare(
            "update page_copy set published = ?, published_at = ?, published_by = ?, draft = null, draft_saved_at = null, draft_saved_by = null where key = ?",
          )
          .run(before.published, before.published_at, before.published_by, key),
      );
    }
  });
});
