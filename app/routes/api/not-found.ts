import { requireApiAdmin } from "~/services/auth.server";
import { listNotFound } from "~/services/redirects.server";

import type { Route } from "./+types/not-found";

/** GET /api/not-found: the paths visitors found missing, most often first, with count, last seen and referrer. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiAdmin(request);
  return Response.json(listNotFound(500), { headers: { "Cache-Control": "private, no-store" } });
}
