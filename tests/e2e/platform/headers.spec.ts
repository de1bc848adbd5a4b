import { execFileSync } from "node:child_process";
import http from "node:http";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { signIn } from "../support/auth";
import { open } from "../support/page";
import { SERVICE_PATHS } from "../support/paths";

function expectSecurityHeaders(
  headers: Record<string, string>,
  what: string,
  resourcePolicy = "same-origin",
) {
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["permissions-policy"], what).toContain("microphone=()");
  expect(headers["permissions-policy"], what).toContain("geolocation=()");
  expect(headers["cross-origin-resource-policy"], what).toBe(resourcePolicy);
  expect(headers["strict-transport-security"], what).toMatch(/max-age=\d+/);
  expect(headers["x-powered-by"], what).toBeUndefined();
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"], what).toBe("DENY"); // one framing policy, said both ways
}

test("a page, an API answer and an upload carry the security headers", async ({ request }) => {
  const page = await request.get("/");
  expectSecurityHeaders(page.headers(), "page");
  const csp = page.headers()["content-security-policy"]!;
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc.split(" ").every((s) => s === "'self'" || s.startsWith("'sha256-"))).toBe(true);
  expectSecurityHeaders((await request.get("/api/blog")).headers(), "api");
  const upload = await request.get("/images/art/fallback-1200x675/480.webp");
  expect(upload.status()).toBe(200);
  // Images are public and shown on other sites' pages (a newsletter's cover in a mail client).
  expectSecurityHeaders(upload.headers(), "static file", "cross-origin");
});

test("the admin's pages are cut off from other windows; public pages are not (decision 017)", async ({
  request,
}) => {
  for (const path of ["/admin/login", "/admin/posts"]) {
    const answer = await request.get(path, { maxRedirects: 0 });
    expect(answer.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
  }
  for (const path of ["/", "/contact", "/blog", "/api/blog", "/favicon.ico"]) {
    expect((await request.get(path)).headers()["cross-origin-opener-policy"], path).toBeUndefined();
  }
});

test("a script that got into a page is refused by the browser; the app's own scripts still run", async ({
  page,
  request,
}) => {
  const real = await (await request.get("/blog")).text();
  const injected = real.replace(
    '<main id="main"',
    '<script>document.documentElement.dataset.pwned = "yes"</script><main id="main"',
  );
  expect(injected).not.toBe(real);
  // The policy the production build computes for that page, now with the foreign script in it (in a
  // plain Node process: the test runner rewrites the code it loads, which would change the hashes).
  const pageCsp = (html: string) =>
    execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { pageCsp } = await import(${JSON.stringify(path.resolve("build/server/index.js"))});
         let html = ""; for await (const chunk of process.stdin) html += chunk;
         process.stdout.write(pageCsp(html));`,
      ],
      { input: html },
    ).toString();
  const csp = pageCsp(injected);
  expect(csp).toBe(pageCsp(real)); // the injected script added nothing
  const refused: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`refused ${e.violatedDirective}`),
    ),
  );
  page.on("console", (message) => message.text().startsWith("refused") && refused.push(message.text()));
  await page.route("**/blog", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": csp },
      body: injected,
    }),
  );
  await open(page, "/blog"); // waits for the page script (it sets data-hydrated)
  await expect(page.locator("html")).not.toHaveAttribute("data-pwned", "yes");
  await expect.poll(() => refused).toContainEqual(expect.stringMatching(/^refused script-src/));
});

test("answers that depend on the admin's session are private and vary with the cookie", async ({
  page,
  request,
}) => {
  const anonymous = await request.get("/api/blog/tiktok-for-b2b"); // a draft
  expect(anonymous.status()).toBe(404);
  expect(anonymous.headers()["vary"]).toMatch(/cookie/i);
  expect((await request.get("/blog/tiktok-for-b2b")).headers()["vary"]).toMatch(/cookie/i);

  await signIn(page);
  for (const path of ["/api/blog/tiktok-for-b2b", "/blog/tiktok-for-b2b", "/blog", "/api/blog"]) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    expect(answer.headers()["vary"], path).toMatch(/cookie/i);
  }
  // Files depend on nobody: they keep their long-lived caching.
  const file = await page.request.get("/images/art/fallback-1200x675/480.webp");
  expect(file.headers()["cache-control"]).not.toContain("no-store");
});

test("a request line naming a whole address (a proxy's form) is a 400, not a 500", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  for (const path of ["http://evil.example/admin/blog/x", "http://evil.example/api/blog", "*"]) {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: hostname, port, path }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(status, path).toBe(400);
  }
});

test("a malformed Host header is a 400, not a 500", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: "/", headers: { Host: "[" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
  expect(status).toBe(400);
});

test("no page breaks its Content-Security-Policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  for (const path of [
    "/",
    ...SERVICE_PATHS,
    "/work",
    "/work/paynest",
    "/about",
    "/contact",
    "/blog",
    "/blog/why-your-website-is-slow",
    "/privacy",
    "/nowhere",
  ]) {
    await open(page, path);
  }
  await signIn(page, undefined, { at: "/admin/posts?new" });
  await open(page, "/admin/enquiries");
  expect(violations).toEqual([]);
});
