import { notFoundJson } from "~/features/redirects/redirect-json";
import { listNotFound } from "~/features/redirects/redirects.server";

/** GET /api/not-found: the paths visitors found missing, most often first, with count, last seen and referrer. */
export function loader() {
  return Response.json(listNotFound(500).map(notFoundJson), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
