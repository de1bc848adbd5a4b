import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** The WCAG A/AA rules whose answer depends on colours, the only thing a theme changes. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Fails with a readable list when axe finds WCAG 2.2 A/AA problems on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  await scan(page, new AxeBuilder({ page }).withTags(WCAG_22_AA));
}

/**
 * The same for a page already scanned in the other theme: only the colour rules, since the markup,
 * names, roles and order are the theme's alike.
 */
export async function expectNoColourViolations(page: Page) {
  await scan(page, new AxeBuilder({ page }).withRules(COLOUR_RULES));
}

async function scan(page: Page, axe: AxeBuilder) {
  await settled(page);
  const results = await axe.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
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
