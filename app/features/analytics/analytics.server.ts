import { createHash, randomBytes } from "node:crypto";

import { asc, eq, lt } from "drizzle-orm";
import { isbot } from "isbot";
import { z } from "zod";

import { analyticsSalts, type Attribution, pageViews } from "#db/schema";
import {
  attributionOf,
  type CameFrom,
  deviceOf,
  isNewSource,
  urlOrNull,
} from "~/features/analytics/traffic-source";
import { getDb } from "~/platform/db.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { log } from "~/platform/log.server";
import { dublinDay } from "~/platform/text/dublin-time";

import { landingOf } from "./landings.server";
import { liveCounts, VISIT_DIMENSIONS } from "./live-counts.server";
import { dimensionIn, visitLanguage } from "./visit-language";
import { visitorBits } from "./visitor-sketch";
import { type Measured, MeasuredSchema } from "./vitals/measured";
import { deviceClassOf } from "./vitals/vitals-days.server";
import { liveVitals } from "./vitals/vitals-live.server";

// Cookie-free analytics (decision 028): a visitor is a hash of today's random salt, their address and
// their browser's User-Agent. Nothing is stored on their device, and once the day's salt is deleted no
// hash can be tied to an address or to the same person on another day.

/** A visit ends after this long without a page view. */
const VISIT_GAP_MS = 30 * 60 * 1000;
/** At most this many of a visit's pages are kept on the enquiry it sent. */
const VISIT_PAGES_KEPT = 30;

let salt: { day: string; value: string } | undefined;

/** Today's salt, made at the day's first page view; yesterday's and older are deleted then. */
function saltOf(day: string, create: boolean): string | null {
  if (salt?.day === day) return salt.value;
  const db = getDb();
  let row = db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day)).get();
  if (!row && !create) return null;
  if (!row) {
    db.transaction((tx) => {
      tx.delete(analyticsSalts).where(lt(analyticsSalts.day, day)).run();
      tx.insert(analyticsSalts)
        .values({ day, salt: randomBytes(16).toString("hex") })
        .onConflictDoNothing()
        .run();
    });
    row = db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day)).get()!;
  }
  salt = { day, value: row.salt };
  return row.salt;
}

/** Tests and the bench change databases; the cached salt belongs to the old one. */
export const forgetSalt = () => (salt = undefined);

type Client = { ip: string; userAgent: string };

const visitorOf = (daySalt: string, { ip, userAgent }: Client) =>
  createHash("sha256").update(`${daySalt}|${ip}|${userAgent}`).digest("hex").slice(0, 32);

/**
 * The visitor a request is today, as the page views count them (the same salted daily hash), for the
 * experiments' assignment and conversions. `create` makes the day's salt when there is none yet (a page
 * shown); without it, null when no page has been counted today (nobody can have been shown anything).
 */
export function visitorToday(client: Client, { create, now = new Date() }: { create: boolean; now?: Date }) {
  const day = dublinDay(now);
  const daySalt = saltOf(day, create);
  return daySalt ? { day, visitor: visitorOf(daySalt, client) } : null;
}

type Statements = ReturnType<typeof prepare>;
const statements = new WeakMap<object, Statements>();

/**
 * The page view's statements, prepared once per connection: a beacon must cost tens of microseconds,
 * and preparing (what the query builder does on every call) costs more than running (decision 028).
 * Each page view is counted into the day's figures as it is written (live-counts.server.ts): a report
 * never reads the raw rows, which are kept only as long as a visit or its vitals can still need them.
 */
function prepare(sqlite: ReturnType<typeof getDb>["$client"]) {
  const latest = sqlite.prepare<[string, string], VisitRow>(
    `select id, started_at as startedAt, last_seen_at as lastSeenAt, source, medium, campaign, referrer,
       landing_page as landingPage, device
     from visits where visitor = ? and day = ? order by last_seen_at desc limit 1`,
  );
  const touch = sqlite.prepare<[number, number]>("update visits set last_seen_at = ? where id = ?");
  const start = sqlite.prepare(
    `insert into visits (day, visitor, started_at, last_seen_at, landing_page, referrer, source, medium, campaign, device)
     values (@day, @visitor, @at, @at, @landingPage, @referrer, @source, @medium, @campaign, @device)`,
  );
  const view = sqlite.prepare<[number, string, string, number]>(
    "insert into page_views (visit_id, day, path, at) values (?, ?, ?, ?)",
  );
  const seenInVisit = sqlite
    .prepare<[number, string], number>("select 1 from page_views where visit_id = ? and path = ? limit 1")
    .pluck();
  const viewOf = sqlite.prepare<[string, string, string], { id: number; device: string }>(
    `select p.id, v.device from page_views p join visits v on v.id = p.visit_id
     where v.visitor = ? and v.day = ? and p.path = ? order by p.id desc limit 1`,
  );
  const measuredBefore = sqlite.prepare<[number, string], { value: number; cause: string | null }>(
    "select value, cause from page_vitals where page_view_id = ? and vital = ?",
  );
  // A page sends its vitals again when they change (the visitor came back and scrolled on): the last
  // values are the page view's.
  const measure = sqlite.prepare<[number, string, string, number, string | null]>(
    `insert into page_vitals (page_view_id, day, vital, value, cause) values (?, ?, ?, ?, ?)
     on conflict (page_view_id, vital) do update set value = excluded.value, cause = excluded.cause`,
  );
  const counts = liveCounts(sqlite);
  const histograms = liveVitals(sqlite);
  // The site's languages, read once a batch.
  let site = siteLanguages();
  const vitals = ({ visitor, day, path, measured }: PendingVitals) => {
    const seen = viewOf.get(visitor, day, path);
    if (!seen) return;
    for (const [vital, value, cause] of measured) {
      const before = measuredBefore.get(seen.id, vital);
      measure.run(seen.id, day, vital, value, cause ?? null);
      histograms.add(day, path, deviceClassOf(seen.device), { vital, value, cause: cause ?? null }, before);
    }
  };
  const one = (pending: Pending) => {
    if ("measured" in pending) return vitals(pending);
    const { visitor, day, path, at, attribution, device } = pending;
    const last = latest.get(visitor, day);
    const carriesOn =
      last &&
      at - last.lastSeenAt < VISIT_GAP_MS &&
      (!isNewSource(attribution) ||
        (attribution.source === last.source && attribution.campaign === last.campaign));
    const bits = visitorBits(visitor);
    let visit: Attribution & { id: number; device: string };
    let pageSeen = false;
    if (carriesOn) {
      visit = last;
      touch.run(at, visit.id);
      pageSeen = seenInVisit.get(visit.id, path) !== undefined;
    } else {
      visit = {
        id: Number(start.run({ day, visitor, at, ...attribution, device }).lastInsertRowid),
        ...attribution,
        device,
      };
    }
    view.run(visit.id, day, path, at);
    // A visit counts once for its page and its values, its views each time; a visitor once a day.
    const visits = carriesOn ? 0 : 1;
    const newVisit = carriesOn ? undefined : bits;
    const lang = visitLanguage(visit.landingPage, site);
    counts.add(day, "language", lang, visits, 1, newVisit);
    // The whole site's figures, and for a visit in another language than the default that
    // language's too (the default language's are the whole site's less the others').
    for (const each of lang === site.default ? [null] : [null, lang]) {
      counts.add(day, dimensionIn("page", each), path, pageSeen ? 0 : 1, 1, bits);
      counts.add(day, dimensionIn("total", each), "", visits, 1, newVisit);
      for (const [dimension, field] of VISIT_DIMENSIONS) {
        const value = visit[field];
        if (value !== null) counts.add(day, dimensionIn(dimension, each), value, visits, 1, newVisit);
      }
    }
  };
  const transaction = sqlite.transaction((views: Pending[]) => {
    site = siteLanguages();
    views.forEach(one);
    counts.write();
    histograms.write();
  });
  const record = (views: Pending[]) => {
    try {
      // Begun as a writer: it reads visits, then writes (see openDatabase's beginAsWriter).
      transaction.immediate(views);
    } finally {
      counts.discard();
      histograms.discard();
    }
  };
  return { latest, record };
}

type VisitRow = Attribution & { id: number; startedAt: number; lastSeenAt: number; device: string };

function statementsOf(): Statements {
  const sqlite = getDb().$client;
  let prepared = statements.get(sqlite);
  if (!prepared) statements.set(sqlite, (prepared = prepare(sqlite)));
  return prepared;
}

export type PageView = Client & {
  /** The page's path and query, as the beacon sent it ("/services/seo?utm_source=newsletter"). */
  url: string;
  /** document.referrer: where the visitor came from ("" when nowhere, or this site's own page). */
  referrer: string;
  /** This site's host, to tell its own pages from other sites. */
  siteHost: string;
};

/** Whether a path is one of the public pages counted (not the admin, the API or a file). */
const countedPath = (path: string) => !/^\/(admin|api)(\/|$)/i.test(path) && !/\.\w{2,5}$/.test(path);

/** A beacon's page ("/services/seo?utm_source=x") as a URL, or null when it is not a public page. */
function countedUrl(page: string): URL | null {
  if (!page.startsWith("/") || page.startsWith("//")) return null;
  try {
    const url = new URL(page, "http://page.invalid");
    return countedPath(url.pathname) ? url : null;
  } catch {
    return null;
  }
}

const pathOf = (url: URL) => url.pathname.slice(0, 300);

/**
 * Counts a page view, in a visit of its own or the visitor's current one. Returns false when it is not
 * counted: a bot, or a path that is not a public page.
 */
export function recordPageView(view: PageView, now = new Date()): boolean {
  if (isbot(view.userAgent)) return false;
  const url = countedUrl(view.url);
  if (!url) return false;
  const day = dublinDay(now);
  const visitor = visitorOf(saltOf(day, true)!, view);
  queue({
    visitor,
    day,
    path: pathOf(url),
    at: now.getTime(),
    attribution: attributionOf(url, view.referrer, view.siteHost),
    device: deviceOf(view.userAgent),
  });
  return true;
}

/**
 * Keeps a page's Web Vitals with the visitor's latest view of that page today (decision 048): the
 * same hash as the view, so nothing new is learnt about the visitor. Vitals of a page view never
 * counted (a bot, a made-up page, yesterday's salt) are dropped when they are written.
 */
export function recordVitals(page: string, measured: Measured[], client: Client, now = new Date()) {
  if (isbot(client.userAgent)) return;
  const url = countedUrl(page);
  const day = dublinDay(now);
  const daySalt = saltOf(day, false);
  if (!url || !daySalt) return;
  queue({ visitor: visitorOf(daySalt, client), day, path: pathOf(url), measured });
}

function queue(event: Pending) {
  pending.push(event);
  if (pending.length === FLUSH_AT) {
    clearTimeout(flushTimer);
    flushTimer = setTimeout(writeSome, 0);
  } else flushTimer ??= setTimeout(writeSome, FLUSH_AFTER_MS);
}

type PendingView = {
  visitor: string;
  day: string;
  path: string;
  at: number;
  attribution: Attribution;
  device: string;
};
type PendingVitals = { visitor: string; day: string; path: string; measured: Measured[] };
type Pending = PendingView | PendingVitals;

/**
 * Page views wait up to FLUSH_AFTER_MS (or until FLUSH_AT of them) and are written WRITTEN_AT_ONCE to a
 * transaction: one commit per view wrote ~6 pages of log each and stalled on checkpoints (p99 of
 * 80-100 ms at 2,000 views a second), while all of them at once, on the request that made them 200,
 * held every other request up for as long; a crash loses at most that moment's views.
 */
const FLUSH_AFTER_MS = 50;
const FLUSH_AT = 200;
const WRITTEN_AT_ONCE = 50;
let pending: Pending[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Writes the next WRITTEN_AT_ONCE page views, and the rest on later turns of the event loop. */
function writeSome() {
  flushTimer = undefined;
  const views = pending.splice(0, WRITTEN_AT_ONCE);
  try {
    if (views.length > 0) statementsOf().record(views);
  } catch (error) {
    // A full disk, say: these views are lost, the next ones are tried again.
    log.error({ err: error }, `Writing ${views.length} page views failed`);
  }
  if (pending.length > 0) flushTimer = setTimeout(writeSome, 0);
}

/** Writes the page views waiting (before reading visits, and at shutdown). */
export function flushPageViews() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (pending.length === 0) return;
  const views = pending;
  pending = [];
  statementsOf().record(views);
}

/** The visit an enquiry was sent in: where it came from, the pages it saw, and the counted visit's id. */
export type EnquiryVisit = { attribution: Attribution; pages: string[]; visitId: number | null };

/**
 * Where the visit of the person sending an enquiry now came from, and the pages it saw: their visit of
 * today (the same salt, address and browser) while it lasts (a page counted in the last 30 minutes), or
 * null when there is none (JavaScript off, say, or they last browsed with it hours ago).
 */
export function currentVisit(
  client: Client,
  now = new Date(),
): (EnquiryVisit & { startedAt: number; lastSeenAt: number }) | null {
  flushPageViews();
  const day = dublinDay(now);
  const daySalt = saltOf(day, false);
  if (!daySalt) return null;
  const visit = statementsOf().latest.get(visitorOf(daySalt, client), day);
  if (!visit || now.getTime() - visit.lastSeenAt >= VISIT_GAP_MS) return null;
  const pages = getDb()
    .select({ path: pageViews.path })
    .from(pageViews)
    .where(eq(pageViews.visitId, visit.id))
    .orderBy(asc(pageViews.at))
    .all()
    .map((view) => view.path)
    .filter((path, i, all) => all.indexOf(path) === i)
    .slice(0, VISIT_PAGES_KEPT);
  const { source, medium, campaign, referrer, landingPage } = visit;
  return {
    attribution: { source, medium, campaign, referrer, landingPage },
    pages,
    visitId: visit.id,
    startedAt: visit.startedAt,
    lastSeenAt: visit.lastSeenAt,
  };
}

/**
 * What a page knows of the visit without the beacon (JavaScript off): its own address when a campaign
 * or another site brought the visitor straight to it, else the page of this site they came from.
 */
export function cameFrom(here: URL, referer: string): CameFrom {
  const from = urlOrNull(referer);
  if (from?.host === here.host) return { landing: `${from.pathname}${from.search}`, referrer: "" };
  return { landing: `${here.pathname}${here.search}`, referrer: from?.href ?? "" };
}

/**
 * The visit an enquiry from the page form came from, the latest of what is known of this visitor:
 * - their beacon visit, while it lasts, unless an arrival from outside the site was seen after it began
 *   (back without JavaScript from an ad, or someone else with the same address and phone, who came
 *   in by themselves: they do not inherit the first one's campaign): that arrival;
 * - else, without JavaScript, where the server saw them arrive within the hour (rememberLanding: the
 *   contact page itself, when they came to it straight);
 * - else what the page knew (the page before /contact, or /contact's own address).
 * Only the beacon's visit is a counted one (`visitId`): the conversion rate divides by counted visits.
 */
export function visitOfEnquiry({
  came,
  siteHost,
  ...client
}: Client & { siteHost: string; came: CameFrom }): EnquiryVisit | null {
  const visit = currentVisit(client);
  const arrival = landingOf(client);
  if (visit && !(arrival && arrival.at > visit.startedAt)) {
    const { attribution, pages, visitId } = visit;
    return { attribution, pages, visitId };
  }
  const from = arrival ?? came;
  if (!from.landing.startsWith("/") || from.landing.startsWith("//")) return null;
  let landing: URL;
  try {
    landing = new URL(from.landing.slice(0, 2000), "http://page.invalid");
  } catch {
    return null;
  }
  return {
    attribution: attributionOf(landing, from.referrer, siteHost),
    pages: [landing.pathname],
    visitId: null,
  };
}

/** A beacon is under 1 KB: anything bigger is not one. */
export const BEACON_LIMIT_BYTES = 1024;

const Page = z.string().min(1).max(BEACON_LIMIT_BYTES);
const ViewSchema = z.object({
  /** The page's path and query. */
  p: Page,
  /** document.referrer ("" for none). */
  r: z.string().max(BEACON_LIMIT_BYTES).default(""),
});
const VitalsSchema = z.object({ p: Page, m: MeasuredSchema });

/**
 * A page beacon's body, sent as text/plain by sendBeacon: a page view (`{"p": "/services/seo?utm_source=x",
 * "r": "https://www.google.com/"}`) is counted, the page's Web Vitals (`{"p": "/services/seo", "m":
 * [["LCP", 1830, "img “Team at work”"], …]}`) kept with it. Returns what is wrong with a body that is neither,
 * else null: a bot or an uncounted page is still null, the beacon learns nothing either way.
 */
export function recordBeacon(body: string, client: Omit<PageView, "url" | "referrer">): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return NOT_A_BEACON;
  }
  if (json && typeof json === "object" && "m" in json) {
    const vitals = VitalsSchema.safeParse(json);
    if (!vitals.success) {
      const [issue] = vitals.error.issues;
      return issue?.path[0] === "m" ? `${issue.path.join(".")}: ${issue.message}` : NOT_A_BEACON;
    }
    recordVitals(vitals.data.p, vitals.data.m, client);
    return null;
  }
  const view = ViewSchema.safeParse(json);
  if (!view.success) return NOT_A_BEACON;
  recordPageView({ ...client, url: view.data.p, referrer: view.data.r });
  return null;
}

const NOT_A_BEACON =
  'Send a page view {"p": "<path>", "r": "<referrer>"} or its vitals {"p": "<path>", "m": [["LCP", 1830, "img “Team at work”"], …]} as JSON';
