import ipaddr from "ipaddr.js";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { getEnv } from "~/platform/env.server";

/**
 * A limit of `points` per `seconds` per key, times RATE_LIMIT_FACTOR. In memory: one process serves
 * the site, and a restart forgetting the counts is harmless.
 */
export function memoryLimit(keyPrefix: string, points: number, seconds: number): RateLimiterMemory {
  return new RateLimiterMemory({
    keyPrefix,
    points: Math.max(1, Math.round(points * getEnv().RATE_LIMIT_FACTOR)),
    duration: seconds,
  });
}

/** Counts one try against `key`: 0 when it may go ahead, else the seconds until one would. */
export async function secondsToWait(limiter: RateLimiterMemory, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return Math.ceil(rejection.msBeforeNext / 1000);
  }
}

/**
 * A limit counted per client rather than per address: every address of one IPv6 /64 shares one
 * allowance (see addressKey). Anything a visitor's address is counted under goes through this.
 */
export function clientLimit(keyPrefix: string, points: number, seconds: number) {
  const limiter = memoryLimit(keyPrefix, points, seconds);
  return {
    /** Counts one try from `ip`: 0 when it may go ahead, else the seconds until one would. */
    take: (ip: string) => secondsToWait(limiter, addressKey(ip)),
  };
}
export type ClientLimit = ReturnType<typeof clientLimit>;

/**
 * The key a client's address is counted under. One IPv6 subscriber gets a whole /64 (often far
 * more), so counting each address apart would give one person 2^64 allowances: an IPv6 address counts
 * as its /64. An IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) counts as itself.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a client's address belongs to, for what a whole network may share: an IPv6 address's
 * /48, which one site or subscriber is often given whole (65,536 /64s, each a client of its own to
 * addressKey); an IPv4 address's /24, the smallest block a host rents out.
 */
export function networkKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join(".")}.0/24`;
  return `${(parsed as ipaddr.IPv6).parts
    .slice(0, 3)
    .map((part) => part.toString(16))
    .join(":")}::/48`;
}
