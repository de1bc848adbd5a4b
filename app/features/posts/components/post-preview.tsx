import { Form } from "react-router";

import { type ArticleData, PostArticle } from "~/features/posts/components/post-article";

export type PreviewData = ArticleData;

/**
 * What the post will look like: the post page's own article at its full width, in the admin's theme
 * (the body already sanitized by the server). 'Back to Edit' sends the values back, so the editor
 * reopens with them, with or without JavaScript.
 */
export function PostPreview({
  preview,
  values,
  postId,
}: {
  preview: PreviewData;
  values: Record<string, string>;
  postId?: string;
}) {
  return (
    <section aria-labelledby="preview-heading" className="rounded-3xl border border-border bg-bg pb-12">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-t-3xl border-b border-border bg-card/95 px-5 py-3 backdrop-blur">
        <p id="preview-heading" className="text-sm font-semibold">
          Preview <span className="font-normal text-muted">· as readers will see it</span>
        </p>
        <Form method="post">
          {postId && <input type="hidden" name="id" value={postId} />}
          {Object.entries(values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            name="intent"
            value="edit"
            className="min-h-10 rounded-full border border-border px-4 text-sm font-semibold hover:border-primary"
          >
            Back to Edit
          </button>
        </Form>
      </div>
      <PostArticle post={preview} preview />
    </section>
  );
}
