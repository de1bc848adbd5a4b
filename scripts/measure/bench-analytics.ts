// The analytics figures (part of `npm run bench`, or alone: `npm run bench:analytics`):
// 1. POST /api/event, the page beacon (a page view, then its vitals), under load: events per second and p99 (goal ≥ 2,000/s, ≤ 20 ms),
//    with 5,000 visitors' addresses (X-Forwarded-For from loopback, which the default TRUST_PROXY trusts).
// 2. A year of synthetic traffic (~1 M page views and their Web Vitals, ~2,000 enquiries) written as raw
//    events, rolled up by the server at start, then the dashboard and GET /api/analytics over the 12
//    months (goal ≤ 300 ms), and what the year's vitals take on disk.
// Figures only: nothing here is a test.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";

import autocannon, { type Result } from "autocannon";
import Database from "better-sqlite3";

import { addDays, dublinDay } from "../../app/platform/text/dublin-time";
import { percentile } from "../lib/percentile";
import { adminSessionCookie, type RunningServer, startServer } from "../lib/start-server";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_LANGUAGES=ga: the site in English and Irish, every other visitor landing on an Irish page. */
const otherLanguage = process.env.BENCH_LANGUAGES;
const inLanguage = (visitor: number, page: string) =>
  otherLanguage && visitor % 2 ? `/${otherLanguage}${page === "/" ? "" : page}` : page;
const PERSON =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const PAGES = [
  "/",
  "/services/seo",
  "/services/ppc",
  "/services/social-media",
  "/services/web-design",
  "/services/email-marketing",
  "/services/automation-ai-app-development",
  "/work",
  "/about",
  "/contact",
  "/blog",
  ...Array.from({ length: 30 }, (_, i) => `/blog/post-${i + 1}`),
];
const SOURCES: [string, string, string | null][] = [
  ["Direct", "none", null],
  ["Google", "organic", null],
  ["Google", "organic", null],
  ["LinkedIn", "social", null],
  ["newsletter", "email", "monthly"],
  ["google", "cpc", "brand"],
  ["facebook", "paid-social", "autumn-offer"],
  ["irishtimes.com", "referral", null],
];
const DEVICES = ["mobile", "mobile", "desktop", "desktop", "tablet"] as const;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** A page's Web Vitals as a browser sends them when it is hidden. */
const vitalsOf = (page: string) => [
  ["LCP", 900 + Math.random() * 3500, "img “Team at work”"],
  ["INP", 40 + Math.random() * 400, `click on a “${page}”`],
  ["CLS", Math.random() * 0.3, "section “Our services”"],
  ["FCP", 400 + Math.random() * 1500],
  ["TTFB", 50 + Math.random() * 400],
];

/**
 * Beacons from 5,000 addresses at most `rate` a second (0: as fast as 20 connections go): each
 * visitor's page view, then that page's vitals.
 */
function beacons(server: RunningServer, rate: number) {
  let n = 0;
  return autocannon({
    url: `${server.baseURL}/api/event`,
    duration: seconds,
    connections: 20,
    ...(rate && { overallRate: rate }),
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const visitor = ++n >> 1;
          const page = inLanguage(visitor, PAGES[visitor % PAGES.length]!);
          return {
            ...request,
            headers: {
              "Content-Type": "text/plain;charset=UTF-8",
              "User-Agent": PERSON,
              Origin: server.baseURL,
              "X-Forwarded-For": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 19}.${visitor & 255}`,
            },
            body: JSON.stringify(
              n % 2
                ? { p: `${page}${visitor % 7 ? "" : "?utm_source=newsletter"}`, r: "" }
                : { p: page, m: vitalsOf(page) },
            ),
          };
        },
      },
    ],
  }) as Promise<Result>;
}

async function eventThroughput(server: RunningServer) {
  console.log(`POST /api/event (the page beacon: a page view, then its vitals), ${seconds} s each:`);
  for (const rate of [0, 2000]) {
    const result = await beacons(server, rate);
    const errors = result.errors + result.non2xx + result.timeouts;
    const label = rate ? `at ${rate.toLocaleString("en-IE")}/s offered` : "flat out, 20 connections";
    const goal = rate
      ? `  goal ≥ 2,000/s with p99 ≤ 20 ms: ${result.requests.average >= rate * 0.98 && result.latency.p99 <= 20 ? "met" : "NOT met"}`
      : "";
    console.log(
      `  ${label.padEnd(26)}${result.requests.average.toFixed(0).padStart(6)} events/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${errors ? `  (${errors} errors)` : ""}${goal}`,
    );
  }
}

/** ~1 M page views over the 365 days before today, as raw events, plus the year's enquiries. */
export function writeSyntheticYear(file: string) {
  const db = new Database(file);
  const today = dublinDay(new Date());
  const addVisit = db.prepare(
    `insert into visits (day, visitor, started_at, last_seen_at, landing_page, referrer, source, medium, campaign, device)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const addView = db.prepare("insert into page_views (visit_id, day, path, at) values (?, ?, ?, ?)");
  const addVital = db.prepare(
    "insert into page_vitals (page_view_id, day, vital, value, cause) values (?, ?, ?, ?, ?)",
  );
  const addEnquiry = db.prepare(
    `insert into enquiries (id, name, email, goals, status, attribution, visit_pages, created_at)
     values (?, ?, ?, ?, 'new', ?, ?, ?)`,
  );
  let views = 0;
  let enquiries = 0;
  db.transaction(() => {
    // The load test's beacons (tens of thousands today) are not this site's traffic.
    db.exec("delete from page_vitals; delete from page_views; delete from visits;");
    // A year of finished days, and today so far (raw, not rolled up yet).
    for (let d = 365; d >= 0; d--) {
      const day = addDays(today, -d);
      const noon = Date.parse(`${day}T${d ? "12" : "00"}:00:00Z`);
      for (let v = 0; v < (d ? 1100 : 600); v++) {
        const [source, medium, campaign] = pick(SOURCES);
        const landing = pick(PAGES);
        const at = noon + v * 30_000;
        const id = addVisit.run(
          day,
          randomUUID().replaceAll("-", ""),
          at,
          at,
          landing,
          medium === "referral" ? `https://www.${source}/` : null,
          source,
          medium,
          campaign,
          pick(DEVICES),
        ).lastInsertRowid;
        const pages = [landing, ...Array.from({ length: Math.floor(Math.random() * 4) }, () => pick(PAGES))];
        for (const [i, path] of pages.entries()) {
          const view = addView.run(id, day, path, at + i * 20_000).lastInsertRowid;
          // Most views send their vitals (INP only after a click); the rest left too soon.
          if (Math.random() < 0.85)
            for (const [vital, value, cause] of vitalsOf(path))
              if (vital !== "INP" || Math.random() < 0.6)
                addVital.run(view, day, vital, value, cause ?? null);
        }
        views += pages.length;
        if (Math.random() < 0.005) {
          enquiries++;
          addEnquiry.run(
            randomUUID(),
            `Bench ${enquiries}`,
            `bench-${enquiries}@example.ie`,
            "A synthetic enquiry.",
            JSON.stringify({ source, medium, campaign, referrer: null, landingPage: landing }),
            JSON.stringify(pages),
            at + 60_000,
          );
        }
      }
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return { views, enquiries };
}

async function timed(url: string, cookie: string, runs = 20) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { Cookie: cookie } });
    bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.round(Math.max(...times)),
    bytes,
  };
}

export async function benchAnalytics() {
  let server = await startServer({ LOG_LEVEL: process.env.LOG_LEVEL ?? "info" }, { atRest: true });
  const databasePath = server.databasePath;
  try {
    if (otherLanguage) {
      const languages = await fetch(`${server.baseURL}/api/languages`, {
        method: "PUT",
        headers: {
          Cookie: await adminSessionCookie(server.baseURL),
          Origin: server.baseURL,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ default: "en", languages: ["en", otherLanguage] }),
      });
      if (!languages.ok) throw new Error(`PUT /api/languages answered ${languages.status}`);
      console.log(`The site in English and ${otherLanguage}: every other visitor lands on a page in it.`);
    }
    await eventThroughput(server);
  } finally {
    // Stopped, not removed: its database is where the synthetic year goes.
    await server.kill("SIGTERM");
  }

  const writing = performance.now();
  const year = writeSyntheticYear(databasePath);
  console.log(
    `\nA synthetic year: ${year.views.toLocaleString("en-IE")} page views, ${year.enquiries} enquiries, written in ${((performance.now() - writing) / 1000).toFixed(1)} s`,
  );
  const starting = performance.now();
  // Not at rest: the time until it answers is the figure here.
  server = await startServer({ DATABASE_PATH: databasePath, LOG_LEVEL: "info" }, { startSeconds: 300 });
  try {
    const rolled = /rolled up (\d+) finished day/.exec(server.output())?.[1];
    console.log(
      `  rolled up at start: ${rolled ?? "?"} days (server ready in ${((performance.now() - starting) / 1000).toFixed(1)} s)`,
    );
    const db = new Database(databasePath, { readonly: true });
    const { n } = db.prepare("select count(*) as n from analytics_daily").get() as { n: number };
    const vitals = db
      .prepare(
        `select count(*) as n, sum(length(day) + length(page) + length(device) + length(histograms) + length(causes)) as bytes
         from vitals_daily`,
      )
      .get() as { n: number; bytes: number };
    const raw = db.prepare("select count(*) as n from page_vitals").get() as { n: number };
    db.close();
    console.log(`  analytics_daily: ${n.toLocaleString("en-IE")} rows for the year`);
    console.log(
      `  vitals_daily: ${vitals.n.toLocaleString("en-IE")} rows, ${(vitals.bytes / 1024 / 1024).toFixed(1)} MB of values for the year (${Math.round(vitals.bytes / 365 / 1024)} KB a day); ${raw.n.toLocaleString("en-IE")} raw vitals kept for the last days`,
    );
    const cookie = await adminSessionCookie(server.baseURL);
    console.log(
      `\n${"12 months, sequential (ms)".padEnd(40)}${"p50".padStart(6)}${"p99".padStart(6)}${"max".padStart(6)}${"KB".padStart(6)}  goal`,
    );
    const paths = ["/admin/analytics?period=365d", "/api/analytics?period=365d", "/admin/analytics"];
    if (otherLanguage) paths.push(`/api/analytics?period=365d&lang=${otherLanguage}`);
    for (const path of paths) {
      const t = await timed(server.baseURL + path, cookie);
      console.log(
        `${path.padEnd(40)}${String(t.p50).padStart(6)}${String(t.p99).padStart(6)}${String(t.max).padStart(6)}${String(Math.round(t.bytes / 1024)).padStart(6)}  ≤ 300 ${t.p99 <= 300 ? "met" : "NOT met"}`,
      );
    }
  } finally {
    await server.stop();
    rmSync(path.dirname(databasePath), { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnalytics();
