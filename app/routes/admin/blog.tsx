import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Link, redirect } from "react-router";

import { type EditorValues, PostEditor } from "~/components/admin/post-editor";
import { PostList } from "~/components/admin/post-list";
import { PostPreview, type PreviewData } from "~/components/admin/post-preview";
import { buttonClass } from "~/components/ui/button-link";
import { toast } from "~/components/ui/toast";
import { FORM_LIMIT_BYTES, readFormBody } from "~/lib/api.server";
import { domainErrorForForm } from "~/lib/domain-errors.server";
import { readMultipart } from "~/lib/multipart.server";
import { sanitizePostHtml } from "~/lib/sanitize.server";
import { PostFormSchema } from "~/lib/schemas";
import { pageMeta } from "~/lib/seo";
import { parseTags } from "~/lib/tags";
import { requireAdmin } from "~/services/auth.server";
import { getPostById, listAllPosts, savePost } from "~/services/posts.server";
import { saveImage } from "~/services/uploads.server";

import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Blog Admin", noindex: true });

const EMPTY: EditorValues = {
  title: "",
  excerpt: "",
  coverImage: "",
  videoUrl: "",
  tags: "",
  status: "draft",
  content: "",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const editing = editId ? getPostById(editId) : undefined;
  if (editId && !editing) throw data(null, { status: 404 });
  const posts = listAllPosts().map(({ id, title, slug, status, excerpt, tags }) => ({
    id,
    title,
    slug,
    status,
    excerpt,
    tags,
  }));
  return {
    posts,
    mode: editing ? "edit" : url.searchParams.has("new") ? "create" : "idle",
    editing: editing && {
      id: editing.id,
      values: {
        title: editing.title,
        excerpt: editing.excerpt,
        coverImage: editing.coverImage ?? "",
        videoUrl: editing.videoUrl ?? "",
        tags: editing.tags.join(", "),
        status: editing.status,
        content: editing.content,
      } satisfies EditorValues,
    },
    saved: url.searchParams.get("saved"),
    result: url.searchParams.get("result") === "created" ? "created" : "updated",
  };
}

type ActionResult =
  | { kind: "invalid" | "edit"; id?: string; reply: SubmissionResult<string[]> }
  | { kind: "preview"; id?: string; values: EditorValues; preview: PreviewData };

function rawValues(form: FormData): EditorValues {
  const text = (name: keyof EditorValues) => String(form.get(name) ?? "");
  return {
    title: text("title"),
    excerpt: text("excerpt"),
    coverImage: text("coverImage"),
    videoUrl: text("videoUrl"),
    tags: text("tags"),
    status: text("status") === "published" ? "published" : "draft",
    content: text("content"),
  };
}

/**
 * The editor posts multipart (so a cover image can come along without JavaScript): the file is
 * streamed into the image pipeline and its public URL becomes the cover. A cover that is refused (too
 * large, not an image, the server busy) is one more field error: the rest of the form still arrives.
 */
async function readEditorForm(
  request: Request,
): Promise<{ form: FormData; coverErrors?: Record<string, string[]> }> {
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return { form: await readFormBody(request, FORM_LIMIT_BYTES.editor) };
  let coverErrors: Record<string, string[]> | undefined;
  const { fields, file } = await readMultipart(
    request,
    "coverFile",
    (stream) =>
      saveImage(stream).catch((error: unknown) => {
        coverErrors = domainErrorForForm(error, { field: "coverImage" }).fieldErrors;
        return null;
      }),
    {
      maxBytes: FORM_LIMIT_BYTES.editorWithCover,
      tooLarge: `The form with its cover image must be at most ${FORM_LIMIT_BYTES.editorWithCover / 1024 / 1024} MB (the image itself 10 MB)`,
    },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("coverImage", file.publicURL);
  return { form, coverErrors };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const { form, coverErrors } = await readEditorForm(request);
  const intent = String(form.get("intent") ?? "save");
  const id = String(form.get("id") ?? "") || undefined;
  const values = rawValues(form);

  if (intent === "edit") return data<ActionResult>({ kind: "edit", id, reply: { initialValue: values } });
  if (intent === "preview") {
    const preview: PreviewData = {
      title: values.title.trim(),
      excerpt: values.excerpt.trim(),
      html: sanitizePostHtml(values.content),
      coverImage: values.coverImage.trim() || null,
      videoUrl: values.videoUrl.trim() || null,
      tags: parseTags(values.tags),
    };
    return data<ActionResult>({ kind: "preview", id, values, preview });
  }

  const submission = parseWithZod(form, { schema: PostFormSchema });
  // A bad cover file is one more invalid field of the form (400), whatever the upload's own status.
  if (coverErrors) {
    return data<ActionResult>(
      { kind: "invalid", id, reply: submission.reply({ fieldErrors: coverErrors }) },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    return data<ActionResult>({ kind: "invalid", id, reply: submission.reply() }, { status: 400 });
  }
  // 'Save & Publish' saves the post as published (the older build only flipped the select).
  const draft = {
    ...submission.value,
    status: intent === "publish" ? ("published" as const) : submission.value.status,
  };
  try {
    const post = savePost(id, draft);
    throw redirect(`/admin/blog?saved=${encodeURIComponent(post.slug)}&result=${id ? "updated" : "created"}`);
  } catch (error) {
    const { status, fieldErrors } = domainErrorForForm(error, { field: "title" });
    return data<ActionResult>({ kind: "invalid", id, reply: submission.reply({ fieldErrors }) }, { status });
  }
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, mode, editing, saved, result } = loaderData;
  useEffect(() => {
    if (saved)
      toast({ title: result === "created" ? "Post created" : "Post updated", description: `/blog/${saved}` });
  }, [saved, result]);

  const postId = actionData?.id ?? editing?.id;
  const editorOpen = actionData ? actionData.kind !== "preview" : mode !== "idle";

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Blog Admin</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/blog?new" className={buttonClass("primary")}>
            Create New Post
          </Link>
          <a href="/admin/newsletter.csv" className={buttonClass("outline")} download>
            Subscribers (CSV)
          </a>
        </div>
      </div>

      {saved && (
        <p
          role="status"
          className="no-js-only mt-6 rounded-xl border border-secondary px-4 py-3 text-secondary"
        >
          {result === "created" ? "Post created" : "Post updated"}:{" "}
          <Link to={`/blog/${saved}`} className="underline">
            /blog/{saved}
          </Link>
        </p>
      )}

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
        {actionData?.kind === "preview" ? (
          <PostPreview preview={actionData.preview} values={actionData.values} postId={postId} />
        ) : editorOpen ? (
          <PostEditor
            key={postId ?? "new"}
            postId={postId}
            defaultValue={editing?.values ?? EMPTY}
            lastResult={actionData?.reply}
          />
        ) : (
          <section className="rounded-2xl border border-dashed border-border p-10 text-center text-muted">
            <p>Choose a post to edit, or create a new one.</p>
          </section>
        )}
        <PostList posts={posts} editingId={postId} />
      </div>
    </div>
  );
}
