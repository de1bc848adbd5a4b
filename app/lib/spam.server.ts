import { createHmac, timingSafeEqual } from "node:crypto";

import { LRUCache } from "lru-cache";

import { getEnv } from "~/env.server";

/** A form start token is good for a day, and for one enquiry. */
export const FORM_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

// Tokens already used, until they would have expired anyway. Bounded: past the bound the oldest are
// forgotten, which the per-address enquiry limit makes harmless.
const usedTokens = new LRUCache<string, true>({ max: 100_000, ttl: FORM_TOKEN_LIFETIME_MS });

/** The hidden field people never fill in (hidden from sight and from assistive technology). */
export const HONEYPOT_FIELD = "website";
export const FORM_TOKEN_FIELD = "formStartedAt";

const sign = (value: string) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`form-start:${value}`).digest("base64url");

/** When the form was shown, signed so a bot cannot simply claim it waited. */
export function formStartToken(now = Date.now()): string {
  return `${now}.${sign(String(now))}`;
}

function startedAt(token: string): number | null {
  const [time, signature] = token.split(".");
  if (!time || !signature) return null;
  const expected = Buffer.from(sign(time));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(time) : null;
}

/**
 * A submission that filled the honeypot, or (for the page form) came back faster than a person could
 * type, without a genuine start token, with one older than a day or one already used, is treated as a
 * bot (thanked, not stored).
 */
export function looksLikeBot(
  form: { honeypot?: unknown; token?: unknown },
  { checkTiming }: { checkTiming: boolean },
): boolean {
  if (typeof form.honeypot === "string" && form.honeypot.trim() !== "") return true;
  if (!checkTiming) return false;
  const token = typeof form.token === "string" ? form.token : "";
  const started = startedAt(token);
  if (started === null) return true;
  const age = Date.now() - started;
  if (age < getEnv().CONTACT_MIN_FILL_SECONDS * 1000 || age > FORM_TOKEN_LIFETIME_MS) return true;
  if (usedTokens.has(token)) return true;
  usedTokens.set(token, true);
  return false;
}
