import { type Browser, expect, type Page, test } from "@playwright/test";

import { VERDICT_LABELS, verdictOf } from "../../../app/features/analytics/vitals/vitals";
import { adminSessionCookie, type RunningServer, startServer } from "../../../scripts/lib/start-server";
import { signedInPage } from "../support/auth";

// Real visitors' speed, measured for real: Chromium with its network slowed through the DevTools
// protocol loads a page slowly, a banner pushed in after load shifts it, and a click handler
// that works for 600 ms answers late; the figures the pages send must reach the API and the screen
// with Google's verdicts. A server of its own: the counts are exact.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const DESKTOP = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.${n} Safari/537.36`;
const PHONE = (n: number) =>
  `Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.${n} Mobile Safari/537.36`;
/** Five visitors per page: the fewest a p75 is shown for. */
const VISITORS = 5;

type Visit = { userAgent: string; slow?: boolean; phone?: boolean };

/** The page has loaded the vitals script (it starts after the load event and a paint). */
async function measuring(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .some((entry) => entry.name.includes("/assets/web-vitals-")),
        ),
      // A slow visitor's page loads for many seconds, and the script only after it.
      { timeout: 40_000 },
    )
    .toBe(true);
}

/**
 * One visitor (a browser profile of their own: no cookie could carry over) reads `path` and leaves;
 * a slow one on a slow network, where a late banner shifts the page and a click answers late.
 */
async function visitAndLeave(
  browser: Browser,
  path: string,
  { userAgent, slow = false, phone = false }: Visit,
) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    userAgent,
    ...(phone && { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
  });
  const page = await context.newPage();
  if (slow) {
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.enable");
    await devtools.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 2000,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    // Not the CPU as well: Chromium's CPU throttling kept both cores busy for the whole test (some 37
    // core-seconds against 13 without it), and the network alone makes the page late.
  }
  await page.goto(path);
  await measuring(page);
  // The script came after the page was interactive.
  const [loaded, fetched] = await page.evaluate(() => [
    performance.getEntriesByType("navigation")[0]!.toJSON().loadEventEnd as number,
    performance.getEntriesByType("resource").find((entry) => entry.name.includes("/assets/web-vitals-"))!
      .startTime,
  ]);
  expect(fetched).toBeGreaterThanOrEqual(loaded);
  if (slow) {
    await page.evaluate(async () => {
      const banner = document.createElement("div");
      banner.style.height = "320px";
      banner.textContent = "A late banner";
      document.querySelector("main")!.prepend(banner);
      document.querySelector("h1")!.addEventListener("click", () => {
        const until = performance.now() + 600;
        while (performance.now() < until);
      });
      await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    });
  }
  await page.locator("h1").click();
  // The visitor waits for the page to answer (the next paint ends the interaction's measurement).
  await page.evaluate(
    (slow) =>
      new Promise((answered) => {
        if (!slow) return requestAnimationFrame(() => requestAnimationFrame(answered));
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((entry) => entry.duration >= 500)) return;
          observer.disconnect();
          answered(null);
        }).observe({ type: "event", buffered: true, durationThreshold: 104 } as PerformanceObserverInit);
      }),
    slow,
  );
  expect(await context.cookies()).toEqual([]);
  // Closing the tab hides the page: web-vitals reports, the script sends. (Leaving for another address
  // would do the same, but Chromium sends a leaving page's beacons without the test's User-Agent,
  // as a headless browser the site does not count.) The browser profile stays open while the beacon goes.
  await page.close();
  return context;
}

type Report = {
  vitals: {
    desktop: Record<string, { verdict: string | null; n: number }>;
    pages: {
      path: string;
      views: number;
      desktop: Record<string, { p75: number | null; verdict: string | null; n: number; cause?: string }>;
      phone: Record<string, { p75: number | null; verdict: string | null; n: number; cause?: string }>;
    }[];
  };
};

test("slow, shifting and late-answering pages show as poor, a quick one by its measured figures, in the API and on the screen", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visits = [
    ...Array.from({ length: VISITORS }, (_, n) =>
      visitAndLeave(browser, "/work", { userAgent: DESKTOP(n), slow: true }),
    ),
    ...Array.from({ length: VISITORS }, (_, n) =>
      visitAndLeave(browser, "/about", { userAgent: PHONE(n), phone: true }),
    ),
  ];
  const contexts = await Promise.all(visits);

  const cookie = await adminSessionCookie(server.baseURL);
  const report = async () =>
    (await (
      await fetch(`${server.baseURL}/api/analytics?period=7d`, { headers: { Cookie: cookie } })
    ).json()) as Report;
  const pageOf = async (path: string) => (await report()).vitals.pages.find((page) => page.path === path);
  // The last beacons leave as the pages close.
  const counts = async () => {
    const [work, about] = [await pageOf("/work"), await pageOf("/about")];
    return [work?.desktop, about?.phone].flatMap((figures) =>
      ["LCP", "INP", "CLS"].map((v) => figures?.[v]?.n),
    );
  };
  await expect.poll(counts, { timeout: 15_000 }).toEqual(Array(6).fill(VISITORS));
  await Promise.all(contexts.map((context) => context.close()));

  const work = (await pageOf("/work"))!;
  expect(work.desktop.LCP).toMatchObject({ verdict: "poor", n: VISITORS });
  expect(work.desktop.LCP!.p75).toBeGreaterThan(4000);
  expect(work.desktop.LCP!.cause).toBeTruthy();
  expect(work.desktop.CLS).toMatchObject({ verdict: "poor", n: VISITORS });
  expect(work.desktop.CLS!.cause).toBeTruthy();
  expect(work.desktop.INP).toMatchObject({ verdict: "poor", n: VISITORS });
  expect(work.desktop.INP!.cause).toMatch(/ on h1 /);
  expect(work.views).toBe(VISITORS);

  // How fast a quick page loads, answers and settles on a phone is the machine's speed, not the product's:
  // on a slow or busy machine it is honestly not "good" (with both cores busy, even /about's CLS came out
  // poor once, though it shifts by under 0.01 with its fonts, images and script held back 2.5 s). What
  // the product owes is a verdict that follows the measured p75 by Google's thresholds.
  const about = (await pageOf("/about"))!;
  const verdicts = (["LCP", "INP", "CLS"] as const).map((vital) => {
    const figure = about.phone[vital]!;
    expect(figure.n).toBe(VISITORS);
    expect(figure.verdict).toBe(verdictOf(vital, figure.p75!));
    return figure.verdict as keyof typeof VERDICT_LABELS;
  });

  // The owner's screen says the same, in words.
  const page = await signedInPage(browser, server.baseURL);
  await page.goto("/admin/analytics?period=7d");
  const speed = page.getByRole("region", { name: "Speed for real visitors" });
  const computers = speed.getByRole("region", { name: "On computers" });
  await expect(computers.getByRole("definition").filter({ hasText: /^\s*Poor$/ })).toHaveCount(3);
  const phones = speed.getByRole("region", { name: "On phones" });
  for (const label of new Set(verdicts.map((verdict) => VERDICT_LABELS[verdict]))) {
    const count = verdicts.filter((verdict) => VERDICT_LABELS[verdict] === label).length;
    await expect(
      phones.getByRole("definition").filter({ hasText: new RegExp(`^\\s*${label}$`) }),
    ).toHaveCount(count);
  }
  const workRow = speed
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: "/work", exact: true }) });
  await expect(workRow.getByText(/^Loading on computers:/)).toBeVisible();
  await expect(workRow.getByText(/Responsiveness on computers:/)).toBeVisible();
  await workRow.getByRole("link", { name: /0 enquiries/ }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries\?page=%2Fwork$/);
  await expect(page.getByText("Enquiries from visits that saw /work.")).toBeVisible();
});
