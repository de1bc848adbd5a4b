// The work shown big, as the built server sends it: the home page leads with one client's result in
// that client's words before the agency's own figures; a case study is a long story with its gallery,
// the client's words, a results finale and the credits; a service page opens on a piece of its work.
import type { Element } from "domhandler";
import { findAll, findOne, getAttributeValue, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
const page = async (path: string) => {
  const response = await fetch(server.baseURL + path);
  expect(response.status).toBe(200);
  return parseDocument(await response.text()).children;
};
const byLabel = (nodes: ReturnType<typeof parseDocument>["children"], label: string) =>
  findOne((el) => getAttributeValue(el, "aria-label") === label, nodes);
const text = (node: Element | null) => (node ? textContent(node).replace(/\s+/g, " ").trim() : "");

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server?.stop());

describe("the work shown big", () => {
  it("leads the home page with a client's hard result, attributed, before the agency's figures", async () => {
    const nodes = await page("/");
    const result = byLabel(nodes, "A client's result");
    const numbers = byLabel(nodes, "Our numbers");
    expect(text(result)).toContain("92%");
    expect(text(result)).toContain("Faster Quotes for Harbour Logistics");
    expect(text(result)).toContain("Quotes that took two days now go out in two hours");
    expect(text(result)).toContain("Niamh O'Connor");
    expect(text(result)).toContain("Commercial Director, Harbour Logistics");
    const link = findOne((el) => el.name === "a", result!.children);
    expect(getAttributeValue(link!, "href")).toBe("/work/harbour-logistics");
    // Before the stat row in the document, so read first.
    const all = findAll(() => true, nodes);
    expect(all.indexOf(result!)).toBeLessThan(all.indexOf(numbers!));
  });

  it("shows each piece of proof once: the large tile is another study, the quote is not repeated", async () => {
    const nodes = await page("/");
    const work = findOne((el) => getAttributeValue(el, "aria-labelledby") === "case-studies-heading", nodes);
    const tiles = findAll(
      (el) => el.name === "a" && /^\/work\/./.test(getAttributeValue(el, "href") ?? ""),
      work!.children,
    ).map((link) => getAttributeValue(link, "href"));
    expect(tiles).toHaveLength(3);
    // The result card names Harbour Logistics: the large tile beside it is another client's.
    expect(tiles[0]).not.toBe("/work/harbour-logistics");
    expect(tiles).toContain("/work/harbour-logistics");
    const quoted = findAll((el) => /Quotes that took two days/.test(text(el)) && el.name === "p", nodes);
    expect(quoted).toHaveLength(1);
  });

  it("tells a seeded case study as a story: its gallery, chapters, the client's words, a finale and credits", async () => {
    const nodes = await page("/work/harbour-logistics");
    const figures = findAll(
      (el) => el.name === "figure" && !!findOne((i) => i.name === "img", el.children),
      nodes,
    );
    const pictures = figures.map((figure) => findOne((el) => el.name === "img", figure.children)!);
    expect(pictures.length).toBeGreaterThanOrEqual(3);
    for (const img of pictures) {
      expect(getAttributeValue(img, "alt")).toMatch(/Harbour Logistics/);
      expect(getAttributeValue(img, "width")).toMatch(/^\d+$/);
      expect(getAttributeValue(img, "height")).toMatch(/^\d+$/);
    }
    // Every picture of the gallery is a committed file, served in AVIF too.
    for (const img of pictures) {
      const avif = getAttributeValue(img, "src")!.replace(/\.jpg$/, ".avif");
      expect((await fetch(server.baseURL + avif)).status).toBe(200);
    }
    const headings = findAll((el) => el.name === "h2", nodes).map((h) => text(h));
    expect(headings.slice(0, 3)).toEqual(["The challenge", "The approach", "The results"]);
    const quote = findOne((el) => el.name === "blockquote", nodes);
    expect(text(quote)).toContain("They rebuilt our sales process");
    expect(text(byLabel(nodes, "Results at a glance"))).toContain("2.7x");
    expect(text(byLabel(nodes, "Project details"))).toContain("Credits");
    // The finale is in the client's colours (its artwork's navy), not the agency's purple.
    const finale = findOne((el) => getAttributeValue(el, "aria-labelledby") === "results-heading", nodes);
    expect(getAttributeValue(finale!, "style")).toMatch(/background-color:#123a6b/i);
  });

  it("does not tell every story the same way: the client's words mid-story in one, at its finale in another", async () => {
    const finaleOf = (nodes: Awaited<ReturnType<typeof page>>) =>
      findOne((el) => getAttributeValue(el, "aria-labelledby") === "results-heading", nodes)!;
    const harbour = await page("/work/harbour-logistics");
    expect(text(findOne((el) => el.name === "blockquote", [finaleOf(harbour)]))).toContain(
      "They rebuilt our sales process",
    );
    const emerald = await page("/work/emerald-threads");
    expect(findOne((el) => el.name === "blockquote", [finaleOf(emerald)])).toBeNull();
    expect(text(findOne((el) => el.name === "blockquote", emerald))).toContain("Our online revenue tripled");
    // The figures are shown large once, under the cover: the finale does not say the first again.
    expect(text(byLabel(emerald, "Results at a glance"))).toContain("Online Revenue");
    expect(text(finaleOf(emerald))).not.toContain("Online Revenue");
  });

  it("opens a service page on a piece of the work that credits it, naming its client once", async () => {
    const nodes = await page("/services/seo");
    const hero = findOne((el) => el.name === "section", nodes)!;
    const figure = findOne((el) => el.name === "figure", hero.children);
    const link = findOne(
      (el) => el.name === "a" && /^\/work\//.test(getAttributeValue(el, "href") ?? ""),
      [figure!],
    );
    expect(link).not.toBeNull();
    const image = findOne((el) => el.name === "img", [figure!])!;
    expect(getAttributeValue(image, "fetchpriority")).toBe("high");
    expect(text(figure)).toMatch(/Recent work/);
    // Its words name the client once ("Dublin Legal Partners: Dublin Legal Partners: Owning…" before).
    expect(getAttributeValue(image, "alt")).not.toMatch(/^(.+): \1/);
    expect(getAttributeValue(image, "alt")).toMatch(/\w/);
  });

  it("gives every other service page its proof first, so the six do not share one order", async () => {
    const h2s = async (path: string) =>
      findAll((el) => el.name === "h2", await page(path)).map((h) => text(h));
    // The first in the list (strategy) tells what it does first; the second (paid ads) shows its results.
    const strategy = await h2s("/services/digital-marketing-strategy");
    const ads = await h2s("/services/paid-ads-management");
    expect(strategy.indexOf("Results We Delivered")).toBeGreaterThan(1);
    expect(ads.indexOf("Results We Delivered")).toBe(0);
  });

  it("opens each service page on work of its own, and lets that client speak for it", async () => {
    const home = await page("/");
    const services = [
      ...new Set(
        findAll(
          (el) => el.name === "a" && /^\/services\/[a-z-]+$/.test(getAttributeValue(el, "href") ?? ""),
          home,
        ).map((link) => getAttributeValue(link, "href")!),
      ),
    ];
    expect(services).toHaveLength(6);
    const openers: string[] = [];
    for (const service of services) {
      const nodes = await page(service);
      const hero = findOne((el) => el.name === "section", nodes)!;
      const figure = findOne((el) => el.name === "figure", hero.children)!;
      const link = findOne(
        (el) => el.name === "a" && /^\/work\//.test(getAttributeValue(el, "href") ?? ""),
        [figure],
      )!;
      openers.push(getAttributeValue(link, "href")!);
    }
    // Once SEO and Creative Direction both opened on the same study.
    expect(new Set(openers).size, openers.join(" ")).toBe(services.length);
    // SEO opens on work it led (once a client on localisation did, and then a study that credited it
    // third), whose client speaks for it: the clinic, the agency's featured SEO-led study.
    const seo = await page("/services/seo");
    expect(openers[services.indexOf("/services/seo")]).toBe("/work/glow-aesthetics-clinic");
    expect(text(findOne((el) => el.name === "blockquote", seo))).toContain("Within six months");
  });
});
