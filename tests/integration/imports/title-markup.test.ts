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

it("takes characters that change the direction of text out of an imported excerpt, tags and search words", async () => {
  // The same post as another one (the first test brought this one already).
  const file = wordpressExport(oldSite.url, "title-direction", (text) =>
    text
      .replaceAll("reviews-that-rank", "reviews-that-rank-again")
      .replace("/?p=13<", "/?p=913<")
      .replace(
        "<excerpt:encoded><![CDATA[]]></excerpt:encoded>\n\t\t<wp:post_id>13</wp:post_id>",
        "<excerpt:encoded><![CDATA[Ask\u202e every customer]]></excerpt:encoded>\n\t\t<wp:post_id>913</wp:post_id>",
      )
      .replace(
        "<![CDATA[Local SEO]]></category>\n\t\t<wp:postmeta><wp:meta_key><![CDATA[rank_math_description]]>",
        "<![CDATA[Local\u2066 SEO]]></category>\n\t\t<wp:postmeta><wp:meta_key><![CDATA[rank_math_description]]>",
      )
      .replace("Ask, answer, repeat: reviews", "Ask, answer,\u202a repeat: reviews"),
  );
  const row = await receiveExport(createReadStream(file), path.basename(file), null);
  // The preview offers the tag once, as it will come.
  expect(row.choices?.tags?.map((tag) => tag.name)).toEqual(["Local SEO", "Google Business Profile"]);
  startImport(row.id);
  await runImports(() => false);
  const imported = getDb().select().from(posts).where(eq(posts.slug, "reviews-that-rank-again")).get();
  expect(imported).toMatchObject({
    excerpt: "Ask every customer",
    tags: ["Local SEO"],
    seoDescription: "Ask, answer, repeat: reviews that move you up the map.",
  });
});
