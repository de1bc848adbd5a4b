import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { getEnv } from "~/env.server";

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
