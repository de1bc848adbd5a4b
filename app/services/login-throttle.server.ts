import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { getEnv } from "~/env.server";
import { minutesToWait } from "~/lib/metrics";

/**
 * OWASP's login protection (the rate-limiter-flexible "login endpoint" pattern), times
 * RATE_LIMIT_FACTOR: 5 attempts per username from one address and 20 per address, in 15 minutes.
 * A stranger elsewhere cannot lock the admin out; one address cannot try many usernames.
 */
export const LOGIN_FAILURES_ALLOWED = 5;
export const ADDRESS_FAILURES_ALLOWED = 20;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

// One process serves the site, so memory is the right store; a restart forgets the counts.
let limiters: { byUserAndIp: RateLimiterMemory; byIp: RateLimiterMemory } | undefined;
function getLimiters() {
  const factor = getEnv().RATE_LIMIT_FACTOR;
  const points = (n: number) => Math.max(1, Math.round(n * factor));
  limiters ??= {
    byUserAndIp: new RateLimiterMemory({
      keyPrefix: "login-user-ip",
      points: points(LOGIN_FAILURES_ALLOWED),
      duration: LOGIN_WINDOW_SECONDS,
    }),
    byIp: new RateLimiterMemory({
      keyPrefix: "login-ip",
      points: points(ADDRESS_FAILURES_ALLOWED),
      duration: LOGIN_WINDOW_SECONDS,
    }),
  };
  return limiters;
}

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
