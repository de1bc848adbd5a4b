// Screenshots of pages in both themes, desktop and phone: `node scripts/screenshots.mjs http://localhost:3000 / /about`
// Writes PNGs to test-results/screenshots/ for a person to look at.
import { mkdirSync } from "node:fs";

import { chromium } from "@playwright/test";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const out = "test-results/screenshots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
for (const path of paths.length ? paths : ["/"]) {
  for (const theme of ["dark", "light"]) {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: "networkidle" });
      const file = `${out}/${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${theme}-${name}.png`;
      await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
