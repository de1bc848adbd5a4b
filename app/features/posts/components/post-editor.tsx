import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { Form, Link, useLocation } from "react-router";

import type { EditorValues } from "~/features/editor";
import { AutosaveNotice, LeaveDialog, UnsavedWorkBanner } from "~/features/editor";
import { AddressField, CoverFields, EditorBar, editorPanel, outlineButton } from "~/features/editor";
import { SearchAndSharing } from "~/features/editor";
import { useAutosave } from "~/features/editor";
import { ContentField } from "~/features/editor";
import { LibraryButton, useMediaPicker } from "~/features/media";
import { ImageUploadWidget, VideoUploadWidget } from "~/features/media";
import { PostFormSchema } from "~/features/posts/schemas";
import { slugify } from "~/platform/text/slug";
import { Field, inputClass as fieldClass } from "~/ui/field";
import { FormError } from "~/ui/form-error";
import { SubmitButton } from "~/ui/submit-button";

export type EditedPost = {
  id: string;
  slug: string;
  status: string;
  live: boolean;
  revisions: number;
  /** Whether the post has gone out as a newsletter. */
  newsletterSent: boolean;
  /** Whether the signed-in role may send it to the subscribers. */
  mayNewsletter: boolean;
  /** The address of the post's social card, once it is live (drawn from its saved title, tag and cover). */
  socialCard?: string | null;
};

const panel = editorPanel;

/**
 * The post editor, full width: title, excerpt and body on the left; publishing, address, cover,
 * video and tags on the right; search and sharing below. A real POST form (it saves without
 * JavaScript; intents save, publish, preview); with JavaScript the body is the rich-text editor and
 * what is typed is autosaved.
 */
export function PostEditor({
  post,
  defaultValue,
  lastResult,
  unsaved,
  restored,
  saved,
  siteHost,
}: {
  post?: EditedPost;
  defaultValue: EditorValues;
  lastResult?: SubmissionResult<string[]>;
  unsaved: Date | null;
  restored: boolean;
  saved?: { slug: string; created: boolean };
  siteHost: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(formRef, post?.id ?? "new");
  const { pickMedia, picker } = useMediaPicker();
  // A save that came back (the page's address moved on): the form holds what the post holds.
  const { key } = useLocation();
  const { markSaved } = autosave;
  useEffect(() => {
    if (saved) markSaved();
  }, [key, saved, markSaved]);
  const live = post?.live ?? false;
  // Until the post is first published its address follows the title (an empty field says so).
  const followsTitle = !live && (!post || slugify(defaultValue.title) === defaultValue.slug);
  const initial = useMemo(
    () => (followsTitle ? { ...defaultValue, slug: "" } : defaultValue),
    [followsTitle, defaultValue],
  );
  const [form, fields] = useForm({
    id: `post-${post?.id ?? "new"}`,
    defaultValue: initial,
    lastResult,
    constraint: getZodConstraint(PostFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: contentKey, ...contentProps } = getTextareaProps(fields.content);
  // The body editor keeps its own state (selection, open dialogs): the rest of the form re-renders on
  // every keystroke and must not re-render it.
  const contentError = fields.content.errors?.[0];
  const body = useMemo(
    () => (
      <ContentField
        textareaProps={contentProps}
        key={contentKey}
        errors={contentError ? [contentError] : undefined}
        errorId={fields.content.errorId}
        pickMedia={pickMedia}
      />
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- contentProps is new on every render; its key stands for it
    [contentKey, contentError, fields.content.errorId, pickMedia],
  );
  const title = String(fields.title.value ?? "");
  const slug = String(fields.slug.value ?? "") || slugify(title);
  const setField = (name: string, value: string) => form.update({ name, value });

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      ref={formRef}
      aria-labelledby="editor-heading"
      // The body's toolbar sticks just below this form's own bar (which scrolls away on a phone).
      className="[--editor-toolbar-top:0px] lg:[--editor-toolbar-top:4.5rem]"
    >
      <EditorBar
        back={{ to: "/admin/blog", label: "All posts" }}
        heading={post ? "Edit Post" : "Create New Post"}
        note={<AutosaveNotice state={autosave.state} />}
      >
        {post?.live && (
          <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className={outlineButton}>
            View post<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        <button type="submit" name="intent" value="preview" formNoValidate className={outlineButton}>
          Preview
        </button>
        <SubmitButton name="intent" value="save" label={post ? "Update Post" : "Create Post"} compact />
        <SubmitButton name="intent" value="publish" label="Save & Publish" variant="outline" compact />
      </EditorBar>

      {post && <input type="hidden" name="id" value={post.id} />}
      <div className="mt-6 grid gap-4 empty:hidden">
        {saved && (
          <p role="status" className="no-js-only rounded-xl border border-secondary px-4 py-3 text-secondary">
            {saved.created ? "Post created" : "Post updated"}:{" "}
            <Link to={`/blog/${saved.slug}`} className="underline">
              /blog/{saved.slug}
            </Link>
          </p>
        )}
        {unsaved && (
          <UnsavedWorkBanner at={unsaved} restoreTo={post ? `?edit=${post.id}&restore` : "?new&restore"} />
        )}
        {restored && (
          <p role="status" className="rounded-xl border border-secondary px-4 py-3 text-sm text-secondary">
            Your unsaved work is back in the editor. Save to keep it.
          </p>
        )}
        {form.errors && <FormError id={form.errorId}>{form.errors[0]}</FormError>}
      </div>

      <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-6">
          <Field
            id={fields.title.id}
            label="Title"
            errors={fields.title.errors}
            errorId={fields.title.errorId}
          >
            <input
              {...getInputProps(fields.title, { type: "text" })}
              key={fields.title.key}
              className={`${fieldClass} !text-2xl font-bold`}
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
          {body}
          <section className={panel}>
            <SearchAndSharing
              // The form's own initial values: after Back to Edit or a refused save, what was sent.
              defaultValue={{
                seoTitle: String(fields.seoTitle.initialValue ?? ""),
                seoDescription: String(fields.seoDescription.initialValue ?? ""),
                socialImage: String(fields.socialImage.initialValue ?? ""),
              }}
              fallback={{
                title: title || "Post title",
                excerpt: String(fields.excerpt.value ?? ""),
                image: post?.socialCard ?? String(fields.coverImage.value ?? ""),
                path: `/blog/${slug}`,
              }}
              siteHost={siteHost}
              pickMedia={pickMedia}
              errors={{
                seoTitle: fields.seoTitle.errors,
                seoDescription: fields.seoDescription.errors,
                socialImage: fields.socialImage.errors,
              }}
            />
          </section>
        </div>

        <aside aria-label="Post settings" className="grid gap-5 lg:sticky lg:top-20">
          <section className={panel}>
            <h2 className="font-semibold">Publishing</h2>
            <Field
              id={fields.status.id}
              label="Status"
              errors={fields.status.errors}
              errorId={fields.status.errorId}
            >
              <select {...getSelectProps(fields.status)} key={fields.status.key} className={fieldClass}>
                <option value="draft">Draft</option>
                <option value="scheduled">Scheduled</option>
                <option value="published">Published</option>
              </select>
            </Field>
            <Field
              id={fields.publishAt.id}
              label="Publish at (Dublin time)"
              hint="Used when the status is Scheduled: the post goes live on its own at that minute."
              errors={fields.publishAt.errors}
              errorId={fields.publishAt.errorId}
            >
              <input
                {...getInputProps(fields.publishAt, { type: "datetime-local" })}
                key={fields.publishAt.key}
                className={fieldClass}
              />
            </Field>
            {post && post.revisions > 0 && (
              <Link
                to={`/admin/blog/${post.id}/revisions`}
                className="text-sm font-semibold text-primary hover:underline"
              >
                Revisions ({post.revisions})
              </Link>
            )}
            {post?.status === "published" && post.mayNewsletter && (
              <Link
                to={`/admin/blog/${post.id}/newsletter`}
                className="text-sm font-semibold text-primary hover:underline"
              >
                {post.newsletterSent ? "Newsletter: sent (see progress)" : "Send as newsletter"}
              </Link>
            )}
          </section>

          <section className={panel}>
            <AddressField
              field={fields.slug}
              prefix="/blog/"
              suggested={slugify(title) || "post-address"}
              live={live}
              what="post"
            />
          </section>

          <CoverFields
            image={fields.coverImage}
            alt={fields.coverAlt}
            label="Cover Image URL"
            pickMedia={pickMedia}
            setField={setField}
          >
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
          </CoverFields>

          <section className={panel}>
            <h2 className="font-semibold">Video</h2>
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
            <LibraryButton
              kind="video"
              label="Choose a video from the library"
              pickMedia={pickMedia}
              onChoose={(item) => setField(fields.videoUrl.name, item.url)}
            />
            <VideoUploadWidget videoInputId={fields.videoUrl.id} />
          </section>

          <section className={panel}>
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
          </section>
        </aside>
      </div>
      <LeaveDialog blocker={autosave.blocker} />
      {picker}
    </Form>
  );
}
