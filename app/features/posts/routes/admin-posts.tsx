import type { SubmissionResult } from "@conform-to/react";
import { data, Link } from "react-router";
import type { z } from "zod";

import { editorShouldRevalidate, publishAskOf, useSavedToast } from "~/features/editor";
import {
  countRevisions,
  editedId,
  editorAction,
  type EditorFormResult,
  type EditorRoute,
  unsavedWork,
} from "~/features/editor/index.server";
import { readMultipart } from "~/features/media/index.server";
import { saveImage } from "~/features/media/index.server";
import { sendOfPost } from "~/features/newsletter/index.server";
import { adminPostsPage } from "~/features/posts/admin-post-lists.server";
import { PostEditor } from "~/features/posts/components/post-editor";
import { PostList } from "~/features/posts/components/post-list";
import { PostPreview, type PreviewData } from "~/features/posts/components/post-preview";
import { PostTable } from "~/features/posts/components/post-table";
import { LIST_TAGS } from "~/features/posts/content";
import { checkPost, countPostsWithProblems, savedCheckFacts } from "~/features/posts/post-checks.server";
import { refusalToEdit, type Writer } from "~/features/posts/post-rules.server";
import {
  EMPTY_POST_VALUES,
  type PostValues,
  postValuesFrom,
  postValuesOf,
} from "~/features/posts/post-values";
import { getPostById, postAuthors, savePost } from "~/features/posts/posts.server";
import { readingMinutes } from "~/features/posts/reading-time";
import { PostFormSchema } from "~/features/posts/schemas";
import { translationChipsOf } from "~/features/posts/translations/translated-blog.server";
import { postCardSubject, socialCardFor, socialCardKey } from "~/features/social-cards/index.server";
import { mayUse, staffOf } from "~/features/staff/index.server";
import { getEnv } from "~/platform/env.server";
import { mayPublish } from "~/platform/http/access";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { type Language, LANGUAGES } from "~/platform/i18n/languages";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sharePanel } from "~/platform/pages/share-panel.server";
import { momentInDublin } from "~/platform/text/dates";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { parseTags } from "~/platform/text/tags";
import { buttonClass } from "~/ui/button-link";
import { LinkChoice } from "~/ui/forms/link-choice";
import { SharePreviewForm } from "~/ui/forms/share-preview";
import { AdminPager } from "~/ui/layout/admin-pager";
import type { TranslationState } from "~/ui/layout/translation-states";

import type { Route } from "./+types/admin-posts";

export const handle: RouteHandle = { access: "contributor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Posts", noindex: true });

export const shouldRevalidate = editorShouldRevalidate;

/**
 * /admin/posts lists the posts; ?new and ?edit=<id> open the editor on its own, full width. After a
 * save the admin stays in the editor (?saved=<slug>). Unsaved work the editor autosaved is offered
 * back (?restore), or discarded.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = staffOf(context);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const saved = url.searchParams.get("saved");
  const result = url.searchParams.get("result") === "created" ? "created" : "updated";
  if (!editId && !url.searchParams.has("new")) {
    const { view, remember } = listView(url, request);
    // ?problems: only the posts the checks while writing found problems in (an imported site to clean up).
    const problemsOnly = url.searchParams.has("problems");
    const {
      rows: all,
      page,
      pageCount,
    } = adminPostsPage({
      problemsOnly,
      page: Number(url.searchParams.get("page") ?? 1),
    });
    const authors = postAuthors(all.map((post) => post.authorId));
    const translations = translationChipsOf(all);
    const posts = all.map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: post.status,
      excerpt: post.excerpt,
      // An imported post may carry thousands: the list shows a few and says how many.
      tags: post.tags.slice(0, LIST_TAGS),
      tagCount: post.tags.length,
      publishAt: post.publishAt,
      unpublishAt: post.unpublishAt,
      endedAt: post.endedAt,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      waitingForReview: Boolean(post.reviewRequestedAt),
      editable: !refusalToEdit(user, post),
      author: (post.authorId && authors.get(post.authorId)?.name) || null,
      problems: post.checkProblems,
      translations: translations.get(post.id),
    }));
    const withProblems = countPostsWithProblems();
    return data(
      { mode: "list" as const, posts, view, now: Date.now(), problemsOnly, withProblems, page, pageCount },
      remember ? { headers: { "Set-Cookie": remember } } : undefined,
    );
  }
  const post = editId ? getPostById(editId) : undefined;
  if (editId && !post) throw data(null, { status: 404 });
  // A contributor opens only their own drafts; the list shows them the rest to read.
  const refusal = post && refusalToEdit(user, post);
  if (refusal) throw data({ error: refusal }, { status: 403 });
  const { values, unsaved, restored, typedOnEarlier } = unsavedWork(
    user.id,
    "post",
    post,
    url,
    post ? postValuesOf(post) : EMPTY_POST_VALUES,
    (autosaved, saved) => postValuesFrom((name) => autosaved[name], saved),
  );
  const panel = post && mayPublish(user.role) ? await sharePanel(request, "post", post.id) : undefined;
  return data(
    {
      mode: "editor" as const,
      post: post && {
        id: post.id,
        slug: post.slug,
        status: post.status,
        publishAt: post.publishAt,
        // Its date on the blog: when it went live.
        publishedOn: post.status === "published" ? post.createdAt : null,
        live: Boolean(post.publishedAt) || post.status === "published",
        revisions: countRevisions("post", post.id),
        savedAt: post.updatedAt.getTime(),
        typedOnEarlier,
        newsletterSent: Boolean(sendOfPost(post.id)),
        // Sending goes to the subscribers (personal data): the owner's, not an editor's.
        mayNewsletter: mayUse(user.role, context, "/admin/posts/:id/newsletter"),
        // The card its page names for sharing once live (drawn a moment after each save of a published
        // or scheduled post); a draft's, drawn on demand for this preview from its saved version.
        socialCard:
          post.status === "draft"
            ? `/admin/posts/${post.id}/social-card?v=${socialCardKey(postCardSubject(post))}`
            : (socialCardFor(postCardSubject(post))?.url ?? null),
        reviewRequestedAt: post.reviewRequestedAt,
        checks: savedCheckFacts(post),
        share: panel?.share,
        // Each of the site's other languages: missing, a draft, up to date, or outdated by an edit.
        translations: translationChipsOf([post]).get(post.id),
      },
      contributor: !mayPublish(user.role),
      values,
      // Work typed after the last save, e.g. before the tab was closed.
      unsaved,
      restored,
      saved,
      result,
      publishAsk: publishAskOf(url),
      siteHost: new URL(getEnv().SITE_URL).host,
    },
    { headers: panel?.headers },
  );
}

const VIEW_COOKIE = "posts-view";

/**
 * Cards or a table: chosen with a link (?view=table, so it works without JavaScript), and remembered
 * in this browser for the next visit of the list.
 */
function listView(url: URL, request: Request): { view: "cards" | "table"; remember?: string } {
  const asked = url.searchParams.get("view");
  if (asked === "table" || asked === "cards")
    return {
      view: asked,
      remember: `${VIEW_COOKIE}=${asked}; Path=/admin/posts; Max-Age=31536000; SameSite=Lax; HttpOnly`,
    };
  const kept = /(?:^|;\s*)posts-view=(table|cards)(?:;|$)/.exec(request.headers.get("cookie") ?? "")?.[1];
  return { view: kept === "table" ? "table" : "cards" };
}

type ActionResult =
  | EditorFormResult
  | { kind: "edit"; id?: string; reply: SubmissionResult<string[]> }
  | { kind: "preview"; id?: string; values: PostValues; preview: PreviewData };

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
    (stream, fileName) =>
      saveImage(stream, fileName).catch((error: unknown) => {
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

/**
 * The editor's route action for posts (see editorAction), saving as `writer` (their role decides what
 * they may do); "Submit for review" saves a draft that waits for an editor or the owner.
 */
const postsRoute = (
  writer: Writer,
  submitForReview: boolean,
): EditorRoute<z.output<typeof PostFormSchema>> => ({
  kind: "post",
  path: "/admin/posts",
  schema: PostFormSchema,
  save: (id, values, options) => savePost(id, { ...values, submitForReview }, { ...options, writer }),
  // A contributor never publishes: their Publish is refused by the save, not asked about.
  openProblems: (id, values) =>
    writer.role === "contributor" ? 0 : checkPost({ ...values, id: id ?? "" }).length,
  storedOf: (id) => getPostById(id),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const { form, coverErrors } = await readEditorForm(request);
  const intent = String(form.get("intent") ?? "save");
  const id = editedId(form);
  const values = postValuesFrom((name) => form.get(name));
  if (intent === "edit") return data<ActionResult>({ kind: "edit", id, reply: { initialValue: values } });
  if (intent === "preview") {
    const preview: PreviewData = {
      title: values.title.trim(),
      excerpt: values.excerpt.trim(),
      html: sanitizePostHtml(values.content),
      minutes: readingMinutes(values.content),
      createdAt: new Date(),
      coverImage: values.coverImage.trim() || null,
      coverAlt: values.coverAlt.trim() || null,
      videoUrl: values.videoUrl.trim() || null,
      tags: parseTags(values.tags),
    };
    return data<ActionResult>({ kind: "preview", id, values, preview });
  }
  return editorAction(postsRoute(user, intent === "submit-review"), form, {
    userId: user.id,
    fieldErrors: coverErrors,
  });
}

const WAITING_FOR_REVIEW = "Saved and waiting for review (not on the site yet)";

/** After a save that left translations behind the post: which, and where they are brought up to date. */
function outdatedNote(chips: TranslationState[] | undefined): string | undefined {
  const outdated = (chips ?? []).filter((chip) => chip.state === "outdated");
  if (!outdated.length) return undefined;
  const names = outdated.map((chip) => LANGUAGES[chip.lang as Language]?.name ?? chip.lang).join(" and ");
  return `The ${names} ${outdated.length > 1 ? "translations are" : "translation is"} now outdated: update ${outdated.length > 1 ? "them" : "it"} from Translations beside the post.`;
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const editor = loaderData.mode === "editor" ? loaderData : undefined;
  // A contributor's submitted draft is not on the site: "Post created" beside its address read as live.
  const waiting = Boolean(editor?.post?.reviewRequestedAt) && !editor?.post?.live;
  useSavedToast(
    editor?.saved,
    editor?.post?.status === "scheduled" && editor.post.publishAt
      ? `Scheduled for ${momentInDublin(editor.post.publishAt)}`
      : waiting
        ? "Waiting for review"
        : editor?.result === "created"
          ? "Post created"
          : "Post updated",
    "/blog/",
    waiting
      ? "Saved. An editor or the owner publishes it; until then it is not on the site."
      : outdatedNote(editor?.post?.translations),
  );

  if (loaderData.mode === "list") {
    return (
      <div>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold">Posts</h1>
          <div className="flex flex-wrap items-center gap-3">
            <ViewSwitch view={loaderData.view} />
            <Link to="/admin/posts?new" className={buttonClass("primary")}>
              Create New Post
            </Link>
          </div>
        </div>
        <ProblemsFilter
          view={loaderData.view}
          problemsOnly={loaderData.problemsOnly}
          withProblems={loaderData.withProblems}
        />
        <div className="mt-6">
          {loaderData.view === "table" ? (
            <PostTable
              posts={loaderData.posts}
              now={loaderData.now}
              {...listWords(loaderData.problemsOnly)}
            />
          ) : (
            <PostList posts={loaderData.posts} {...listWords(loaderData.problemsOnly)} />
          )}
        </div>
        <AdminPager
          page={loaderData.page}
          pageCount={loaderData.pageCount}
          linkTo={(n) =>
            `/admin/posts?view=${loaderData.view}${loaderData.problemsOnly ? "&problems" : ""}&page=${n}`
          }
        />
      </div>
    );
  }

  const { post, values, unsaved, restored, saved, result, siteHost, contributor, publishAsk } = loaderData;
  const postId = actionData?.id ?? post?.id;
  if (actionData?.kind === "preview") {
    return <PostPreview preview={actionData.preview} values={actionData.values} postId={postId} />;
  }
  return (
    <>
      <PostEditor
        key={`${postId ?? "new"}-${restored}`}
        post={post}
        defaultValue={values}
        lastResult={actionData?.reply}
        unsaved={unsaved}
        restored={restored}
        saved={
          saved
            ? {
                slug: saved,
                created: result === "created",
                note: waiting ? WAITING_FOR_REVIEW : outdatedNote(post?.translations),
              }
            : undefined
        }
        siteHost={siteHost}
        contributor={contributor}
        publishAsk={publishAsk}
      />
      {/* The editor's "Share a preview" panel posts through it: forms do not nest. */}
      <SharePreviewForm />
    </>
  );
}

/** The filtered list's own heading and empty state; the whole list keeps its own. */
const listWords = (problemsOnly: boolean) =>
  problemsOnly
    ? { heading: "Posts with problems", empty: "No post has problems the checks can find: nothing to fix." }
    : {};

/** All posts, or only those with problems to fix: two links, so the filter works without JavaScript. */
function ProblemsFilter({
  view,
  problemsOnly,
  withProblems,
}: {
  view: "cards" | "table";
  problemsOnly: boolean;
  withProblems: number;
}) {
  return (
    <LinkChoice
      label="Which posts"
      className="mt-6"
      options={[
        { to: `/admin/posts?view=${view}`, current: !problemsOnly, text: "All" },
        {
          to: `/admin/posts?view=${view}&problems`,
          current: problemsOnly,
          text: `With problems (${withProblems})`,
        },
      ]}
    />
  );
}

/** Cards or table, as two links: the one shown is marked as the current one. */
function ViewSwitch({ view }: { view: "cards" | "table" }) {
  const option = (value: "cards" | "table", label: string) => (
    <Link
      to={`/admin/posts?view=${value}`}
      aria-current={view === value ? "page" : undefined}
      className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold text-muted hover:text-fg aria-[current=page]:bg-card aria-[current=page]:text-fg aria-[current=page]:shadow-sm"
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Show the posts as" className="flex rounded-full border border-border bg-bg p-1">
      {option("cards", "Cards")}
      {option("table", "Table")}
    </nav>
  );
}
