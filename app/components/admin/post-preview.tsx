import { Form } from "react-router";

import { CoverImage } from "~/components/cover-image";

import type { EditorValues } from "./post-editor";

export type PreviewData = {
  title: string;
  excerpt: string;
  html: string;
  coverImage: string | null;
  videoUrl: string | null;
  tags: string[];
};

/**
 * What the post will look like (the body already sanitized by the server). 'Back to Edit' sends the
 * values back, so the editor reopens with them, with or without JavaScript.
 */
export function PostPreview({
  preview,
  values,
  postId,
}: {
  preview: PreviewData;
  values: EditorValues;
  postId?: string;
}) {
  return (
    <section aria-labelledby="preview-heading" className="rounded-2xl border border-border bg-card p-6">
      <div className="flex items-center justify-between gap-3">
        <p id="preview-heading" className="text-sm font-semibold tracking-widest text-secondary uppercase">
          Preview
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
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
          >
            Back to Edit
          </button>
        </Form>
      </div>
      <article className="mt-6">
        <h2 className="text-3xl font-bold">{preview.title || "Untitled"}</h2>
        {preview.videoUrl && (
          <video
            controls
            preload="metadata"
            src={preview.videoUrl}
            className="mt-6 aspect-video w-full rounded-xl bg-black"
          />
        )}
        {preview.coverImage && (
          <CoverImage src={preview.coverImage} alt="Cover image" className="mt-6 rounded-xl" />
        )}
        <p className="mt-6 text-lg text-muted">{preview.excerpt}</p>
        <div className="prose-article mt-6" dangerouslySetInnerHTML={{ __html: preview.html }} />
        {preview.tags.length > 0 && (
          <ul aria-label="Tags" className="mt-6 flex flex-wrap gap-2">
            {preview.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
      </article>
    </section>
  );
}
