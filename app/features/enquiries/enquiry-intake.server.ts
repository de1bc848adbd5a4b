import type { Enquiry } from "#db/schema";
import type { CameFrom } from "~/features/analytics";
import { visitOfEnquiry } from "~/features/analytics/index.server";
import { type EnquiryInput, EnquirySchema } from "~/features/enquiries/schemas";
import { filledHoneypot } from "~/features/enquiries/spam.server";
import { noteConversion } from "~/platform/conversions.server";
import { issuesOf } from "~/platform/http/api.server";

import { storeEnquiry, takeEnquiryAllowance, tooManyEnquiries } from "./enquiries.server";

export type EnquiryIssue = { path: string; message: string };

/** What became of an enquiry; the contact page and POST /api/contact each turn it into their answer. */
export type EnquiryOutcome =
  | { kind: "stored"; contact: Enquiry }
  /** The honeypot filled: answered exactly like a person (decision 006), but neither stored nor mailed. */
  | { kind: "bot"; input: EnquiryInput }
  | { kind: "rate-limited"; retryAfterSeconds: number; message: string }
  | { kind: "invalid"; issues: EnquiryIssue[] };

export type EnquiryContext = {
  clientIp: string;
  /** The hidden field's value (HONEYPOT_FIELD). */
  honeypot?: unknown;
  /** The signed "form shown at" token (FORM_TOKEN_FIELD). */
  startToken?: unknown;
  /** Only a rendered form has a start token; the JSON API has none to check. */
  checkStartTime: boolean;
  /** The page form's visitor, to find the visit that sent it (decision 028); the JSON API has none. */
  visit?: { userAgent: string; siteHost: string; came: CameFrom };
  /** The language of the page the form was on, kept with the enquiry; the JSON API has none. */
  lang?: string;
};

/**
 * An enquiry from a visitor: validated, counted against the sender's allowance (valid ones only), the
 * honeypot dropped, then stored, in the Spam folder when it looks automated (decision 026), with its
 * alert e-mail. Storage failures are thrown.
 */
export async function submitEnquiry(fields: unknown, context: EnquiryContext): Promise<EnquiryOutcome> {
  const parsed = EnquirySchema.safeParse(fields);
  if (!parsed.success) return { kind: "invalid", issues: issuesOf(parsed.error) };
  const wait = await takeEnquiryAllowance(context.clientIp);
  if (wait > 0) return { kind: "rate-limited", retryAfterSeconds: wait, message: tooManyEnquiries(wait) };
  if (filledHoneypot(context.honeypot)) return { kind: "bot", input: parsed.data };
  const startToken = context.checkStartTime ? (context.startToken ?? null) : undefined;
  const visit = context.visit && visitOfEnquiry({ ip: context.clientIp, ...context.visit });
  const contact = await storeEnquiry(parsed.data, { startToken, visit, lang: context.lang });
  // An experiment counts it for the words its sender saw today (the same visitor as the visit).
  if (context.visit && contact.status !== "spam")
    noteConversion("enquiry", { ip: context.clientIp, userAgent: context.visit.userAgent });
  return { kind: "stored", contact };
}
