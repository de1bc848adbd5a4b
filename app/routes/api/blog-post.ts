import { jsonError } from "~/lib/api.server";
import { getPostBySlug } from "~/services/posts.server";
import type { Route } from "./+types/blog-post";

/** Spec §7: GET /api/blog/{slug}; drafts are "not found" to everyone but the admin. */
export async function loader({ params }: Route.LoaderArgs) {
  const post = getPostBySlug(params.slug);
  return post ? Response.json(post) : jsonError(404, "Post not found");
}
