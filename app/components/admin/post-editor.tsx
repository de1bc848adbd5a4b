import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";

import { Field, inputClass as fieldClass } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { PostFormSchema } from "~/lib/schemas";

import { ContentField } from "./rich-editor/content-field";
import { ImageUploadWidget, VideoUploadWidget } from "./upload-widgets";

export type EditorValues = {
  title: string;
  excerpt: string;
  coverImage: string;
  videoUrl: string;
  tags: string;
  status: "draft" | "scheduled" | "published";
  content: string;
};

/** The post editor: a real POST form (it saves without JavaScript); intents save, publish, preview. */
export function PostEditor({
  postId,
  defaultValue,
  lastResult,
}: {
  postId?: string;
  defaultValue: EditorValues;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `post-${postId ?? "new"}`,
    defaultValue,
    lastResult,
    constraint: getZodConstraint(PostFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: contentKey, ...contentProps } = getTextareaProps(fields.content);

  return (
    <section aria-labelledby="editor-heading" className="rounded-2xl border border-border bg-card p-6">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="editor-heading" className="text-xl font-semibold">
            {postId ? "Edit Post" : "Create New Post"}
          </h2>
          <div className="flex gap-2">
            <button
              type="submit"
              name="intent"
              value="preview"
              formNoValidate
              className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
            >
              Preview
            </button>
            <Link
              to="/admin/blog"
              className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
            >
              Cancel
            </Link>
          </div>
        </div>
        {postId && <input type="hidden" name="id" value={postId} />}
        {form.errors && <FormError id={form.errorId}>{form.errors[0]}</FormError>}

        <Field
          id={fields.title.id}
          label="Title"
          errors={fields.title.errors}
          errorId={fields.title.errorId}
          hint="The post's address is made from the title."
        >
          <input
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            className={fieldClass}
          />
        </Field>
        <Field
          id={fields.excerpt.id}
          label="Excerpt"
          errors={fields.excerpt.errors}
          errorId={fields.excerpt.errorId}
        >
          <textarea
            {...getTextareaProps(fields.excerpt)}
            key={fields.excerpt.key}
            rows={3}
            className={fieldClass}
          />
        </Field>
        <Field
          id={fields.coverImage.id}
          label="Cover Image URL"
          errors={fields.coverImage.errors}
          errorId={fields.coverImage.errorId}
        >
          <input
            {...getInputProps(fields.coverImage, { type: "text" })}
            key={fields.coverImage.key}
            placeholder="/uploads/…"
            className={fieldClass}
          />
        </Field>
        <ImageUploadWidget coverInputId={fields.coverImage.id} />
        <div className="no-js-only">
          <label htmlFor="coverFile" className="block text-sm font-medium">
            Or upload a cover image{" "}
            <span className="font-normal text-muted">(JPEG, PNG, WebP, GIF or AVIF, 10 MB at most)</span>
          </label>
          <input
            id="coverFile"
            name="coverFile"
            type="file"
            accept="image/*"
            className="mt-1 block w-full text-sm"
          />
        </div>
        <Field
          id={fields.videoUrl.id}
          label="Video URL"
          errors={fields.videoUrl.errors}
          errorId={fields.videoUrl.errorId}
        >
          <input
            {...getInputProps(fields.videoUrl, { type: "text" })}
            key={fields.videoUrl.key}
            placeholder="/uploads/…"
            className={fieldClass}
          />
        </Field>
        <VideoUploadWidget videoInputId={fields.videoUrl.id} />
        <Field
          id={fields.tags.id}
          label="Tags (comma separated)"
          errors={fields.tags.errors}
          errorId={fields.tags.errorId}
        >
          <input
            {...getInputProps(fields.tags, { type: "text" })}
            key={fields.tags.key}
            placeholder="SEO, Local SEO, PPC"
            className={fieldClass}
          />
        </Field>
        <Field
          id={fields.status.id}
          label="Status"
          errors={fields.status.errors}
          errorId={fields.status.errorId}
        >
          <select {...getSelectProps(fields.status)} key={fields.status.key} className={fieldClass}>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </Field>
        <ContentField
          textareaProps={contentProps}
          key={contentKey}
          errors={fields.content.errors}
          errorId={fields.content.errorId}
        />

        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="save" label={postId ? "Update Post" : "Create Post"} />
          <SubmitButton name="intent" value="publish" label="Save & Publish" variant="outline" />
        </div>
      </Form>
    </section>
  );
}
