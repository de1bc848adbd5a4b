import { postJson } from "~/features/posts/post-json";
import { savePost } from "~/features/posts/posts.server";
import { PostApiSchema } from "~/features/posts/schemas";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";

/** POST /api/blog (id undefined) and PUT /api/blog/{id}: validate, save, answer as API clients expect. */
export async function writePost(request: Request, id: string | undefined, userId: string): Promise<Response> {
  const parsed = PostApiSchema.safeParse(await readJsonBody(request, 600 * 1024));
  if (!parsed.success) return jsonError(400, "Invalid post", issuesOf(parsed.error));
  try {
    const post = savePost(id, parsed.data, { userId });
    return Response.json(postJson(post), { status: id ? 200 : 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
