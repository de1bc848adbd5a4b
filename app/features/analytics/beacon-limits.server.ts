import { RateLimiterRes } from "rate-limiter-flexible";

import { getEnv } from "~/platform/env.server";
import { addressKey, memoryLimit, networkKey, secondsToWait } from "~/platform/rate-limit.server";

/**
 * A person sends one beacon per page they open: a minute of this many from one address (an office
 * behind one router, a phone network's /64) is already far more than people reading pages.
 */
export const BEACONS_PER_ADDRESS_PER_MINUTE = 60;
/**
 * Every address together: about 20 page views a second, many times the site's busiest moment, and
 * what bounds the rows a flood from many addresses can write.
 */
export const BEACONS_PER_MINUTE = 1200;
/** An address that has sent at most this many beacons this minute reads pages as people do. */
export const LIGHT_BEACONS_PER_MINUTE = 10;
/**
 * Of the site's limit, this many a minute only addresses still reading as people do may use: twenty
 * addresses flooding at their own limit use up the rest of the site's, never these, so the site's
 * visitors are still counted through a flood.
 */
export const BEACONS_KEPT_FOR_PEOPLE = 300;
/**
 * Of the share kept for people, one network (an IPv6 /48: thousands of /64s, each its own light
 * client; an IPv4 /24) may use this many a minute, so one network's many addresses cannot crowd out
 * everyone else.
 */
export const KEPT_BEACONS_PER_NETWORK = 30;

type Limits = {
  byClient: ReturnType<typeof memoryLimit>;
  open: ReturnType<typeof memoryLimit>;
  kept: ReturnType<typeof memoryLimit>;
  keptByNetwork: ReturnType<typeof memoryLimit>;
  light: number;
};
let limits: Limits | undefined;

function limitsNow(): Limits {
  limits ??= {
    byClient: memoryLimit("beacon-address", BEACONS_PER_ADDRESS_PER_MINUTE, 60),
    open: memoryLimit("beacon-all", BEACONS_PER_MINUTE - BEACONS_KEPT_FOR_PEOPLE, 60),
    kept: memoryLimit("beacon-people", BEACONS_KEPT_FOR_PEOPLE, 60),
    keptByNetwork: memoryLimit("beacon-people-network", KEPT_BEACONS_PER_NETWORK, 60),
    light: Math.max(1, Math.round(LIGHT_BEACONS_PER_MINUTE * getEnv().RATE_LIMIT_FACTOR)),
  };
  return limits;
}

/**
 * Counts a beacon from `ip` against its address's (an IPv6 address's /64) and the site's limit: 0
 * when it may be recorded, else the seconds until one would be. A beacon over its address's limit does
 * not use up the site's, so one address flooding leaves everyone else counted; and once the site's
 * open share is used up, an address sending as people do still draws on the share kept for them (a
 * network at most its part of it).
 */
export async function beaconWait(ip: string): Promise<number> {
  const { byClient, open, kept, keptByNetwork, light } = limitsNow();
  let sent: number;
  try {
    sent = (await byClient.consume(addressKey(ip))).consumedPoints;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return Math.ceil(rejection.msBeforeNext / 1000);
  }
  const wait = await secondsToWait(open, "all");
  if (!wait || sent > light) return wait;
  return (await secondsToWait(keptByNetwork, networkKey(ip))) || secondsToWait(kept, "all");
}

/** Tests start each case with fresh counts (and RATE_LIMIT_FACTOR read again). */
export const forgetBeaconLimits = () => (limits = undefined);
