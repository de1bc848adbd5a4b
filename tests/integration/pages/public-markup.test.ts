// The public pages as the built server sends them, checked for what the W3C validator and
// HTML_CodeSniffer reported: block content (a heading, a paragraph, a list) inside an element that may
// hold only phrasing content, and a <form> without a submit button (WCAG H32.2). Every page in the
// sitemap is walked, so a page added later is checked too. And the stylesheet: one cached, compressed
// file, not ~75 KB of CSS inlined into every page.
import type { Element } from "domhandler";
import { findAll, getAttributeValue } from "domutils";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

/** Elements whose content model is phrasing content only. */
const PHRASING_ONLY = new Set(
  "span button label strong em b i small abbr code time q sub sup mark p h1 h2 h3 h4 h5 h6".split(" "),
);
/** Elements that are flow content but never phrasing content. */
const BLOCK = new Set(
  "address article aside blockquote details dialog div dl fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr main nav ol p pre section table ul".split(
    " ",
  ),
);

function blockInPhrasing(html: string): string[] {
  const found: string[] = [];
  for (const parent of findAll((el) => PHRASING_ONLY.has(el.name), parseDocument(html).children)) {
    for (const child of findAll((el) => BLOCK.has(el.name), parent.children)) {
      found.push(
        `<${child.name}> inside <${parent.name} class="${getAttributeValue(parent, "class") ?? ""}">`,
      );
    }
  }
  return found;
}

const submits = (form: Element) =>
  findAll(
    (el) =>
      (el.name === "button" && (getAttributeValue(el, "type") ?? "submit") === "submit") ||
      (el.name === "input" && ["submit", "image"].includes(getAttributeValue(el, "type") ?? "")),
    form.children,
  ).length;

function formsWithoutSubmit(html: string): string[] {
  return findAll((el) => el.name === "form", parseDocument(html).children)
    .filter((form) => submits(form) === 0)
    .map((form) => `<form class="${getAttributeValue(form, "class") ?? ""}">`);
}

let server: RunningServer;
let pages: Map<string, string>;

beforeAll(async () => {
  server = await startServer();
  const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  pages = new Map();
  for (const path of new Set(["/", ...paths, "/not-a-page"])) {
    pages.set(path, await (await fetch(server.baseURL + path)).text());
  }
}, 120_000);

afterAll(() => server?.stop());

describe("the public pages' markup", () => {
  it("walks every page in the sitemap", () => {
    expect([...pages.keys()]).toEqual(expect.arrayContaining(["/", "/blog", "/contact", "/work"]));
  });

  it("puts no heading, paragraph or other block inside phrasing content", () => {
    const problems = [...pages].flatMap(([path, html]) => blockInPhrasing(html).map((p) => `${path}: ${p}`));
    expect(problems).toEqual([]);
  });

  it("links one stylesheet file, kept by the browser for a year and sent compressed, and inlines none", async () => {
    const links = new Set<string>();
    for (const [path, html] of pages) {
      const document = parseDocument(html);
      expect(
        findAll((el) => el.name === "style", document.children),
        path,
      ).toEqual([]);
      const sheets = findAll(
        (el) => el.name === "link" && getAttributeValue(el, "rel") === "stylesheet",
        document.children,
      );
      expect(sheets, path).toHaveLength(1);
      links.add(getAttributeValue(sheets[0]!, "href")!);
    }
    expect(links.size).toBe(1);
    const [href] = links;
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    const sheet = await fetch(server.baseURL + href, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toMatch(/^text\/css/);
    expect(sheet.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(sheet.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
  });

  it("gives every form a submit button", () => {
    const problems = [...pages].flatMap(([path, html]) =>
      formsWithoutSubmit(html).map((p) => `${path}: ${p}`),
    );
    expect(problems).toEqual([]);
  });
});
