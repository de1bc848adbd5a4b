import { type RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { minutesToWait } from "~/lib/metrics";
import { memoryLimit } from "~/lib/rate-limit.server";

/**
 * OWASP's login protection (the rate-limiter-flexible "login endpoint" pattern), times
 * RATE_LIMIT_FACTOR: 5 attempts per username from one address and 20 per address, in 15 minutes.
 * A stranger elsewhere cannot lock the admin out; one address cannot try many usernames.
 */
export const LOGIN_FAILURES_ALLOWED = 5;
export const ADDRESS_FAILURES_ALLOWED = 20;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

let limiters: { byUserAndIp: RateLimiterMemory; byIp: RateLimiterMemory } | undefined;
const getLimiters = () =>
  (limiters ??= {
    byUserAndIp: memoryLimit("login-user-ip", LOGIN_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
    byIp: memoryLimit("login-ip", ADDRESS_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
  });

const userAndIpKey = (username: string, ip: string) => `${username.trim().toLowerCase()}|${ip}`;

/**
 * Counts a sign-in attempt before the password is checked. In-memory `consume` is atomic, so a burst
 * of parallel guesses gets exactly the allowance and every other one is refused at once (no hash).
 * Returns 0 when the attempt may go ahead, else the seconds to wait.
 */
export async function takeLoginAttempt(username: string, ip: string): Promise<number> {
  const { byUserAndIp, byIp } = getLimiters();
  const results = await Promise.allSettled([
    byUserAndIp.consume(userAndIpKey(username, ip)),
    byIp.consume(ip),
  ]);
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (refused.length === 0) return 0;
  for (const reason of refused) if (!(reason instanceof RateLimiterRes)) throw reason;
  return Math.ceil(Math.max(...refused.map((r: RateLimiterRes) => r.msBeforeNext)) / 1000);
}

/** A success does not count against the address, and clears the username's count from it. */
export async function recordLoginSuccess(username: string, ip: string) {
  const { byUserAndIp, byIp } = getLimiters();
  await Promise.all([byUserAndIp.delete(userAndIpKey(username, ip)), byIp.reward(ip, 1)]);
}

export function retryMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${minutesToWait(seconds)}.`;
}
