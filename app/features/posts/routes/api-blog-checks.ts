import { checkPost } from "~/features/posts/post-checks.server";
import { getPostById } from "~/features/posts/posts.server";
import { jsonError } from "~/platform/http/api.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-blog-checks";

export const handle: RouteHandle = { access: "editor" };

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/blog/{id}/checks: the checks while writing of the post as saved, in the order a reader
 * meets them: `[{code, message, where}]` (an empty list when there is nothing to fix).
 */
export function loader({ params }: Route.LoaderArgs) {
  const post = getPostById(params.ref);
  if (!post) return jsonError(404, "Post not found", undefined, PRIVATE);
  const problems = checkPost(post).map(({ code, message, where }) => ({ code, message, where }));
  return Response.json(problems, { headers: PRIVATE });
}

export function action() {
  return jsonError(405, "The checks are read: save the post to check it again", undefined, { Allow: "GET" });
}
