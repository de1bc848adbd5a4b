import { type ClientLimit, clientLimit, memoryLimit, secondsToWait } from "~/platform/rate-limit.server";

/**
 * A person sends one beacon per page they open: a minute of this many from one address (an office
 * behind one router, a phone network's /64) is already far more than people reading pages.
 */
export const BEACONS_PER_ADDRESS_PER_MINUTE = 60;
/**
 * Every address together: about 20 page views a second, many times the site's busiest moment, and
 * what bounds the rows a flood from many addresses can write (raw events are kept three days).
 */
export const BEACONS_PER_MINUTE = 1200;

let limits: { byClient: ClientLimit; all: ReturnType<typeof memoryLimit> } | undefined;

/**
 * Counts a beacon from `ip` against its address's (an IPv6 address's /64) and the site's limit: 0
 * when it may be recorded, else the seconds until one would be. A beacon over its address's limit does
 * not use up the site's, so one address flooding leaves everyone else counted.
 */
export async function beaconWait(ip: string): Promise<number> {
  limits ??= {
    byClient: clientLimit("beacon-address", BEACONS_PER_ADDRESS_PER_MINUTE, 60),
    all: memoryLimit("beacon-all", BEACONS_PER_MINUTE, 60),
  };
  return (await limits.byClient.take(ip)) || (await secondsToWait(limits.all, "all"));
}

/** Tests start each case with fresh counts (and RATE_LIMIT_FACTOR read again). */
export const forgetBeaconLimits = () => (limits = undefined);
