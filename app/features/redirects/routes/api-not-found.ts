import { listNotFound } from "~/features/redirects/redirects.server";
import { requireApiAdmin } from "~/features/staff/index.server";

import type { Route } from "./+types/api-not-found";

/** GET /api/not-found: the paths visitors found missing, most often first, with count, last seen and referrer. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return Response.json(listNotFound(500), { headers: { "Cache-Control": "private, no-store" } });
}
