import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import { pageCsp } from "~/platform/http/csp.server";
import { APP_SCRIPTS_MARKER_HTML, pageScript } from "~/platform/pages/page-behaviours";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const scriptSrc = (csp: string) => /script-src ([^;]+)/.exec(csp)![1]!.split(" ");

describe("the page's Content-Security-Policy", () => {
  it("allows the page script and React Router's scripts, and nothing that got into the content", () => {
    const injected = "alert(document.cookie)";
    const framework = "window.__reactRouterContext = {};";
    const html = `<html><head><script>${pageScript(true)}</script></head><body><main><p>Hi</p><script>${injected}</script></main>${APP_SCRIPTS_MARKER_HTML}<script>${framework}</script></body></html>`;
    const allowed = scriptSrc(pageCsp(html));
    expect(allowed).toContain(hashOf(pageScript(true)));
    expect(allowed).toContain(hashOf(framework));
    expect(allowed).not.toContain(hashOf(injected));
  });

  it("does not let content fake the marker to get its script hashed", () => {
    const injected = "alert(1)";
    const fake = `<main>${APP_SCRIPTS_MARKER_HTML}<script>${injected}</script></main>`;
    // Without React no marker counts; with React the real one comes after all the content.
    const withoutReact = `<html><head><script>${pageScript(false)}</script></head><body>${fake}</body></html>`;
    const withReact = `<html><head><script>${pageScript(true)}</script></head><body>${fake}${APP_SCRIPTS_MARKER_HTML}</body></html>`;
    expect(scriptSrc(pageCsp(withoutReact))).not.toContain(hashOf(injected));
    expect(scriptSrc(pageCsp(withReact))).not.toContain(hashOf(injected));
  });

  it("allows no inline script but the page script on a page without React", () => {
    const html = `<html><head><script>${pageScript(false)}</script><script type="application/ld+json">{}</script></head><body><script>x()</script></body></html>`;
    expect(scriptSrc(pageCsp(html))).toEqual(["'self'", hashOf(pageScript(false))]);
  });
});
