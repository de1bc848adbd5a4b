import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails with a readable list when axe finds WCAG 2.2 A/AA problems on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
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
