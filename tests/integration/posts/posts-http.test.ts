// Posts over HTTP against the built server. The RSS feed: a post's title and excerpt are text, whatever
// characters they hold, and the feed stays well-formed XML. Dates on the public pages are day first,
// and a scheduled post's preview carries the day it goes live (not the day it was written).
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RunningServer } from "../../../scripts/lib/start-server";
import { signedInServer } from "../../setup/signed-in-server";

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  ({ server, cookie } = await signedInServer());
}, 120_000);
afterAll(() => server?.stop());

const TITLE = "Tags like <b>bold</b> & ]]> stay words ]]> here";
/** A title is text: its tags are taken out when it is saved; "&" and "]]>" stay as written. */
const TITLE_AS_SAVED = "Tags like bold & ]]> stay words ]]> here";
const EXCERPT = "<script>alert('excerpt')</script> <img src=x onerror=alert(1)> ]]> and ]]> again";

describe("the RSS feed", () => {
  it("carries titles and excerpts as escaped text that readers show as written", async () => {
    const created = await fetch(`${server.baseURL}/api/blog`, {
      method: "POST",
      headers: { Origin: server.baseURL, Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        title: TITLE,
        excerpt: EXCERPT,
        content: "<p>Code: <code>a ]]&gt; b ]]&gt; c</code></p>",
        tags: ["News"],
        status: "published",
      }),
    });
    expect(created.status).toBe(201);

    const xml = await (await fetch(`${server.baseURL}/rss.xml`)).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<img");
    const items = new XMLParser().parse(xml).rss.channel.item as { title: string; description: string }[];
    // What a reader gets from the XML is HTML-escaped text: rendered, it reads exactly as written.
    const item = items.find((i) => String(i.title).startsWith("Tags like"))!;
    const unescape = (html: string) =>
      html.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    expect(unescape(item.title)).toBe(TITLE_AS_SAVED);
    expect(unescape(item.description)).toBe(EXCERPT);
    expect(item.description).not.toMatch(/<\w/);
  });
});

describe("a post's date", () => {
  it("is written day first, and a scheduled post's preview shows the day it goes live", async () => {
    const created = await fetch(`${server.baseURL}/api/blog`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: server.baseURL,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        title: "Planned for the new year",
        excerpt: "Written now, live in January.",
        content: "<p>Soon.</p>",
        tags: ["Planning"],
        status: "scheduled",
        publishAt: "2099-01-05T09:30:00Z",
      }),
    });
    expect(created.status).toBe(201);
    const { slug } = (await created.json()) as { slug: string };
    const preview = await (
      await fetch(`${server.baseURL}/blog/${slug}`, {
        headers: { Cookie: cookie },
      })
    ).text();
    expect(preview).toMatch(/<time dateTime="2099-01-05T09:30:00.000Z">5 January 2099<\/time>/);

    const blog = await (await fetch(`${server.baseURL}/blog`)).text();
    expect(blog).toMatch(
      /<time dateTime="[^"]+">\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}<\/time>/,
    );
  });
});

describe("the blog's newsletter box", () => {
  it("sends a sign-up posted as the page's data back to the page, not to its data address", async () => {
    const response = await fetch(`${server.baseURL}/blog.data?page=1`, {
      method: "POST",
      headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "reader@example.ie" }).toString(),
      redirect: "manual",
    });
    // The router's answer to its own fetch: ["SingleFetchRedirect", …, "redirect", "<to>", …].
    const answer = (await response.json()) as unknown[];
    expect(answer[answer.indexOf("redirect") + 1]).toBe("/blog?page=1&subscribed=1#newsletter");
  });
});
