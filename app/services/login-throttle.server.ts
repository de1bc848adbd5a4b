import { RateLimiterMemory } from "rate-limiter-flexible";

import { getEnv } from "~/env.server";
import { minutesToWait } from "~/lib/metrics";

/** 5 failed sign-ins per username or per IP address in 15 minutes, times RATE_LIMIT_FACTOR. */
export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

// One process serves the site, so memory is the right store; a restart forgets the counts.
let limiters: { points: number; byUser: RateLimiterMemory; byIp: RateLimiterMemory } | undefined;
function getLimiters() {
  const points = Math.max(1, Math.round(LOGIN_FAILURES_ALLOWED * getEnv().RATE_LIMIT_FACTOR));
  limiters ??= {
    points,
    byUser: new RateLimiterMemory({ keyPrefix: "login-user", points, duration: LOGIN_WINDOW_SECONDS }),
    byIp: new RateLimiterMemory({ keyPrefix: "login-ip", points, duration: LOGIN_WINDOW_SECONDS }),
  };
  return limiters;
}

const userKey = (username: string) => username.trim().toLowerCase();

/** Seconds until the next attempt is allowed, or 0 when sign-in may be tried now. */
export async function loginRetryAfter(username: string, ip: string): Promise<number> {
  const { points, byUser, byIp } = getLimiters();
  const counts = await Promise.all([byUser.get(userKey(username)), byIp.get(ip)]);
  const blocked = counts.filter((r) => r !== null && r.consumedPoints >= points);
  if (blocked.length === 0) return 0;
  return Math.ceil(Math.max(...blocked.map((r) => r!.msBeforeNext)) / 1000);
}

export async function recordLoginFailure(username: string, ip: string) {
  const { byUser, byIp } = getLimiters();
  await Promise.all([byUser.penalty(userKey(username), 1), byIp.penalty(ip, 1)]);
}

/** A success clears the username's count (the address keeps its own). */
export async function recordLoginSuccess(username: string) {
  await getLimiters().byUser.delete(userKey(username));
}

export function retryMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${minutesToWait(seconds)}.`;
}
