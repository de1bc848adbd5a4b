import { describe, expect, it } from "vitest";

import { pageCsp } from "~/platform/http/csp.server";
import { deferHydration } from "~/platform/pages/deferred-hydration.server";
import { APP_SCRIPTS_MARKER_HTML, pageScript } from "~/platform/pages/page-behaviours";

const start = `import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-2.js");`;
const page = `<html><head><script>${pageScript(true)}</script></head><body><main>Hi</main>${APP_SCRIPTS_MARKER_HTML}<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-1.js"/><script>window.__reactRouterContext = {};</script><script type="module" async="">${start}</script></body></html>`;

describe("deferHydration", () => {
  it("keeps React Router's start-up script inert, with its preloads listed on it", () => {
    const html = deferHydration(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script type="text/plain" id="deferred-hydration" data-preload="/assets/entry.client-2.js /assets/root-1.js">${start}</script>`,
    );
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("leaves the body unchanged, so the page's CSP still allows it when the page script runs it", () => {
    expect(pageCsp(deferHydration(page))).toBe(pageCsp(page));
    expect(pageCsp(page).split("sha256-")).toHaveLength(4); // the page script and React Router's two
  });

  it("leaves a page without React (no start-up script) as it is", () => {
    const html = "<html><body><script>1</script></body></html>";
    expect(deferHydration(html)).toBe(html);
  });
});
