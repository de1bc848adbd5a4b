import { issuesOf, jsonError, readJsonBody } from "~/lib/api.server";
import { PostApiSchema } from "~/lib/schemas";
import { ConflictError, FieldError, NotFoundError } from "~/services/errors.server";
import { savePost } from "~/services/posts.server";

/** POST /api/blog (id undefined) and PUT /api/blog/{id}: validate, save, answer like the spec says. */
export async function writePost(request: Request, id: string | undefined): Promise<Response> {
  const parsed = PostApiSchema.safeParse(await readJsonBody(request, 600 * 1024));
  if (!parsed.success) return jsonError(400, "Invalid post", issuesOf(parsed.error));
  try {
    const post = savePost(id, parsed.data);
    return Response.json(post, { status: id ? 200 : 201 });
  } catch (error) {
    if (error instanceof FieldError)
      return jsonError(400, error.message, [{ path: error.field, message: error.message }]);
    if (error instanceof ConflictError) return jsonError(409, error.message);
    if (error instanceof NotFoundError) return jsonError(404, "Post not found");
    throw error;
  }
}
