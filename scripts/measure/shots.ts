// Screenshots for looking at: PAGES (comma separated) at 390 and 1280 px in dark and light, signed in
// as the admin when ADMIN=1, whole pages when FULL=1. Writes SHOTS_DIR/<name>-<width>-<theme>.png.
// In a path, :post and :case-study stand for the id of the newest seeded post and the first case study
// (e.g. PAGES=/admin/work?edit=:case-study).
// `npm run shots:docs` writes every public page, whole, as WebP into docs/screenshots/ (committed, so the
// next person can compare).
import { mkdirSync, rmSync } from "node:fs";

import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";

import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { E2E_ADMIN, startServer } from "../lib/start-server";

const DOCS_PAGES = [
  "/",
  "/services/seo",
  "/services/paid-ads-management",
  "/work",
  "/work/glow-aesthetics-clinic",
  "/about",
  "/blog",
  "/blog/local-seo-dublin-2026-checklist",
  "/contact",
  "/privacy",
  "/no-such-page",
];
const docs = process.env.DOCS === "1";
const pages = docs ? DOCS_PAGES : (process.env.PAGES ?? "/").split(",");
const dir = docs ? "docs/screenshots" : (process.env.SHOTS_DIR ?? "/tmp/shots");
const full = docs || process.env.FULL === "1";
if (docs) rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
// SHOTS_DATABASE: a copy of a database with content to look at (e.g. a year of analytics).
const server = await startServer(
  process.env.SHOTS_DATABASE ? { DATABASE_PATH: process.env.SHOTS_DATABASE } : {},
);
const seeded = new Database(server.databasePath, { readonly: true });
const ids: Record<string, string> = {
  ":post": (seeded.prepare("select id from posts order by created_at desc").pluck().get() as string) ?? "",
  ":case-study":
    (seeded.prepare("select id from case_studies order by position").pluck().get() as string) ?? "",
};
seeded.close();
const withIds = (path: string) => path.replace(/:post|:case-study/g, (name) => ids[name] ?? name);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
try {
  for (const theme of ["dark", "light"]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        colorScheme: theme as "dark" | "light",
      });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      if (process.env.ADMIN) {
        await page.goto(server.baseURL + "/admin/login");
        // A click before React has taken over the form can be lost on a busy machine.
        await page.locator("html[data-hydrated=true]").waitFor();
        await page.getByLabel("Username").fill(E2E_ADMIN.username);
        await page.getByLabel("Password").fill(E2E_ADMIN.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.waitForURL(/\/admin$/);
      }
      for (const path of pages) {
        await page.goto(server.baseURL + withIds(path));
        if (full) {
          // A full-page shot paints only what has been near the viewport: lay everything out, load
          // every lazy image, then come back to the top.
          await page.addStyleTag({
            content: "main > *, body > footer { content-visibility: visible !important }",
          });
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 600) {
              window.scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 60));
            }
            window.scrollTo(0, 0);
          });
        }
        await page.waitForTimeout(400);
        const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
        const shot = await page.screenshot({ fullPage: full });
        if (docs) await sharp(shot).webp({ quality: 70 }).toFile(`${dir}/${name}-${width}-${theme}.webp`);
        else await sharp(shot).toFile(`${dir}/${name}-${width}-${theme}.png`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
