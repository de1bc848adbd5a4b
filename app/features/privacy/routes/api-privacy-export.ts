import { z } from "zod";

import { personalData } from "~/features/privacy/privacy.server";
import { issuesOf, jsonError } from "~/platform/http/api.server";

import type { Route } from "./+types/api-privacy-export";

const QuerySchema = z.object({ email: z.email("email must be an e-mail address") });

/** GET /api/privacy/export?email=: everything held about an address, as JSON to hand over (admin only). */
export function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  const data = personalData(parsed.data.email);
  return Response.json(data, {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Disposition": `attachment; filename="personal-data-${data.email.replace(/[^\w.@-]/g, "_")}.json"`,
    },
  });
}
