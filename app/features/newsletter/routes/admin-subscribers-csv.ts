import { audit } from "~/features/audit/index.server";
import { listSubscribers } from "~/features/newsletter/newsletter.server";
import { requireAdmin } from "~/features/staff/index.server";
import { csvDownload, toCsv } from "~/platform/text/csv";

import type { Route } from "./+types/admin-subscribers-csv";

/** GET /admin/newsletter.csv: the confirmed subscribers, each with the record of their consent. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
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
