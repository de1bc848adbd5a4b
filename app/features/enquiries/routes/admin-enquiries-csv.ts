import { audit } from "~/features/audit/index.server";
import { inboxFilter, listEnquiries } from "~/features/enquiries/enquiries.server";
import { csvDownload, exportNeedsPost, toCsv } from "~/platform/text/csv";

import type { Route } from "./+types/admin-enquiries-csv";

/**
 * POST /admin/enquiries.csv[?status=&q=] (the inbox's button): the enquiries the inbox shows with the
 * same folder and search. A GET is refused: a link on another site must not start the export.
 */
export const loader = exportNeedsPost;

export function action({ request }: Route.ActionArgs) {
  const filter = inboxFilter(new URL(request.url).searchParams);
  const rows = listEnquiries(filter).map((e) => [
    e.createdAt.toISOString(),
    e.name,
    e.email,
    e.budget ?? "",
    e.status,
    e.goals,
    e.spamReasons.join("; "),
    e.attribution?.source ?? "",
    e.attribution?.medium ?? "",
    e.attribution?.campaign ?? "",
    e.attribution?.landingPage ?? "",
    e.attribution?.referrer ?? "",
  ]);
  const header = [
    ...["received_at", "name", "email", "budget", "status", "goals", "spam_reasons"],
    ...["source", "medium", "campaign", "landing_page", "referrer"],
  ];
  audit(
    "export.enquiries",
    `${rows.length} enquiries${filter.status ? ` (${filter.status})` : ""}${filter.q ? ` matching “${filter.q}”` : ""}`,
  );
  const name = `enquiries${filter.status ? `-${filter.status}` : ""}-${new Date().toISOString().slice(0, 10)}.csv`;
  return csvDownload(toCsv(header, rows), name);
}
