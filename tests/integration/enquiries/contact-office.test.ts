// The contact page's office, read as HTML from the built server: a map drawn in the page (nothing
// fetched from a map service), described for screen readers, with the address and a plain link out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(() => server?.stop());

describe("the contact page's office", () => {
  it("shows the office on North Wall Quay as a drawn map, its address and a link to open it in a maps service", async () => {
    const html = await (await fetch(`${server.baseURL}/contact`)).text();
    const figure = /<figure[^>]*>[\s\S]*?<\/figure>/.exec(
      html.slice(html.indexOf('aria-label="Map: our office') - 400),
    )?.[0];
    expect(figure).toBeDefined();
    expect(figure).toMatch(/<svg[^>]*viewBox="0 0 480 300"[^>]*width="480"[^>]*height="300"[^>]*role="img"/);
    expect(figure).toContain("Map: our office at 12 North Wall Quay");
    expect(figure).toContain("12 North Wall Quay, Dublin 1, D01 K8F3, Ireland");
    expect(figure).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=Northwall%20Digital%2C%2012%20North%20Wall%20Quay',
    );
    // Drawn here: no map tiles or pictures from elsewhere.
    expect(figure).not.toMatch(/<img|<image|https?:\/\/(?!www\.google\.com\/maps\/search|www\.w3\.org)/);
  });
});
