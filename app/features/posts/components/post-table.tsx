import { Link } from "react-router";

import { momentInDublin, timeAgo } from "~/platform/text/dates";
import { TranslationStates } from "~/ui/layout/translation-states";

import type { AdminPostSummary } from "./post-list";

export type PostRow = AdminPostSummary & {
  author: string | null;
  updatedAt: Date | string;
  publishedAt: Date | string | null;
};

const STATUS = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;
const statusInk = {
  published: "text-secondary",
  scheduled: "text-primary",
  draft: "text-accent",
} as const;

/** When it went live, or goes live; a draft has neither. */
function goesLive(post: PostRow, now: number): string {
  if (post.status === "scheduled" && post.publishAt) return momentInDublin(post.publishAt, now);
  if (post.status === "published" && post.publishedAt) return momentInDublin(post.publishedAt, now);
  return "—";
}

/**
 * Every post as one line of a table, for a long list: title, status, author, last change and when it
 * went (or goes) live. `now` is the loader's, so the server's words and the browser's agree.
 */
export function PostTable({
  posts,
  now,
  heading = "All Posts",
  empty = "No posts yet. Create your first post!",
}: {
  posts: PostRow[];
  now: number;
  heading?: string;
  empty?: string;
}) {
  return (
    <section
      aria-labelledby="all-posts-heading"
      className="rounded-2xl border border-border bg-card p-4 sm:p-6"
    >
      <h2 id="all-posts-heading" className="text-xl font-semibold">
        {heading}
      </h2>
      {posts.length === 0 ? (
        <p className="mt-4 text-muted">{empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead className="text-xs tracking-wide text-muted uppercase">
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Title
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
                  Author
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-semibold sm:table-cell">
                  Updated
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Published or scheduled
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id} className="border-b border-border align-top last:border-0">
                  <th scope="row" className="py-2.5 pr-3 font-normal">
                    <Link
                      to={`/admin/posts?edit=${post.id}`}
                      className="font-semibold [overflow-wrap:anywhere] hover:text-primary hover:underline"
                    >
                      {post.title}
                    </Link>
                    <TranslationStates
                      title={post.title}
                      states={post.translations}
                      hrefOf={(lang) => `/admin/posts/${post.id}/translate/${lang}`}
                    />
                  </th>
                  <td className={`py-2.5 pr-3 font-semibold whitespace-nowrap ${statusInk[post.status]}`}>
                    {STATUS[post.status]}
                  </td>
                  <td className="hidden py-2.5 pr-3 [overflow-wrap:anywhere] text-muted md:table-cell">
                    {post.author ?? "—"}
                  </td>
                  <td className="hidden py-2.5 pr-3 text-muted sm:table-cell">
                    <time dateTime={new Date(post.updatedAt).toISOString()}>
                      {timeAgo(post.updatedAt, now)}
                    </time>
                  </td>
                  <td className="py-2.5 text-muted">{goesLive(post, now)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
