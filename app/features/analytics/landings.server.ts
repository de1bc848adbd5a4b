import { createHash } from "node:crypto";

import { isbot } from "isbot";

import { attributionOf, type CameFrom, isNewSource } from "./traffic-source";

/**
 * Where visitors arrived from an ad, a campaign link or another site, remembered on the server for an
 * hour: a visitor without JavaScript sends no beacon, and by the time they write in from /contact the
 * page they landed on (with its utm_ parameters) is several clicks behind. Cookie-free like the rest
 * of the analytics: kept in memory only, under a hash of the address and browser, never stored.
 */
export const LANDING_MINUTES = 60;
/** Beyond this many at once the oldest go first (a flood of referred requests cannot grow memory). */
export const LANDINGS_KEPT = 10_000;

type Client = { ip: string; userAgent: string };
type Landing = CameFrom & { at: number };

const landings = new Map<string, Landing>();
const keyOf = ({ ip, userAgent }: Client) =>
  createHash("sha256").update(`${ip}|${userAgent}`).digest("base64url");

/** Notes a page request that came from somewhere (a campaign, another site); a direct one is not. */
export function rememberLanding(
  client: Client,
  { pathAndQuery, referrer, siteHost }: { pathAndQuery: string; referrer: string; siteHost: string },
  now = Date.now(),
) {
  if (isbot(client.userAgent)) return;
  let landing: URL;
  try {
    landing = new URL(pathAndQuery.slice(0, 2000), "http://page.invalid");
  } catch {
    return;
  }
  if (!isNewSource(attributionOf(landing, referrer, siteHost))) return;
  const key = keyOf(client);
  landings.delete(key);
  landings.set(key, {
    landing: `${landing.pathname}${landing.search}`,
    referrer: referrer.slice(0, 2000),
    at: now,
  });
  if (landings.size > LANDINGS_KEPT) landings.delete(landings.keys().next().value!);
}

/** Where this client last arrived from within the hour, if anywhere. */
export function landingOf(client: Client, now = Date.now()): CameFrom | null {
  const key = keyOf(client);
  const found = landings.get(key);
  if (!found) return null;
  if (now - found.at > LANDING_MINUTES * 60_000) {
    landings.delete(key);
    return null;
  }
  return { landing: found.landing, referrer: found.referrer };
}

/** Forgets every landing (tests). */
export const forgetLandings = () => landings.clear();
