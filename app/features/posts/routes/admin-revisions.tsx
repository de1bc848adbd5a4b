import { data, Form, Link, redirect } from "react-router";

import { PostArticle } from "~/features/posts/components/post-article";
import { getRevision, listRevisions } from "~/features/posts/post-revisions.server";
import { getPostById, restoreRevision } from "~/features/posts/posts.server";
import { readingMinutes } from "~/features/posts/reading-time";
import { staffOf } from "~/features/staff/index.server";
import { NotFoundError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";

import type { Route } from "./+types/admin-revisions";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Revisions", noindex: true });

const when = new Intl.DateTimeFormat("en-IE", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Dublin",
});

/** /admin/blog/{id}/revisions: every saved version of a live post; ?revision= shows one as readers would see it. */
export function loader({ request, params }: Route.LoaderArgs) {
  const post = getPostById(params.id);
  if (!post) throw data(null, { status: 404 });
  const revisions = listRevisions(post.id);
  const chosen = new URL(request.url).searchParams.get("revision") ?? revisions[0]?.id;
  let shown = null;
  if (chosen) {
    try {
      const { snapshot, createdAt } = getRevision(post.id, chosen);
      shown = {
        id: chosen,
        createdAt,
        article: {
          ...snapshot,
          html: sanitizePostHtml(snapshot.content),
          minutes: readingMinutes(snapshot.content),
          createdAt: post.createdAt,
        },
      };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      throw data(null, { status: 404 });
    }
  }
  return { post: { id: post.id, title: post.title }, revisions, shown };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const revisionId = String((await request.formData()).get("revisionId") ?? "");
  try {
    const post = restoreRevision(params.id, revisionId, { userId: user.id });
    throw redirect(`/admin/blog?edit=${post.id}&saved=${encodeURIComponent(post.slug)}&result=updated`);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export default function Revisions({ loaderData: { post, revisions, shown } }: Route.ComponentProps) {
  return (
    <div>
      <Link to={`/admin/blog?edit=${post.id}`} className="text-sm font-semibold text-muted hover:text-fg">
        ← Back to the editor
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Revisions</h1>
      <p className="mt-1 text-muted">{post.title}</p>
      {revisions.length === 0 ? (
        <p className="mt-8 text-muted">No revisions yet: every save of a published post keeps one here.</p>
      ) : (
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label="Revisions">
            <ol className="grid gap-2">
              {revisions.map((revision, index) => (
                <li key={revision.id}>
                  <Link
                    to={`?revision=${revision.id}`}
                    aria-current={revision.id === shown?.id ? "true" : undefined}
                    className={`block rounded-xl border px-4 py-3 text-sm ${
                      revision.id === shown?.id
                        ? "border-primary bg-card"
                        : "border-border hover:border-primary"
                    }`}
                  >
                    <span className="font-semibold">{when.format(new Date(revision.createdAt))}</span>
                    {index === 0 && <span className="ml-2 text-xs text-secondary">Latest</span>}
                    <span className="block truncate text-muted">
                      {revision.title}
                      {revision.author ? ` · ${revision.author}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          {shown && (
            <section aria-label="The chosen revision" className="rounded-3xl border border-border pb-12">
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-card px-5 py-3">
                <p className="text-sm">
                  Saved <strong>{when.format(new Date(shown.createdAt))}</strong>
                </p>
                <Form method="post">
                  <input type="hidden" name="revisionId" value={shown.id} />
                  <button
                    type="submit"
                    className="min-h-10 rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg"
                  >
                    Restore this version
                  </button>
                </Form>
              </div>
              <PostArticle post={shown.article} preview titleAs="h2" />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
