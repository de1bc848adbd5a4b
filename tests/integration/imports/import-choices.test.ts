// The owner's choices before an import runs: where each old address without a page like it here goes
// (the closest page unless they choose another, or none), and what each tag becomes (kept, renamed,
// merged into another). Offered by the preview, checked when sent, followed by the run.
import { createReadStream } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { imports, posts } from "#db/schema";
import { ChoiceError, type SentChoices } from "~/features/imports/import-choices";
import { getImport, receiveExport, runImports, startImport } from "~/features/imports/imports.server";
import { resolveRedirect } from "~/features/redirects/index.server";
import { getDb } from "~/platform/db.server";

import { oldSiteForFile, wordpressExport } from "./old-site";

const oldSite = oldSiteForFile();

/** The fixture with one more old page that has no page like it here. */
const withOldPrices = (text: string) =>
  text.replace(
    "</channel>",
    `<item><title><![CDATA[Old prices]]></title><link>${oldSite.url}/old-prices/</link><wp:post_id>22</wp:post_id><wp:post_name><![CDATA[old-prices]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[page]]></wp:post_type></item></channel>`,
  );

async function preview() {
  const file = wordpressExport(oldSite.url, "choices", withOldPrices);
  return receiveExport(createReadStream(file), path.basename(file), null);
}

describe("an import's choices", () => {
  it("are offered by the preview: each old address with the closest page first, each tag by use", async () => {
    const { choices } = await preview();
    expect(choices.addresses).toEqual(
      expect.arrayContaining([
        { from: "/careers", title: "Careers", closest: expect.stringMatching(/^\//), to: expect.any(String) },
        { from: "/old-prices", title: "Old prices", closest: expect.any(String), to: expect.any(String) },
        {
          from: "/category/uncategorized",
          title: "Uncategorized (WordPress's default category)",
          closest: "/blog",
          to: "/blog",
        },
        { from: "/author/niamh", title: expect.stringContaining("Author"), closest: "/about", to: "/about" },
      ]),
    );
    for (const choice of choices.addresses!) expect(choice.to).toBe(choice.closest);
    expect(choices.tags).toEqual([
      { name: "Local SEO", uses: 2, to: "Local SEO" },
      { name: "Google Business Profile", uses: 1, to: "Google Business Profile" },
    ]);
  });

  it("refuse what cannot be followed, and leave the preview as it was", async () => {
    const { id } = await preview();
    const refused: SentChoices[] = [
      { addresses: [["/not-in-the-export", "/contact"]], tags: [] },
      { addresses: [["/careers", "https://elsewhere.example/"]], tags: [] },
      { addresses: [["/careers", "//elsewhere.example"]], tags: [] },
      { addresses: [["/careers", "/\\elsewhere.example"]], tags: [] },
      { addresses: [["/careers", "javascript:alert(1)"]], tags: [] },
      { addresses: [["/careers", "/con\u0000tact"]], tags: [] },
      { addresses: [["/careers", `/${"a".repeat(600)}`]], tags: [] },
      // A chain: one old address to another.
      { addresses: [["/careers", "/old-prices"]], tags: [] },
      { addresses: [], tags: [["__proto__", "x"]] },
      { addresses: [], tags: [["constructor", "x"]] },
      { addresses: [], tags: [["Local SEO", "Bad\u0007name"]] },
      { addresses: [], tags: [["Local SEO", "x".repeat(61)]] },
      // A circle.
      {
        addresses: [],
        tags: [
          ["Local SEO", "Google Business Profile"],
          ["Google Business Profile", "local seo"],
        ],
      },
    ];
    for (const choices of refused) expect(() => startImport(id, { choices })).toThrow(ChoiceError);
    const row = getImport(id)!;
    expect(row.status).toBe("previewed");
    expect(row.choices.tags!.every((tag) => tag.to === tag.name)).toBe(true);
    getDb().delete(imports).where(eq(imports.id, id)).run();
  });

  it("are followed by the run: addresses go where chosen or nowhere, tags renamed and merged", async () => {
    const { id } = await preview();
    startImport(id, {
      choices: {
        addresses: [
          ["/careers", "/contact"],
          ["/old-prices", ""],
          ["/category/uncategorized", null],
        ],
        // Renamed, and merged into the renamed one (which it follows); any case names the tag.
        tags: [
          ["local seo", "Search"],
          ["Google Business Profile", "Local SEO"],
        ],
      },
    });
    await runImports(() => false);
    const done = getImport(id)!;
    expect(done.status).toBe("done");
    expect(resolveRedirect("/careers")?.location).toBe("/contact");
    expect(resolveRedirect("/old-prices")).toBeFalsy();
    expect(resolveRedirect("/category/uncategorized")).toBeFalsy();
    expect(resolveRedirect("/author/niamh")?.location).toBe("/about");
    expect(done.problems).toContain(
      "page “Old prices” (/old-prices) has no page like it here: no redirect, as chosen (its address answers 404)",
    );
    const post = getDb().select().from(posts).where(eq(posts.slug, "local-search-decides")).get()!;
    expect(post.tags).toEqual(["Search"]);
    expect(resolveRedirect("/tag/google-business-profile")?.location).toBe("/blog?tag=Search");
    expect(resolveRedirect("/category/local-seo")?.location).toBe("/blog?tag=Search");
  });
});
