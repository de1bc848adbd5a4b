import { type RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { addressKey, memoryLimit } from "~/platform/rate-limit.server";
import { minutesToWait } from "~/platform/text/metrics";

/**
 * OWASP's login protection (the rate-limiter-flexible "login endpoint" pattern), times
 * RATE_LIMIT_FACTOR: 5 attempts per username from one client and 20 per client, in 15 minutes. A
 * client is an IPv4 address or an IPv6 /64 (addressKey). A stranger elsewhere cannot lock the admin
 * out; one client cannot try many usernames.
 *
 * The code step after a right password is counted per account as well, from every client together,
 * and a right password does not reset that count: only someone who knows the password gets there, so
 * it is that person (however many addresses they hold) who is slowed.
 */
export const LOGIN_FAILURES_ALLOWED = 5;
export const ADDRESS_FAILURES_ALLOWED = 20;
export const CODE_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

let limiters:
  { byUserAndIp: RateLimiterMemory; byIp: RateLimiterMemory; codesByAccount: RateLimiterMemory } | undefined;
const getLimiters = () =>
  (limiters ??= {
    byUserAndIp: memoryLimit("login-user-ip", LOGIN_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
    byIp: memoryLimit("login-ip", ADDRESS_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
    codesByAccount: memoryLimit("second-step-account", CODE_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
  });

const userAndIpKey = (username: string, ip: string) => `${username.trim().toLowerCase()}|${addressKey(ip)}`;

/** Consumes one point from each; 0 when all allowed it, else the longest wait in seconds. */
async function consumeAll(takes: Promise<unknown>[]): Promise<number> {
  const results = await Promise.allSettled(takes);
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (refused.length === 0) return 0;
  for (const reason of refused) if (!(reason instanceof RateLimiterRes)) throw reason;
  return Math.ceil(Math.max(...refused.map((r: RateLimiterRes) => r.msBeforeNext)) / 1000);
}

/**
 * Counts a sign-in attempt before the password is checked. In-memory `consume` is atomic, so a burst
 * of parallel guesses gets exactly the allowance and every other one is refused at once (no hash).
 * Returns 0 when the attempt may go ahead, else the seconds to wait.
 */
export function takeLoginAttempt(username: string, ip: string): Promise<number> {
  const { byUserAndIp, byIp } = getLimiters();
  return consumeAll([byUserAndIp.consume(userAndIpKey(username, ip)), byIp.consume(addressKey(ip))]);
}

/** A success does not count against the client, and clears the username's count from it. */
export async function recordLoginSuccess(username: string, ip: string) {
  const { byUserAndIp, byIp } = getLimiters();
  await Promise.all([byUserAndIp.delete(userAndIpKey(username, ip)), byIp.reward(addressKey(ip), 1)]);
}

/** Counts a code typed at the second step, against the account and the client, before it is checked. */
export function takeCodeAttempt(userId: string, ip: string): Promise<number> {
  const { codesByAccount, byIp } = getLimiters();
  return consumeAll([codesByAccount.consume(userId), byIp.consume(addressKey(ip))]);
}

/** A right code is not a failure: it gives back the point it took (the count is not wiped). */
export async function recordCodeSuccess(userId: string, ip: string) {
  const { codesByAccount, byIp } = getLimiters();
  await Promise.all([codesByAccount.reward(userId, 1), byIp.reward(addressKey(ip), 1)]);
}

/**
 * Seconds until the account may try a code again, 0 when it may now. While it is slowed a pending
 * second step is void and no new one is begun; the wait outlasts the step's five minutes.
 */
export async function codeStepBlockedFor(userId: string): Promise<number> {
  const state = await getLimiters().codesByAccount.get(userId);
  if (!state || state.remainingPoints > 0) return 0;
  return Math.ceil(state.msBeforeNext / 1000);
}

export function retryMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${minutesToWait(seconds)}.`;
}

export function tooManyCodesMessage(seconds: number): string {
  return `Too many wrong codes for this account. Sign in again in ${minutesToWait(seconds)}, or use a passkey.`;
}
