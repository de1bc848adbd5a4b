import { data } from "react-router";

import { RevisionHistory } from "~/features/editor";
import { type ComparedField, restoreFromForm, revisionScreen } from "~/features/editor/index.server";
import { PostArticle } from "~/features/posts/components/post-article";
import type { PostSnapshot } from "~/features/posts/post-save.server";
import { getPostById, postAuthors, restoreRevision } from "~/features/posts/posts.server";
import { readingMinutes } from "~/features/posts/reading-time";
import { staffOf } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";

import type { Route } from "./+types/admin-revisions";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Revisions", noindex: true });

/** What restoring a post's revision puts back, in the editor's words. */
const COMPARED: ComparedField[] = [
  { name: "title", label: "Title" },
  { name: "excerpt", label: "Excerpt" },
  { name: "content", label: "Content", html: true },
  { name: "coverImage", label: "Cover image" },
  { name: "coverAlt", label: "Cover description" },
  { name: "videoUrl", label: "Video" },
  { name: "tags", label: "Tags" },
  { name: "seoTitle", label: "Search title" },
  { name: "seoDescription", label: "Search description" },
  { name: "socialImage", label: "Social image" },
];

/** /admin/posts/{id}/revisions: every saved version of a live post; ?revision= shows one as readers would see it. */
export function loader({ request, params }: Route.LoaderArgs) {
  const post = getPostById(params.id);
  if (!post) throw data(null, { status: 404 });
  // The byline is the post's (its author and date), whoever saved the revision.
  const author = post.authorId ? (postAuthors([post.authorId]).get(post.authorId) ?? null) : null;
  const screen = revisionScreen("post", post, new URL(request.url), COMPARED, (snapshot: PostSnapshot) => ({
    ...snapshot,
    html: sanitizePostHtml(snapshot.content),
    minutes: readingMinutes(snapshot.content),
    createdAt: post.createdAt,
    author,
  }));
  return { post: { id: post.id, title: post.title }, ...screen };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffOf(context);
  return restoreFromForm(
    request,
    (revisionId) => restoreRevision(params.id, revisionId, { userId: user.id }),
    "/admin/posts",
  );
}

export default function Revisions({
  loaderData: { post, revisions, shown, changes, confirming },
}: Route.ComponentProps) {
  return (
    <RevisionHistory
      title={post.title}
      editLink={`/admin/posts?edit=${post.id}`}
      what="post"
      revisions={revisions}
      shown={shown}
      changes={changes}
      confirming={confirming}
    >
      {shown && <PostArticle post={shown.article} preview titleAs="h2" />}
    </RevisionHistory>
  );
}
