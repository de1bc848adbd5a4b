import { csvDownload, toCsv } from "~/lib/csv";
import { requireAdmin } from "~/services/auth.server";
import { listSubscribers } from "~/services/newsletter.server";

import type { Route } from "./+types/newsletter-csv";

/** GET /admin/newsletter.csv: the newsletter subscribers for the admin. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rows = listSubscribers().map((s) => [s.email, s.createdAt.toISOString()]);
  return csvDownload(toCsv(["email", "subscribed_at"], rows), "newsletter-subscribers.csv");
}
