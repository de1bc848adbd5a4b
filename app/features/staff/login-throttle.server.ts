import { type RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

import { addressKey, memoryLimit } from "~/platform/rate-limit.server";
import { minutesToWait } from "~/platform/text/metrics";

/**
 * OWASP's login protection (the rate-limiter-flexible "login endpoint" pattern), times
 * RATE_LIMIT_FACTOR: 5 attempts per username from one client and 20 per client, in 15 minutes. A
 * client is an IPv4 address or an IPv6 /64 (addressKey). One client cannot try many usernames.
 *
 * Many clients together are slowed per username too, with OWASP's device cookies: a browser that has
 * signed in to the account (known-device.server) is counted on its own (5 in 15 minutes), and every
 * other browser, wherever it is, shares 10 in 15 minutes per username. Strangers guessing from many
 * networks use up the second, never the first: the account's person signs in on their own browser.
 *
 * Only an attempt whose password is checked costs a point: one refused by a limit, or told that
 * sign-in is busy, gives back what it took.
 *
 * The code step after a right password is counted per account as well, from every client together,
 * and a right password does not reset that count: only someone who knows the password gets there, so
 * it is that person (however many addresses they hold) who is slowed.
 */
export const LOGIN_FAILURES_ALLOWED = 5;
export const ADDRESS_FAILURES_ALLOWED = 20;
export const NEW_DEVICE_FAILURES_ALLOWED = 10;
export const KNOWN_DEVICE_FAILURES_ALLOWED = 5;
export const CODE_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

const makeLimiters = () => ({
  byUserAndIp: memoryLimit("login-user-ip", LOGIN_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
  byIp: memoryLimit("login-ip", ADDRESS_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
  byUserFromNewDevices: memoryLimit(
    "login-user-new-devices",
    NEW_DEVICE_FAILURES_ALLOWED,
    LOGIN_WINDOW_SECONDS,
  ),
  byKnownDevice: memoryLimit("login-known-device", KNOWN_DEVICE_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
  codesByAccount: memoryLimit("second-step-account", CODE_FAILURES_ALLOWED, LOGIN_WINDOW_SECONDS),
});
let limiters: ReturnType<typeof makeLimiters> | undefined;
const getLimiters = () => (limiters ??= makeLimiters());

type Count = [limiter: RateLimiterMemory, key: string];

const usernameKey = (username: string) => username.trim().toLowerCase();
const userAndIpKey = (username: string, ip: string) => `${usernameKey(username)}|${addressKey(ip)}`;

/**
 * What one password attempt is counted against: the browser's own count when it has signed in to the
 * account before (`knownDevice`, its note's key), else the username at this client, the client, and the
 * username from every browser it has not signed in on.
 */
function countsOf(username: string, ip: string, knownDevice?: string): Count[] {
  const l = getLimiters();
  if (knownDevice) return [[l.byKnownDevice, knownDevice]];
  return [
    [l.byUserAndIp, userAndIpKey(username, ip)],
    [l.byIp, addressKey(ip)],
    [l.byUserFromNewDevices, usernameKey(username)],
  ];
}

const giveBack = (counts: Count[]) => Promise.all(counts.map(([limiter, key]) => limiter.reward(key, 1)));

/**
 * Takes one point from each; 0 when all allowed it, else the longest wait in seconds. A refused
 * attempt is never checked, so what the others gave it goes back.
 */
async function takeAll(counts: Count[]): Promise<number> {
  const results = await Promise.allSettled(counts.map(([limiter, key]) => limiter.consume(key)));
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  if (refused.length === 0) return 0;
  for (const reason of refused) if (!(reason instanceof RateLimiterRes)) throw reason;
  await giveBack(counts.filter((_, i) => results[i]!.status === "fulfilled"));
  return Math.ceil(Math.max(...refused.map((r: RateLimiterRes) => r.msBeforeNext)) / 1000);
}

/**
 * Counts a sign-in attempt before the password is checked. In-memory `consume` is atomic, so a burst
 * of parallel guesses gets exactly the allowance and every other one is refused at once (no hash).
 * Returns 0 when the attempt may go ahead, else the seconds to wait.
 */
export function takeLoginAttempt(username: string, ip: string, knownDevice?: string): Promise<number> {
  return takeAll(countsOf(username, ip, knownDevice));
}

/** The password was not checked after all (sign-in was busy): the attempt costs nothing. */
export async function giveBackLoginAttempt(username: string, ip: string, knownDevice?: string) {
  await giveBack(countsOf(username, ip, knownDevice));
}

/**
 * A right password is not a failure: it gives back its points, and clears the username's count at the
 * client (or the browser's own count). Strangers' guesses from new browsers stay counted.
 */
export async function recordLoginSuccess(username: string, ip: string, knownDevice?: string) {
  const { byUserAndIp, byIp, byUserFromNewDevices, byKnownDevice } = getLimiters();
  if (knownDevice) {
    await byKnownDevice.delete(knownDevice);
    return;
  }
  await Promise.all([
    byUserAndIp.delete(userAndIpKey(username, ip)),
    byIp.reward(addressKey(ip), 1),
    byUserFromNewDevices.reward(usernameKey(username), 1),
  ]);
}

/**
 * Seconds until browsers that have not signed in to this username may try a password for it again;
 * 0 when they may now.
 */
export async function newDevicesBlockedFor(username: string): Promise<number> {
  return secondsBlocked(getLimiters().byUserFromNewDevices, usernameKey(username));
}

async function secondsBlocked(limiter: RateLimiterMemory, key: string): Promise<number> {
  const state = await limiter.get(key);
  if (!state || state.remainingPoints > 0) return 0;
  return Math.ceil(state.msBeforeNext / 1000);
}

/**
 * A passkey sign-in names no account until it is checked: it is counted against the client alone
 * (under one made-up username), before the check.
 */
const PASSKEY_KEY = "(passkey)";
export function takePasskeyAttempt(ip: string): Promise<number> {
  const { byUserAndIp, byIp } = getLimiters();
  return takeAll([
    [byUserAndIp, userAndIpKey(PASSKEY_KEY, ip)],
    [byIp, addressKey(ip)],
  ]);
}

export async function recordPasskeySuccess(ip: string) {
  const { byUserAndIp, byIp } = getLimiters();
  await Promise.all([byUserAndIp.delete(userAndIpKey(PASSKEY_KEY, ip)), byIp.reward(addressKey(ip), 1)]);
}

/** Counts a code typed at the second step, against the account and the client, before it is checked. */
export function takeCodeAttempt(userId: string, ip: string): Promise<number> {
  const { codesByAccount, byIp } = getLimiters();
  return takeAll([
    [codesByAccount, userId],
    [byIp, addressKey(ip)],
  ]);
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
export function codeStepBlockedFor(userId: string): Promise<number> {
  return secondsBlocked(getLimiters().codesByAccount, userId);
}

export function retryMessage(seconds: number): string {
  return `Too many sign-in attempts. Please try again in ${minutesToWait(seconds)}.`;
}

export function newDevicesBlockedMessage(seconds: number): string {
  return `Too many sign-in attempts for this username from browsers it has not signed in on. Please try again in ${minutesToWait(seconds)}, sign in on a browser you have signed in on before, or use a passkey.`;
}

export function tooManyCodesMessage(seconds: number): string {
  return `Too many wrong codes for this account. Sign in again in ${minutesToWait(seconds)}, or use a passkey.`;
}
