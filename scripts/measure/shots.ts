// Screenshots for looking at, at 390 and 1280 px in dark and light, into SHOTS_DIR (/tmp/shots; kept out
// of the repository) as <name>-<width>-<theme>.png. Without PAGES: every public page (the sitemap's,
// the contact page and a 404), whole. PAGES (comma separated) names others, e.g. the admin's with
// ADMIN=1 (signed in first); FULL=1 takes those whole too. In a path, :post and :case-study stand for the
// id of the newest seeded post and the first case study (e.g. PAGES=/admin/case-studies?edit=:case-study).
// SHOTS_DATABASE (with SHOTS_UPLOADS, the files it names) serves a site prepared beforehand.
import { mkdirSync } from "node:fs";

import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";

import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { E2E_ADMIN, startServer } from "../lib/start-server";

const dir = process.env.SHOTS_DIR ?? "/tmp/shots";
const everyPage = !process.env.PAGES;
const full = everyPage || process.env.FULL === "1";
mkdirSync(dir, { recursive: true });
const server = await startServer({
  ...(process.env.SHOTS_DATABASE ? { DATABASE_PATH: process.env.SHOTS_DATABASE } : {}),
  // The uploaded files that database names (its own folder's "uploads" when set up beside it).
  ...(process.env.SHOTS_UPLOADS ? { UPLOADS_DIR: process.env.SHOTS_UPLOADS } : {}),
});
const seeded = new Database(server.databasePath, { readonly: true });
const ids: Record<string, string> = {
  ":post": (seeded.prepare("select id from posts order by created_at desc").pluck().get() as string) ?? "",
  ":case-study":
    (seeded.prepare("select id from case_studies order by position").pluck().get() as string) ?? "",
};
seeded.close();
/** Every public page: the sitemap's addresses, the contact page and a page that does not exist. */
async function publicPages(baseURL: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return [...new Set([...paths, "/contact", "/no-such-page"])];
}
const pages = everyPage ? await publicPages(server.baseURL) : process.env.PAGES!.split(",");
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
        // Pages at rest: the home headline's one-off glitch is not caught mid-effect.
        reducedMotion: "reduce",
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
        await sharp(shot).toFile(`${dir}/${name}-${width}-${theme}.png`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
