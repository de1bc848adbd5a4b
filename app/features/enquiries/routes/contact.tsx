import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { cameFrom } from "~/features/analytics/index.server";
import { EnquiryForm, type EnquiryResult } from "~/features/enquiries/components/enquiry-form";
import { OfficeMap } from "~/features/enquiries/components/office-map";
import { type EnquiryOutcome, submitEnquiry } from "~/features/enquiries/enquiry-intake.server";
import { budgetChoices } from "~/features/enquiries/schemas";
import { EnquirySchema } from "~/features/enquiries/schemas";
import { FORM_TOKEN_FIELD, formStartToken, HONEYPOT_FIELD } from "~/features/enquiries/spam.server";
import { StatGrid } from "~/features/site-content";
import { publicPackages } from "~/features/site-content/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { clientIp } from "~/platform/http/request-context";
import { isStorageFault } from "~/platform/http/storage-faults.server";
import { catalogOf, translatorFor } from "~/platform/i18n/catalogs.server";
import { pathIn } from "~/platform/i18n/languages";
import { languageOf } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { useWords } from "~/platform/i18n/use-words";
import { log } from "~/platform/log.server";
import { pageNotFound } from "~/platform/pages/not-found.server";
import { contactWordsIfAny } from "~/platform/pages/page-copy.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import type { Tone } from "~/platform/pages/types";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { SectionHeading } from "~/ui/layout/section-heading";

import type { Route } from "./+types/contact";

/** Rendered for every request: its form carries a signed start time (spam check). */
export const handle: RouteHandle = { sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      ...withFacts(loaderData?.copy.meta ?? { title: "Contact", description: "" }, siteFactsFrom(matches)),
      path: "/contact",
      schema: "LocalBusiness",
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "Contact", path: "/contact" },
      ],
    },
    matches,
  );

export function loader({ request }: Route.LoaderArgs) {
  const here = new URL(request.url);
  return {
    // Under a language's prefix only once the page is translated into it.
    copy: contactWordsIfAny() ?? pageNotFound(request),
    token: formStartToken(),
    came: cameFrom(here, request.headers.get("referer") ?? ""),
    sent: here.searchParams.get("sent") === "1",
    budgets: budgetChoices(publicPackages().map((pkg) => pkg.pricePerMonth)),
  };
}

/** The enquiry: one service call, then a redirect so a reload never sends it twice. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.contact);
  // conform only shapes the reply (what was typed, errors beside fields); the service decides.
  const submission = parseWithZod(form, { schema: EnquirySchema });
  // The page's language: its errors and thanks in it, and the enquiry remembers it.
  const lang = languageOf(context);
  const t = translatorFor(lang);
  let outcome: EnquiryOutcome;
  try {
    outcome = await submitEnquiry(submission.payload, {
      clientIp: clientIp(context),
      honeypot: form.get(HONEYPOT_FIELD),
      startToken: form.get(FORM_TOKEN_FIELD),
      checkStartTime: true,
      visit: {
        userAgent: request.headers.get("user-agent") ?? "",
        siteHost: new URL(request.url).host,
        came: { landing: String(form.get("cameTo") ?? ""), referrer: String(form.get("cameFrom") ?? "") },
      },
      lang,
    });
  } catch (error) {
    log.error({ err: error }, "Storing an enquiry failed");
    // A full or read-only disk is temporary (503); anything else is our bug (500). The form keeps what was typed.
    const status = isStorageFault(error) ? 503 : 500;
    return data<EnquiryResult>(
      {
        reply: submission.reply({ resetForm: false }),
        error: t("form.error.notSaved", { status, email: getSiteFacts().email }),
      },
      { status },
    );
  }
  switch (outcome.kind) {
    case "invalid":
      return data<EnquiryResult>(
        {
          reply: submission.reply({ fieldErrors: fieldErrorsOf(inLanguage(outcome.issues, lang)) }),
          error: null,
        },
        { status: 400 },
      );
    case "rate-limited":
      return data<EnquiryResult>(
        {
          reply: submission.reply({ resetForm: false }),
          error:
            lang === "en"
              ? outcome.message
              : t("form.error.tooMany", { minutes: Math.ceil(outcome.retryAfterSeconds / 60) }),
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "stored":
    case "bot": // thanked exactly like a person
      throw redirect(`${pathIn(lang, "/contact", siteLanguages())}?sent=1`);
  }
}

/** The tiles' colours, in their order. */
const STAT_TONES: Tone[] = ["primary", "secondary"];

/** The form's fields, each with its one message in another language (the schema's own are English). */
const FIELD_MESSAGES = {
  name: "form.error.name",
  email: "form.error.email",
  budget: "form.error.budget",
  goals: "form.error.goals",
} as const;

function inLanguage(issues: { path: string; message: string }[], lang: ReturnType<typeof languageOf>) {
  if (lang === "en") return issues;
  const messages = catalogOf(lang);
  // One message a field: its several English rules say the same thing there.
  const fields = [...new Set(issues.map((issue) => issue.path))];
  return fields.map((path) => ({
    path,
    message: Object.hasOwn(FIELD_MESSAGES, path)
      ? messages[FIELD_MESSAGES[path as keyof typeof FIELD_MESSAGES]]
      : issues.find((issue) => issue.path === path)!.message,
  }));
}

function fieldErrorsOf(issues: { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { path, message } of issues) (errors[path] ??= []).push(message);
  return errors;
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFacts();
  const { t } = useWords();
  const copy = withFacts(loaderData.copy, site);
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pt-20 pb-12 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{copy.eyebrow}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{copy.heading}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">{copy.intro}</p>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-16 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <aside aria-labelledby="details-heading" className="grid content-start gap-8">
          <div className="rounded-2xl border border-border bg-card p-6 sm:p-8">
            <h2 id="details-heading" className="text-xl font-semibold">
              {copy.details.heading}
            </h2>
            <dl className="mt-4 grid gap-4 text-sm">
              <div>
                <dt className="text-muted">{t("contact.email")}</dt>
                <dd>
                  <a href={`mailto:${site.email}`} className="font-medium text-primary hover:underline">
                    {site.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t("contact.phone")}</dt>
                <dd>
                  <a href={site.phoneHref} className="font-medium text-primary hover:underline">
                    {site.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t("contact.companyNumber")}</dt>
                <dd className="font-medium">{site.companyNumber}</dd>
              </div>
            </dl>
          </div>
          <OfficeMap site={site} />
          {copy.stats.length > 0 && (
            <StatGrid stats={copy.stats.map((stat, index) => ({ ...stat, tone: STAT_TONES[index] }))} />
          )}
        </aside>

        {/* On a phone the form comes first: it is what the visitor came for. */}
        <section
          aria-labelledby="enquiry-heading"
          className="order-first rounded-2xl border border-border bg-card p-6 sm:p-8 lg:order-none lg:flex lg:flex-col"
        >
          <h2 id="enquiry-heading" className="text-xl font-semibold">
            {copy.message.heading}
          </h2>
          <p className="mt-2 text-sm text-muted">
            {copy.message.emailPrompt}{" "}
            <a href={`mailto:${site.email}`} className="text-primary underline">
              {site.email}
            </a>
            .
          </p>
          <EnquiryForm
            token={loaderData.token}
            came={loaderData.came}
            budgets={loaderData.budgets}
            result={actionData}
            sent={loaderData.sent}
            nextSteps={copy.nextSteps}
          />
        </section>
      </div>

      {copy.faq.items.length > 0 && (
        <section
          aria-labelledby="faq-heading"
          className="mx-auto grid max-w-7xl gap-8 px-4 pb-24 sm:px-6 lg:grid-cols-[1fr_2fr] lg:gap-16"
        >
          <SectionHeading id="faq-heading" title={copy.faq.heading} />
          <div className="grid content-start gap-3">
            {copy.faq.items.map((faq, index) => (
              <details key={index} className="group rounded-2xl border border-border bg-card p-5">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                  {faq.question}
                  <span aria-hidden="true" className="text-primary transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-muted">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      )}
    </>
  );
}
