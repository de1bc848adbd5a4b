// npm run audit: Lighthouse (mobile preset) in Debian Chromium against the production build.
// Prints the four scores per page and the home page's budget; exits 1 when accessibility, best
// practices or SEO is below 100 or the home page is over its JavaScript/CSS budget.
import { gzipSync } from "node:zlib";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { startServer } from "./lib/start-server";

// AUDIT_PAGES=/contact,/blog npm run audit   (some pages only)
const PAGES = process.env.AUDIT_PAGES?.split(",") ?? [
  "/",
  "/services/seo",
  "/work",
  "/work/paynest",
  "/about",
  "/contact",
  "/blog",
  "/blog/local-seo-dublin-2026-checklist",
];
const MUST_BE_100 = ["accessibility", "best-practices", "seo"] as const;
const BUDGET = { jsKb: 100, cssKb: 30 };

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };

/** Issue 8's budget for the home page: JS and CSS (gzip, inline included), other hosts, layout shift. */
async function homeBudget(
  lhr: { audits: Record<string, { details?: unknown; numericValue?: number }> },
  origin: string,
) {
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })?.items ?? [];
  const transferred = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const html = await (await fetch(origin + "/")).text();
  const inline = (tag: "script" | "style") =>
    [
      ...html.matchAll(new RegExp(`<${tag}(?![^>]*application/ld\\+json)[^>]*>([\\s\\S]*?)</${tag}>`, "g")),
    ].reduce((n, m) => n + gzipSync(m[1]!).length, 0);
  const jsKb = (transferred("Script") + inline("script")) / 1024;
  const cssKb = (transferred("Stylesheet") + inline("style")) / 1024;
  const otherHosts = requests.filter((r) => !r.url.startsWith(origin) && !r.url.startsWith("data:")).length;
  const shift = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0;
  console.log(
    `    budget: JavaScript ${jsKb.toFixed(1)} KB (≤ ${BUDGET.jsKb}), CSS ${cssKb.toFixed(1)} KB (≤ ${BUDGET.cssKb}), requests to other hosts ${otherHosts} (0), layout shift ${shift.toFixed(3)}`,
  );
  return jsKb <= BUDGET.jsKb && cssKb <= BUDGET.cssKb && otherHosts === 0;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
let failed = false;
try {
  console.log(`${"page".padEnd(40)} perf  a11y  best  seo`);
  for (const path of PAGES) {
    const result = await lighthouse(`${server.baseURL}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
    });
    const categories = result!.lhr.categories;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const row = [score("performance"), score("accessibility"), score("best-practices"), score("seo")];
    console.log(`${path.padEnd(40)} ${row.map((s) => String(s).padStart(4)).join("  ")}`);
    if (path === "/" && !(await homeBudget(result!.lhr as never, server.baseURL))) failed = true;
    for (const key of MUST_BE_100) {
      if (score(key) < 100) {
        failed = true;
        const audits = Object.values(result!.lhr.audits).filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            categories[key]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
        );
        for (const audit of audits) console.log(`    ${key}: ${audit.id} — ${audit.title}`);
      }
    }
    if (score("performance") < 100) {
      const opportunities = [
        "largest-contentful-paint",
        "first-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ]
        .map((id) => result!.lhr.audits[id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => `${a!.id} ${a!.displayValue ?? ""}`);
      if (opportunities.length) console.log(`    performance below 100: ${opportunities.join(", ")}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
if (failed) {
  console.error(
    "Accessibility, best practices and SEO must all be 100, and the home page within its budget.",
  );
  process.exit(1);
}
