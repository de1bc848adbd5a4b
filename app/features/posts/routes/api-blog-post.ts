import { getPostBySlug } from "~/features/posts/posts.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import { jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import { postJson } from "../post-json";
import { writePost } from "../post-write.server";
import type { Route } from "./+types/api-blog-post";

export const handle: RouteHandle = { access: "contributor" };

/** GET /api/blog/{slug}: drafts are "not found" to everyone but the admin. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await getSessionUser(request);
  const post = getPostBySlug(params.ref, { includeDrafts: Boolean(admin) });
  return post ? Response.json(postJson(post)) : jsonError(404, "Post not found");
}

/** PUT /api/blog/{id}: replaces a post (200 with the post; 404 for an unknown id). There is no DELETE. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT")
    return jsonError(405, "Use PUT to update a post; posts cannot be deleted", undefined, {
      Allow: "GET, PUT",
    });
  const admin = await requireApiAdmin(request);
  return writePost(request, params.ref, admin);
}
