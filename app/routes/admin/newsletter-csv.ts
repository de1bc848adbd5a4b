import { requireAdmin } from "~/services/auth.server";
import { listSubscribers } from "~/services/newsletter.server";

import type { Route } from "./+types/newsletter-csv";

/** A CSV cell, quoted, with formulas defused so a spreadsheet never runs one. */
const cell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** GET /admin/newsletter.csv: the newsletter subscribers for the admin. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rows = listSubscribers().map((s) => [cell(s.email), cell(s.createdAt.toISOString())].join(","));
  const csv = ["email,subscribed_at", ...rows].join("\r\n") + "\r\n";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="newsletter-subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
