import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";

import {
  Editor,
  editorPanel,
  type EditorSetup,
  EndFields,
  outlineButton,
  type PublishAsk,
  type SavedCheckFacts,
  SearchAndSharing,
  TextInput,
} from "~/features/editor";
import { LibraryButton } from "~/features/media";
import { VideoUploadWidget } from "~/features/media";
import type { PostValues } from "~/features/posts/post-values";
import { PostFormSchema } from "~/features/posts/schemas";
import { fullDayAndTimeInDublin, momentInDublin } from "~/platform/text/dates";
import { parsePublishTime, toDayFirstWallTime, toDublinWallTime } from "~/platform/text/dublin-time";
import { Field, inputClass as fieldClass } from "~/ui/forms/field";
import { type SharePanelStart, SharePreview } from "~/ui/forms/share-preview";
import { type TranslationState, TranslationStates } from "~/ui/layout/translation-states";

export type EditedPost = {
  id: string;
  slug: string;
  status: string;
  live: boolean;
  revisions: number;
  savedAt: number;
  typedOnEarlier?: boolean;
  /** Whether the post has gone out as a newsletter. */
  newsletterSent: boolean;
  /** Whether the signed-in role may send it to the subscribers. */
  mayNewsletter: boolean;
  /** The address of the post's social card, once it is live (drawn from its saved title, tag and cover). */
  socialCard?: string | null;
  /** When a live post went live: its date on the blog. */
  publishedOn?: Date | string | null;
  /** When a contributor asked for it to be published, while it waits. */
  reviewRequestedAt?: Date | string | null;
  /** What the checks while writing found of the saved post that the browser cannot see. */
  checks?: SavedCheckFacts;
  /** The "Share a preview" panel's live links, and the outcome of its form sent without JavaScript. */
  share?: SharePanelStart;
  /** Its translation into each of the site's other languages, and their states (none on a site in one). */
  translations?: TranslationState[];
};

const POST_EDITOR: EditorSetup = {
  kind: "post",
  noun: "post",
  list: { to: "/admin/posts", label: "All posts" },
  prefix: "/blog/",
  heading: { create: "Create New Post", edit: "Edit Post" },
  save: { create: "Create Post", update: "Update Post" },
  body: { name: "content" },
  excerpt: {
    label: "Excerpt",
    hint: "Shown on the blog and in search results. Leave it empty and it is made from the first lines of the body.",
  },
  statuses: [
    { value: "draft", label: "Draft" },
    { value: "scheduled", label: "Scheduled" },
    { value: "published", label: "Published" },
  ],
  coverLabel: "Cover Image URL",
  savedNote: { created: "Post created", updated: "Post updated" },
};

/** A contributor's editor: drafts only, and "Submit for review" where the others publish. */
const CONTRIBUTOR_EDITOR: EditorSetup = {
  ...POST_EDITOR,
  statuses: [{ value: "draft", label: "Draft" }],
  // "Create Post" reads as putting it on the site, which a contributor cannot do.
  save: { create: "Save draft", update: "Save draft" },
  publish: { intent: "submit-review", label: "Submit for review" },
};

/**
 * The post editor: the one editor with a post's parts. Search and sharing below the body; the
 * schedule and the newsletter in publishing; cover uploads (with and without JavaScript), the video
 * and the tags at the side. Intents save, publish and preview.
 */
export function PostEditor({
  post,
  defaultValue,
  lastResult,
  unsaved,
  restored,
  saved,
  siteHost,
  contributor = false,
  publishAsk,
}: {
  /** The signed-in member of staff is a contributor: they draft, an editor or the owner publishes. */
  contributor?: boolean;
  post?: EditedPost;
  defaultValue: PostValues;
  lastResult?: SubmissionResult<string[]>;
  unsaved: { at: Date; title: string } | null;
  restored: boolean;
  saved?: { slug: string; created: boolean; note?: string };
  siteHost: string;
  /** Publish was pressed with problems open: what became of what was typed (the editor asks). */
  publishAsk?: PublishAsk | null;
}) {
  return (
    <Editor
      setup={contributor ? CONTRIBUTOR_EDITOR : POST_EDITOR}
      schema={PostFormSchema}
      item={post}
      defaultValue={defaultValue}
      lastResult={lastResult}
      unsaved={unsaved}
      restored={restored}
      saved={saved}
      multipart
      checks={post?.checks}
      publishAsk={publishAsk}
      parts={{
        actions: (
          <>
            {post?.live && (
              <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer" className={outlineButton}>
                View post<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            <button type="submit" name="intent" value="preview" formNoValidate className={outlineButton}>
              Preview
            </button>
          </>
        ),
        afterBody: ({ fields, pickMedia, title, slug }) => (
          <section className={editorPanel}>
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
        ),
        publishing: ({ fields, setField }) => (
          <>
            {post?.reviewRequestedAt && (
              <p className="text-sm font-semibold text-secondary">
                Waiting for review since {momentInDublin(post.reviewRequestedAt)}
                {contributor ? ": an editor or the owner publishes it." : "."}
              </p>
            )}
            {contributor ? (
              <p className="text-sm text-muted">
                Write and save your draft, then submit it for review: an editor or the owner publishes it.
              </p>
            ) : post?.publishedOn ? (
              <p className="text-sm">
                Live since {momentInDublin(post.publishedOn)} (Dublin time): the date on the blog.
              </p>
            ) : (
              <>
                <Field
                  id={fields.publishAt.id}
                  label="Publish at (Dublin time)"
                  hint="Day first, e.g. 28/11/2026 09:30. Used when the status is Scheduled: the post goes live on its own at that minute."
                  errors={fields.publishAt.errors}
                  errorId={fields.publishAt.errorId}
                >
                  <input
                    {...getInputProps(fields.publishAt, { type: "text" })}
                    key={fields.publishAt.key}
                    placeholder="DD/MM/YYYY HH:MM"
                    autoComplete="off"
                    className={fieldClass}
                  />
                </Field>
                <div className="-mt-2 flex items-start justify-between gap-3">
                  <PublishTimeSpelledOut value={String(fields.publishAt.value ?? "")} />
                  <CalendarButton
                    value={String(fields.publishAt.value ?? "")}
                    onPick={(date) => setField(fields.publishAt.name, toDayFirstWallTime(date))}
                  />
                </div>
              </>
            )}
            {!contributor && (
              <EndFields
                unpublishAt={fields.unpublishAt}
                endRedirect={fields.endRedirect}
                noun="post"
                leaves="the blog, the feed, search and the sitemap"
                section="/blog"
              />
            )}
            {post?.status === "published" && post.mayNewsletter && (
              <Link
                to={`/admin/posts/${post.id}/newsletter`}
                className="text-sm font-semibold text-primary hover:underline"
              >
                {post.newsletterSent ? "Newsletter: sent (see progress)" : "Send as newsletter"}
              </Link>
            )}
            {!contributor && post?.translations?.length ? (
              <div>
                <h3 className="text-sm font-semibold">Translations</h3>
                <TranslationStates
                  title="this post"
                  states={post.translations}
                  hrefOf={(lang) => `/admin/posts/${post.id}/translate/${lang}`}
                />
                {post.translations.some((chip) => chip.state === "outdated") && (
                  <p className="mt-2 text-sm text-muted">
                    Outdated: the post changed after it was translated. Open the translation to bring it up to
                    date beside the post&apos;s new words, and publish it again.
                  </p>
                )}
              </div>
            ) : null}
            {post && !contributor && <SharePreview kind="post" target={post.id} start={post.share} />}
          </>
        ),
        cover: () => (
          <>
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
          </>
        ),
        afterCover: ({ fields, pickMedia, setField }) => (
          <>
            <section className={editorPanel}>
              <h2 className="font-semibold">Video</h2>
              <TextInput field={fields.videoUrl} label="Video URL" placeholder="/uploads/…" />
              <LibraryButton
                kind="video"
                label="Choose a video from the library"
                pickMedia={pickMedia}
                onChoose={(item) => setField(fields.videoUrl.name, item.url)}
              />
              <VideoUploadWidget videoInputId={fields.videoUrl.id} />
            </section>
            <section className={editorPanel}>
              <TextInput
                field={fields.tags}
                label="Tags (comma separated)"
                placeholder="SEO, Local SEO, PPC"
              />
            </section>
          </>
        ),
      }}
    />
  );
}

/**
 * The chosen time spelled out, day first: the browser draws its date field in its own language's
 * order (04/12 is April to some), so the owner reads back which day it really is.
 */
/**
 * The browser's own date and time picker, for choosing rather than typing. Its field writes the date
 * in the browser's order (often month first), so it stays hidden: the choice is written day first.
 */
function CalendarButton({ value, onPick }: { value: string; onPick: (date: Date) => void }) {
  const picker = useRef<HTMLInputElement>(null);
  const chosen = value ? parsePublishTime(value) : undefined;
  return (
    <span className="js-only relative shrink-0">
      <button
        type="button"
        onClick={() => picker.current?.showPicker()}
        className="text-sm font-semibold whitespace-nowrap text-primary hover:underline"
      >
        Calendar
      </button>
      <input
        ref={picker}
        type="datetime-local"
        tabIndex={-1}
        aria-hidden="true"
        value={chosen ? toDublinWallTime(chosen) : ""}
        onChange={(event) => {
          const date = parsePublishTime(event.target.value);
          if (date) onPick(date);
        }}
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
      />
    </span>
  );
}

/** The time to the minute, ticking each minute in the browser; null on the server (nothing is "past" there). */
const everyMinute = (tick: () => void) => {
  const timer = setInterval(tick, 60_000);
  return () => clearInterval(timer);
};
const thisMinute = () => Math.floor(Date.now() / 60_000) * 60_000;
const useMinute = () => useSyncExternalStore(everyMinute, thisMinute, () => null);

function PublishTimeSpelledOut({ value }: { value: string }) {
  const now = useMinute();
  const chosen = value.trim() ? parsePublishTime(value) : undefined;
  const past = chosen !== undefined && now !== null && chosen.getTime() <= now;
  let text = "No time chosen yet.";
  if (past) text = `${fullDayAndTimeInDublin.format(chosen)} has passed: choose a later time to schedule it.`;
  else if (chosen) text = `Goes live on ${fullDayAndTimeInDublin.format(chosen)} (Dublin time).`;
  else if (value.trim()) text = "Not a date and time yet: type it day first, e.g. 28/11/2026 09:30.";
  const problem = past || (!chosen && value.trim() !== "");
  return (
    <p aria-live="polite" className={`text-sm ${problem ? "text-destructive" : "text-muted"}`}>
      {text}
    </p>
  );
}
