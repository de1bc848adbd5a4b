import { createHash, randomBytes } from "node:crypto";

import { and, asc, desc, eq, lt } from "drizzle-orm";
import { isbot } from "isbot";

import { getDb } from "#db/client";
import { analyticsSalts, type Attribution, pageViews, visits } from "#db/schema";
import { dublinDay } from "~/lib/dublin-time";
import { attributionOf, type CameFrom, deviceOf, isNewSource, urlOrNull } from "~/lib/traffic-source";

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

function latestVisit(visitor: string, day: string) {
  return getDb()
    .select()
    .from(visits)
    .where(and(eq(visits.visitor, visitor), eq(visits.day, day)))
    .orderBy(desc(visits.lastSeenAt))
    .limit(1)
    .get();
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
const countedPath = (path: string) => !/^\/(admin|api)(\/|$)/.test(path) && !/\.\w{2,5}$/.test(path);

/**
 * Counts a page view, in a visit of its own or the visitor's current one. Returns false when it is not
 * counted: a bot, or a path that is not a public page.
 */
export function recordPageView(view: PageView, now = new Date()): boolean {
  if (isbot(view.userAgent)) return false;
  let url: URL;
  try {
    if (!view.url.startsWith("/") || view.url.startsWith("//")) return false;
    url = new URL(view.url, "http://page.invalid");
  } catch {
    return false;
  }
  if (!countedPath(url.pathname)) return false;
  const day = dublinDay(now);
  const visitor = visitorOf(saltOf(day, true)!, view);
  const attribution = attributionOf(url, view.referrer, view.siteHost);
  getDb().transaction((tx) => {
    const last = latestVisit(visitor, day);
    const carriesOn =
      last &&
      now.getTime() - last.lastSeenAt.getTime() < VISIT_GAP_MS &&
      (!isNewSource(attribution) ||
        (attribution.source === last.source && attribution.campaign === last.campaign));
    let visitId: number;
    if (carriesOn) {
      visitId = last.id;
      tx.update(visits).set({ lastSeenAt: now }).where(eq(visits.id, visitId)).run();
    } else {
      visitId = tx
        .insert(visits)
        .values({
          day,
          visitor,
          startedAt: now,
          lastSeenAt: now,
          ...attribution,
          device: deviceOf(view.userAgent),
        })
        .returning({ id: visits.id })
        .get().id;
    }
    tx.insert(pageViews)
      .values({ visitId, day, path: url.pathname.slice(0, 300), at: now })
      .run();
  });
  return true;
}

/**
 * Where the visit of the person sending an enquiry now came from, and the pages it saw: their visit of
 * today (the same salt, address and browser), or null when there is none (JavaScript off, say).
 */
export function currentVisit(
  client: Client,
  now = new Date(),
): { attribution: Attribution; pages: string[] } | null {
  const day = dublinDay(now);
  const daySalt = saltOf(day, false);
  if (!daySalt) return null;
  const visit = latestVisit(visitorOf(daySalt, client), day);
  if (!visit) return null;
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
  return { attribution: { source, medium, campaign, referrer, landingPage }, pages };
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

/** The visit an enquiry from the page form came from: today's beacon visit, else what the page knew. */
export function visitOfEnquiry({
  came,
  siteHost,
  ...client
}: Client & { siteHost: string; came: CameFrom }): { attribution: Attribution; pages: string[] } | null {
  const visit = currentVisit(client);
  if (visit) return visit;
  if (!came.landing.startsWith("/") || came.landing.startsWith("//")) return null;
  let landing: URL;
  try {
    landing = new URL(came.landing.slice(0, 2000), "http://page.invalid");
  } catch {
    return null;
  }
  return { attribution: attributionOf(landing, came.referrer, siteHost), pages: [landing.pathname] };
}
