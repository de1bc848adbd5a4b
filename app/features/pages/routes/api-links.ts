import { z } from "zod";

import { findLinkTargets, linkTargetJson } from "~/features/pages/link-targets.server";
import { issuesOf, jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-links";

export const handle: RouteHandle = { access: "contributor" };

const QuerySchema = z.object({ q: z.string().max(200, "q must be at most 200 characters").default("") });

/** GET /api/links?q= → `[{title, path, kind}]`: the editor's internal link picker (admin only). */
export function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid search", issuesOf(parsed.error));
  return Response.json(findLinkTargets(parsed.data.q).map(linkTargetJson), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
