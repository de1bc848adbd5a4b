// An old site's title with markup in it ("Title <em>With</em> Markup", as in WordPress's theme unit
// test) comes across as its words: never a literal `<em>` in the heading, the tab or the lists.
import { createReadStream } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { posts } from "#db/schema";
import { receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { getDb } from "~/platform/db.server";

import { oldSiteForFile, wordpressExport } from "./old-site";

const oldSite = oldSiteForFile();

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
