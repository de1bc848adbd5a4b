import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type RunOptions = Parameters<AxeBuilder["options"]>[0];
type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** The WCAG A/AA rules whose answer depends on colours, the only thing a theme changes. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The axe-core AxeBuilder itself runs (the copy its own package resolves). */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve(
    "axe-core/axe.min.js",
  ),
  "utf8",
);

/** Fails with a readable list when axe finds WCAG 2.2 A/AA problems on the page as it is now. */
export async function expectNoAxeViolations(page: Page, { include }: { include?: string } = {}) {
  await scan(page, { runOnly: { type: "tag", values: WCAG_22_AA } }, include);
}

/**
 * The same for a page already scanned in the other theme: only the colour rules, since the markup,
 * names, roles and order are the theme's alike.
 */
export async function expectNoColourViolations(page: Page) {
  await scan(page, { runOnly: { type: "rule", values: COLOUR_RULES } });
}

async function scan(page: Page, options: RunOptions, include?: string) {
  await settled(page);
  // Every violation with every node it is found on, as before; of what passed or was not applicable,
  // axe keeps one node per rule instead of a selector for each (the costly tail of a scan).
  const violations = await analyze(page, { ...options, resultTypes: ["violations"] }, include);
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * The same rules and answer as AxeBuilder's analyze(), at a fraction of its cost on a page without
 * frames: AxeBuilder compiles axe's half a megabyte into the page and again into a blank tab it opens
 * to merge the frames' results, at every scan; here axe is put into a document once (a page's second
 * scan, after a theme switch, reuses it) and runs where it is. A page with frames goes to AxeBuilder,
 * which scans inside each of them.
 */
async function analyze(page: Page, options: RunOptions, include?: string): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).options(options);
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  }
  if (!(await page.evaluate(() => typeof window.axe?.run === "function"))) await page.evaluate(axeSource);
  // Only the violations come back from the page: the rest of the results is megabytes on a long page.
  return page.evaluate(
    async ({ include, options }) =>
      (await window.axe!.run(include ? { include: [include] } : document, options)).violations,
    { include, options },
  );
}

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * Ends any colour fade at once. After a theme switch, a part below the first screen
 * (content-visibility: auto) takes its new colours only when next drawn or read, and fades from the
 * old ones (a fade that does not run while the part is not drawn): axe, reading it, would judge a
 * colour halfway between the two themes.
 */
async function settled(page: Page) {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll("main *, footer *")) void getComputedStyle(element).color;
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
  });
}
