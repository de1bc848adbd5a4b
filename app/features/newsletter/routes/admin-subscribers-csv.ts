import { audit } from "~/features/audit/index.server";
import { listSubscribers } from "~/features/newsletter/newsletter.server";
import { csvDownload, exportNeedsPost, toCsv } from "~/platform/text/csv";

/**
 * POST /admin/newsletter.csv (the Subscribers page's button): the confirmed subscribers, each with
 * the record of their consent. A GET is refused: a link on another site must not start the export.
 */
export const loader = exportNeedsPost;

export function action() {
  const rows = listSubscribers({ status: "confirmed", limit: Number.MAX_SAFE_INTEGER }).map((s) => [
    s.email,
    s.createdAt.toISOString(),
    s.confirmedAt?.toISOString() ?? "",
    s.consentSource ?? "",
    s.consentVersion ?? "",
    s.consentText ?? "",
    s.consentClientHash ?? "",
  ]);
  audit("export.subscribers", `${rows.length} confirmed subscribers`);
  return csvDownload(
    toCsv(
      [
        "email",
        "signed_up_at",
        "confirmed_at",
        "form",
        "consent_version",
        "consent_wording",
        "client_address_hash",
      ],
      rows,
    ),
    "newsletter-subscribers.csv",
  );
}
