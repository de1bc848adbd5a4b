import { TeamMemberSchema } from "~/features/site-content/content-schemas";
import { saveSiteItem, siteLists } from "~/features/site-content/site-content.server";
import { teamMemberJson } from "~/features/site-content/site-content-json";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import { getItem } from "~/platform/ordered-lists.server";

import { methodNotAllowed, readAnswer, writeContent } from "../site-content-write.server";
import type { Route } from "./+types/api-team-member";

const NOT_FOUND = "Team member not found";

/** GET /api/team/{id}: a hidden team member is "not found" to everyone but the admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  const member = getItem(siteLists.team, params.id);
  return member && (admin || member.status === "published")
    ? readAnswer(request, teamMemberJson(member), admin)
    : jsonError(404, NOT_FOUND);
}

/** PUT /api/team/{id} (admin): replaces a team member (200 with them; 404 for an unknown id). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT", "Use PUT to update a team member");
  await requireApiAdmin(request);
  return writeContent(
    request,
    TeamMemberSchema,
    { label: "team member", notFound: NOT_FOUND, status: 200 },
    (input) => teamMemberJson(saveSiteItem("team", params.id, input)),
  );
}
