import { z } from "zod";

import { issuesOf, jsonError } from "~/lib/api.server";
import { getSessionUser, requireApiAdmin } from "~/services/auth.server";
import { listAllPosts, listPublishedPosts, POST_STATUSES } from "~/services/posts.server";

import type { Route } from "./+types/blog";
import { writePost } from "./post-write.server";

const QuerySchema = z.object({
  status: z.enum(POST_STATUSES, { error: "status must be 'draft' or 'published'" }).optional(),
});

/** GET /api/blog[?status=...]: the public get published posts only; the admin gets every post. */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  const { status } = parsed.data;
  const admin = await getSessionUser(request);
  if (!admin) {
    if (status === "draft") return jsonError(401, "Sign in to see drafts");
    return Response.json(listPublishedPosts());
  }
  const posts = status === "published" ? listPublishedPosts() : listAllPosts();
  return Response.json(status ? posts.filter((p) => p.status === status) : posts, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

/** POST /api/blog: creates a post (201 with the post, its slug included). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return jsonError(405, "Use POST to create a post", undefined, { Allow: "GET, POST" });
  await requireApiAdmin(request);
  return writePost(request, undefined);
}
