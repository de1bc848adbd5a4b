import { createHash } from "node:crypto";

import { isbot } from "isbot";

import { type CameFrom, urlOrNull } from "./traffic-source";

/**
 * Where visitors last arrived on the site (from an ad, a campaign link, another site, or directly),
 * remembered on the server for an hour: a visitor without JavaScript sends no beacon, and by the time
 * they write in from /contact the page they landed on (with its utm_ parameters) is several clicks
 * behind. A direct arrival is kept too: someone else on the same network with the same phone who
 * arrives afterwards replaces the campaign instead of inheriting it. Cookie-free like the rest of the
 * analytics: kept in memory only, under a hash of the address and browser, never stored.
 */
export const LANDING_MINUTES = 60;
/** Beyond this many at once the oldest go first (a flood of referred requests cannot grow memory). */
export const LANDINGS_KEPT = 10_000;

type Client = { ip: string; userAgent: string };
/** An arrival: where it landed, from where, and when (ms). */
export type Landing = CameFrom & { at: number };

const landings = new Map<string, Landing>();
const keyOf = ({ ip, userAgent }: Client) =>
  createHash("sha256").update(`${ip}|${userAgent}`).digest("base64url");

/** Notes a page request that arrived from outside this site (a campaign, another site, or nowhere). */
export function rememberLanding(
  client: Client,
  { pathAndQuery, referrer, siteHost }: { pathAndQuery: string; referrer: string; siteHost: string },
  now = Date.now(),
) {
  if (isbot(client.userAgent)) return;
  // A page reached from another page of this site is part of the visit, not an arrival.
  if (urlOrNull(referrer)?.host === siteHost) return;
  let landing: URL;
  try {
    landing = new URL(pathAndQuery.slice(0, 2000), "http://page.invalid");
  } catch {
    return;
  }
  // Files (favicon.ico, feed.xml) are asked for without a referrer by browsers and readers, not people.
  if (/\.\w{2,5}$/.test(landing.pathname)) return;
  const key = keyOf(client);
  landings.delete(key);
  landings.set(key, {
    landing: `${landing.pathname}${landing.search}`,
    referrer: referrer.slice(0, 2000),
    at: now,
  });
  if (landings.size > LANDINGS_KEPT) landings.delete(landings.keys().next().value!);
}

/** Where and when this client last arrived within the hour, if they did. */
export function landingOf(client: Client, now = Date.now()): Landing | null {
  const key = keyOf(client);
  const found = landings.get(key);
  if (!found) return null;
  if (now - found.at > LANDING_MINUTES * 60_000) {
    landings.delete(key);
    return null;
  }
  return { ...found };
}

/** Forgets every landing (tests). */
export const forgetLandings = () => landings.clear();
