import { createHmac, timingSafeEqual } from "node:crypto";

import { getEnv } from "~/env.server";

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
 * type or without a genuine start token, is treated as a bot.
 */
export function looksLikeBot(
  form: { honeypot?: unknown; token?: unknown },
  { checkTiming }: { checkTiming: boolean },
): boolean {
  if (typeof form.honeypot === "string" && form.honeypot.trim() !== "") return true;
  if (!checkTiming) return false;
  const started = typeof form.token === "string" ? startedAt(form.token) : null;
  if (started === null) return true;
  return Date.now() - started < getEnv().CONTACT_MIN_FILL_SECONDS * 1000;
}
