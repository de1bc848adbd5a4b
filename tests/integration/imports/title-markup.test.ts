// An old site's title with markup in it ("Title <em>With</em> Markup", as in WordPress's theme unit
// test) comes across as its words: never a literal `<em>` in the heading, the tab or the lists.
import { createReadStream } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";

import { posts } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

import { startOldSite, wordpressExport } from "./old-site";

let oldSite: Awaited<ReturnType<typeof startOldSite>>;

beforeAll(async () => {
  oldSite = await startOldSite();
  process.env.IMPORT_ALLOWED_ORIGINS = oldSite.url;
  resetEnvCache();
});
afterAll(() => oldSite?.close());

it("takes the tags out of an imported title and keeps its words", async () => {
  const file = wordpressExport(oldSite.url, "title-markup", (text) =>
    text.replace(
      "<title><![CDATA[Reviews That Rank]]></title>",
      "<title><![CDATA[Reviews <em>That</em> <b>Rank</b> &amp; Sell]]></title>",
    ),
  );
  const row = await receiveExport(createReadStream(file), path.basename(file), null);
  startImport(row.id);
  await runImports(() => false);
  const imported = getDb().select().from(posts).where(eq(posts.slug, "reviews-that-rank")).get();
  expect(imported?.title).toBe("Reviews That Rank & Sell");
});
