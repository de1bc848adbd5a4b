// The default language's own prefix answers 301 to the address without it ("/en/about" → "/about"),
// and that answer never leaves the site, however the rest of the path is written: a backslash the URL
// parser reads as a slash ("/en/\evil.com") once gave "Location: //evil.com".
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { saveSiteLanguages } from "~/features/pages/copy/language-settings.server";
import { answerInLanguage } from "~/platform/i18n/request-language.server";

/** The middleware's answer for `path`: its 301's Location, or "next" when it let the request through. */
async function locationFor(path: string): Promise<string> {
  const request = new Request(`http://localhost${path}`);
  try {
    await answerInLanguage(
      { request, context: new RouterContextProvider(), params: {}, unstable_pattern: "" } as never,
      async () => new Response("next"),
    );
    return "next";
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(301);
    return thrown.headers.get("Location") ?? "";
  }
}

describe("the default language's prefix", () => {
  it("answers 301 to the same page without it, keeping the query", async () => {
    saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    expect(await locationFor("/en/about")).toBe("/about");
    expect(await locationFor("/en")).toBe("/");
    expect(await locationFor("/en/services/seo?x=1")).toBe("/services/seo?x=1");
  });

  it.each([
    "/en/\\evil.com",
    "/en/\\\\evil.com",
    "/en//evil.com",
    "/en/%5Cevil.com",
    "/en/\\/evil.com",
    "/en///evil.com",
  ])("never sends %s off the site", async (path) => {
    const location = await locationFor(path);
    const target = new URL(location, "http://localhost/");
    expect(target.host, location).toBe("localhost");
    expect(location).toMatch(/^\/(?![/\\])/);
  });
});
