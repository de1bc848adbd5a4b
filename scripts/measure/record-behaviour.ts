// Records what a seeded site answers, so a change that should not alter behaviour (a move of files, a
// rename) can be checked: `npm run record:behaviour -- <folder>` before and after, then `diff -r`.
// Both runs start from one data folder (kept in `<folder>/../behaviour-data` unless BEHAVIOUR_DATA names
// one), so the seeded ids are the same. Asset names, nonces, tokens and times are blanked.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { services } from "../../app/features/pages";
import { adminSessionCookie, makeTemplate, startServer } from "../lib/start-server";

const out = process.argv[2];
if (!out) throw new Error("Name the folder to record into: npm run record:behaviour -- <folder>");
const data = process.env.BEHAVIOUR_DATA ?? path.join(path.dirname(path.resolve(out)), "behaviour-data");
if (!existsSync(data)) {
  const template = await makeTemplate();
  cpSync(template, data, { recursive: true });
  rmSync(template, { recursive: true, force: true });
}
process.env.E2E_TEMPLATE_DIR = data;

const server = await startServer({}, { atRest: true });
const base = server.baseURL;
const owner = await adminSessionCookie(base);

const blank = (text: string) =>
  text
    .replaceAll(base, "http://site")
    .replace(/127\.0\.0\.1:\d+/g, "site")
    .replace(/\b\d\d:\d\d(:\d\d)?<\/time>/g, "CLOCK</time>")
    .replace(/name="handle" value="[^"]*"/g, 'name="handle" value="H"')
    .replace(/\/assets\/[\w.-]+/g, "/assets/A")
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/"nonce":"[^"]*"/g, '"nonce":"N"')
    .replace(/name="(csrf|token|_token|formStartedAt|started)" value="[^"]*"/g, 'name="$1" value="T"')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "TIME")
    .replace(/"(at|uptimeSeconds|ms|checkedAt|lastRunAt)":\s*[\d.]+/g, '"$1":0')
    .replace(/\b1[6-9]\d{11}\b/g, "EPOCH_MS");

async function record(name: string, url: string, init: RequestInit = {}, cookie?: string) {
  const response = await fetch(`${base}${url}`, {
    redirect: "manual",
    ...init,
    headers: {
      Origin: base,
      ...(cookie && { Cookie: cookie }),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const kept = ["content-type", "location", "cache-control", "allow", "x-robots-tag"]
    .map((header) => [header, response.headers.get(header)])
    .filter(([, value]) => value)
    .map(([header, value]) => `${header}: ${blank(value!)}`);
  const type = response.headers.get("content-type") ?? "";
  const body = /json|text|xml|html|javascript/.test(type)
    ? blank(await response.text()).replaceAll("><", ">\n<")
    : `(${(await response.arrayBuffer()).byteLength} bytes)`;
  const file = path.join(out!, `${name.replace(/[^\w.-]+/g, "_")}.txt`);
  writeFileSync(file, `${init.method ?? "GET"} ${url}\n${response.status}\n${kept.join("\n")}\n\n${body}\n`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

type Item = { id: string; slug: string };
const firstOf = async (url: string) =>
  ((await (await fetch(`${base}${url}`, { headers: { Cookie: owner } })).json()) as Item[])[0]!;
const post = await firstOf("/api/blog?limit=1");
const caseStudy = await firstOf("/api/work");

const publicPages = [
  "/",
  ...services.map((service) => `/services/${service.slug}`),
  "/work",
  `/work/${caseStudy.slug}`,
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/cookies",
  "/blog",
  "/blog?page=2",
  `/blog/${post.slug}`,
  "/newsletter/confirm?token=forged",
  "/newsletter/unsubscribe?token=forged",
  "/rss.xml",
  "/sitemap.xml",
  "/robots.txt",
  "/no-such-page",
  "/Work",
  "/healthz",
];
for (const url of publicPages) await record(`public${url}`, url);

const apiReads = [
  "/api/blog",
  `/api/blog/${post.id}`,
  `/api/blog/${post.id}/revisions`,
  "/api/work",
  `/api/work/${caseStudy.id}`,
  "/api/team",
  "/api/testimonials",
  "/api/settings",
  "/api/contacts",
  "/api/redirects",
  "/api/not-found",
  "/api/analytics?period=30d",
  "/api/media",
  "/api/images",
  "/api/links",
];
for (const url of apiReads) {
  await record(`api-anonymous${url}`, url);
  await record(`api-owner${url}`, url, {}, owner);
}
const json = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
await record("api-errors/contact-empty", "/api/contact", json({}));
await record("api-errors/newsletter-bad", "/api/newsletter", json({ email: "nope" }));
await record("api-errors/login-wrong", "/api/auth/login", json({ username: "admin", password: "wrong" }));
await record("api-errors/blog-empty", "/api/blog", json({}), owner);
await record("api-errors/event-get", "/api/event");

const adminScreens = [
  "/admin/login",
  "/admin/posts",
  `/admin/posts?edit=${post.id}`,
  `/admin/posts/${post.id}/revisions`,
  `/admin/posts/${post.id}/newsletter`,
  "/admin/subscribers",
  "/admin/redirects",
  "/admin/enquiries",
  "/admin/privacy",
  "/admin/deliveries",
  "/admin/analytics",
  "/admin/sessions",
  "/admin/account",
  "/admin/staff",
  "/admin/audit",
  "/admin/media",
  "/admin/case-studies",
  `/admin/case-studies?edit=${caseStudy.id}`,
  "/admin/team",
  "/admin/testimonials",
  "/admin/clients",
  "/admin/packages",
  "/admin/settings",
  "/admin/newsletter.csv",
  "/admin/enquiries.csv",
  "/admin/auto-reply-preview",
];
for (const url of adminScreens) {
  await record(`admin-anonymous${url}`, url);
  await record(`admin-owner${url}`, url, {}, owner);
}

await server.stop();
console.log(`Recorded into ${out} (data folder ${data}).`);
