import { z } from "zod";

import { requestSubscription, signupJson, tooManySignups } from "~/features/newsletter/newsletter.server";
import { NewsletterSchema } from "~/features/newsletter/schemas";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { clientIp } from "~/platform/http/request-context";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import type { Route } from "./+types/api-newsletter";

/** The API's sign-up: the address, and optionally the language its e-mails and pages are in. */
const ApiSignupSchema = NewsletterSchema.extend({
  lang: z
    .string({ error: "lang must be a language code, e.g. ga" })
    .max(10, "lang must be a language code, e.g. ga")
    .optional()
    .refine((code) => code === undefined || siteLanguages().languages.some((lang) => lang === code), {
      message: "lang must be one of the site's languages",
    }),
});

/**
 * POST /api/newsletter `{email, lang?}` → 202 for any valid address, known or not (decision 029): a
 * confirmation link goes to it, in `lang` (one of the site's languages; without it the default).
 * 400 with the field's error, 429 with Retry-After when limited.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST", undefined, { Allow: "POST" });
  const parsed = ApiSignupSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, "Please check the highlighted fields", issuesOf(parsed.error));
  const outcome = await requestSubscription(parsed.data.email, {
    source: "api",
    clientIp: clientIp(context),
    lang: parsed.data.lang,
  });
  if (outcome.kind === "rate-limited")
    return jsonError(429, tooManySignups(outcome.retryAfterSeconds), undefined, {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  return Response.json(signupJson(translatorFor("en")("newsletter.box.thanks")), { status: 202 });
}

export function loader() {
  return jsonError(405, "Use POST to subscribe to the newsletter", undefined, { Allow: "POST" });
}
