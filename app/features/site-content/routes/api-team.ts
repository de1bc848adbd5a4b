import { TeamMemberSchema } from "~/features/site-content/content-schemas";
import { saveSiteItem, siteLists } from "~/features/site-content/site-content.server";
import { teamMemberJson } from "~/features/site-content/site-content-json";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { listOrdered } from "~/platform/ordered-lists.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import { methodNotAllowed, readAnswer, writeContent } from "../site-content-write.server";
import type { Route } from "./+types/api-team";

/** The public answer is kept by the page cache until the site's content changes; the admin's never is. */
export const handle: RouteHandle = { cache: "content", content: ["site"] };

/** GET /api/team: the team members shown on the site, in the agency's order; the admin gets the hidden ones too. */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  return readAnswer(
    request,
    listOrdered(siteLists.team, { publishedOnly: !admin }).map(teamMemberJson),
    admin,
  );
}

/** POST /api/team (admin): adds a team member, last in the order (201 with them). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST", "Use POST to add a team member");
  await requireApiAdmin(request);
  return writeContent(request, TeamMemberSchema, { label: "team member", status: 201 }, (input) =>
    teamMemberJson(saveSiteItem("team", undefined, input)),
  );
}
