import { createHash, createHmac, timingSafeEqual } from "node:crypto";

import { getEnv } from "~/platform/env.server";

/** A form start token is good for a day, and for one enquiry. */
export const FORM_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An enquiry scoring this much is put in the Spam folder (kept, and rescued with one click). */
export const SPAM_THRESHOLD = 3;
/** A message with this many links looks like link-stuffing; one with fewer, a little suspicious. */
const LINKS_SPAM = 3;

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

/** Only the honeypot is dropped without a trace: no person fills in a field they cannot see. */
export const filledHoneypot = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** How a start token is remembered: the token itself could be replayed from a leaked database. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** How many web addresses a message holds. */
export const linkCount = (text: string) => text.match(/\bhttps?:\/\/|\bwww\./gi)?.length ?? 0;

export type SpamVerdict = { score: number; reasons: string[] };

const seconds = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${s} second${s === 1 ? "" : "s"}`;
};

/**
 * Scores an enquiry from what looks automated, each with the words the inbox shows. `token` is the page
 * form's start token (undefined for the JSON API, which has no rendered form); `tokenUsed` and
 * `duplicate` are what the database knows: the token already on another enquiry, the same message from
 * the same address within a day.
 */
export function judgeEnquiry(input: {
  token?: unknown;
  tokenUsed: boolean;
  duplicate: boolean;
  goals: string;
  now?: number;
}): SpamVerdict {
  const found: [number, string][] = [];
  if (input.token !== undefined) {
    const started = typeof input.token === "string" ? startedAt(input.token) : null;
    const age = (input.now ?? Date.now()) - (started ?? 0);
    const minimum = getEnv().ENQUIRY_MIN_FILL_SECONDS * 1000;
    if (started === null)
      found.push([3, "Sent without the form's own start token (not from the page's form)"]);
    else if (age < minimum)
      found.push([
        3,
        `Sent ${seconds(age)} after the form was opened (people take at least ${seconds(minimum)})`,
      ]);
    else if (age > FORM_TOKEN_LIFETIME_MS) found.push([2, "The form had been open for more than a day"]);
    if (input.tokenUsed) found.push([3, "The form's start token had already been used for another enquiry"]);
  }
  const links = linkCount(input.goals);
  if (links >= LINKS_SPAM) found.push([3, `${links} links in the message`]);
  else if (links > 0) found.push([1, `${links} link${links === 1 ? "" : "s"} in the message`]);
  if (input.duplicate) found.push([3, "The same message from this address within the last day"]);
  return {
    score: found.reduce((sum, [points]) => sum + points, 0),
    reasons: found.map(([, words]) => words),
  };
}
