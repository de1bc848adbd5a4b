import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";

import { chromiumArgs, chromiumPath } from "../lib/chromium";
import { adminSessionCookie, E2E_ADMIN, startServer } from "../lib/start-server";

const dir = "/tmp/langeditor-shots";
const server = await startServer({});
const cookie = await adminSessionCookie(server.baseURL);
const api = (method: string, path: string, body: unknown) =>
  fetch(server.baseURL + path, {
    method,
    headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.baseURL },
    body: JSON.stringify(body),
  });
console.log((await api("PUT", "/api/languages", { default: "en", languages: ["en", "ga", "de"] })).status);
const db = new Database(server.databasePath, { readonly: true });
const post = db.prepare("select id, title from posts where status='published' order by created_at desc").get() as { id: string; title: string };
const study = db.prepare("select id from case_studies order by position").pluck().get() as string;
db.close();
console.log((await api("POST", "/api/blog", { lang: "ga", translationOf: post.id, title: "Dréacht as Gaeilge", excerpt: "Achoimre.", content: "<h2>Réamhrá</h2><p>Tús an aistriúcháin.</p>", status: "draft" })).status);
const pages = [`/admin/posts/${post.id}/translate/ga`, `/admin/case-studies/${study}/translate/ga`];
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const theme of ["dark", "light"]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, colorScheme: theme as "dark" | "light", reducedMotion: "reduce" });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const page = await context.newPage();
      await page.goto(server.baseURL + "/admin/login");
      await page.locator("html[data-hydrated=true]").waitFor();
      await page.getByLabel("Username").fill(E2E_ADMIN.username);
      await page.getByLabel("Password").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL(/\/admin$/);
      for (const [i, path] of pages.entries()) {
        await page.goto(server.baseURL + path);
        await page.locator(".ProseMirror").first().waitFor({ timeout: 20000 }).catch(() => console.log("no prosemirror", path));
        await page.waitForTimeout(500);
        const name = i === 0 ? "post" : "study";
        await sharp(await page.screenshot({ fullPage: false })).toFile(`${dir}/${name}-${width}-${theme}.png`);
        if (width === 1280 && theme === "dark") {
          await page.evaluate(() => window.scrollTo(0, 700));
          await page.waitForTimeout(300);
          await sharp(await page.screenshot()).toFile(`${dir}/${name}-${width}-${theme}-scrolled.png`);
        }
        if (width === 390 && theme === "light") {
          await sharp(await page.screenshot({ fullPage: true })).toFile(`${dir}/${name}-${width}-${theme}-full.png`);
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
