// npm run audit: Lighthouse (mobile preset) in Debian Chromium against the production build.
// Prints the four scores per page; exits 1 when accessibility, best practices or SEO is below 100.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "../tests/e2e/support/server";

const PAGES = [
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

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let failed = false;
try {
  console.log(`${"page".padEnd(40)} perf  a11y  best  seo`);
  for (const path of PAGES) {
    const result = await lighthouse(`${server.baseURL}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
    const categories = result!.lhr.categories;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const row = [score("performance"), score("accessibility"), score("best-practices"), score("seo")];
    console.log(`${path.padEnd(40)} ${row.map((s) => String(s).padStart(4)).join("  ")}`);
    for (const key of MUST_BE_100) {
      if (score(key) < 100) {
        failed = true;
        const audits = Object.values(result!.lhr.audits).filter((a) => a.score !== null && a.score < 1 && categories[key]?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
        for (const audit of audits) console.log(`    ${key}: ${audit.id} — ${audit.title}`);
      }
    }
    if (score("performance") < 100) {
      const opportunities = ["largest-contentful-paint", "first-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]
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
  console.error("Accessibility, best practices and SEO must all be 100.");
  process.exit(1);
}
