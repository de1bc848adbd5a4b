import { z } from "zod";
import { issuesOf, jsonError } from "~/lib/api.server";
import { listAllPosts, listPublishedPosts, POST_STATUSES } from "~/services/posts.server";
import type { Route } from "./+types/blog";

const QuerySchema = z.object({
  status: z.enum(POST_STATUSES, { error: "status must be 'draft' or 'published'" }).optional(),
});

/** Spec §7: GET /api/blog[?status=published]. Drafts only ever reach the signed-in admin. */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "Invalid query", issuesOf(parsed.error));
  const { status } = parsed.data;
  const isAdmin = false; // the admin session arrives with the admin panel
  if (status === "draft" && !isAdmin) return jsonError(401, "Sign in to see drafts");
  const posts = status === "published" || !isAdmin ? listPublishedPosts() : listAllPosts();
  return Response.json(status === "draft" ? posts.filter((p) => p.status === "draft") : posts);
}
