import { postJson } from "~/features/posts/post-json";
import type { Writer } from "~/features/posts/post-rules.server";
import { savePost } from "~/features/posts/posts.server";
import { PostApiSchema } from "~/features/posts/schemas";
import {
  isTranslationWrite,
  writePostTranslation,
} from "~/features/posts/translations/translation-write.server";
import { issuesOf, jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";

/**
 * POST /api/blog (id undefined) and PUT /api/blog/{id}: validate, save, answer as API clients expect
 * (403 for what the writer's role may not do: a contributor publishing, or changing another's post).
 */
export async function writePost(request: Request, id: string | undefined, writer: Writer): Promise<Response> {
  const body = await readJsonBody(request, 600 * 1024);
  // A post in another language is written beside its source (posts/translations).
  if (isTranslationWrite(body, id)) return writePostTranslation(body, id, writer);
  const parsed = PostApiSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Invalid post", issuesOf(parsed.error));
  try {
    const { updatedAt, ...draft } = parsed.data;
    const post = savePost(id, draft, { writer, savedAt: updatedAt });
    return Response.json(postJson(post), { status: id ? 200 : 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
