import { chromium } from "@playwright/test";
const [url, selector, out, theme = "dark", width = "1280"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
const page = await ctx.newPage();
await page.goto(url, { waitUntil: "networkidle" });
const el = page.locator(selector).first();
await el.scrollIntoViewIfNeeded();
await page.waitForTimeout(2000);
await el.screenshot({ path: out });
await browser.close();
