import { llmsIndex } from "~/features/pages/llms-index.server";
import { getEnv } from "~/platform/env.server";
import { publicResponse } from "~/platform/http/public-response.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/llms";

// Kept until any content changes (it names services, case studies and posts) or a page is published.
export const handle: RouteHandle = { cache: "content" };

/** /llms.txt: the agency and its most useful pages for AI assistants (llms-index.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  return publicResponse(request, llmsIndex(getEnv().SITE_URL), {
    "Content-Type": "text/plain; charset=utf-8",
  });
}
