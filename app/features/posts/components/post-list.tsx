import { Link } from "react-router";

import { LIST_TAGS, moreTopics } from "~/features/posts/content";
import { momentInDublin } from "~/platform/text/dates";
import { type TranslationState, TranslationStates } from "~/ui/layout/translation-states";

export type AdminPostSummary = {
  id: string;
  title: string;
  slug: string;
  status: "draft" | "scheduled" | "published";
  excerpt: string;
  /** The first LIST_TAGS of the post's tags, and how many it has in all. */
  tags: string[];
  tagCount: number;
  publishAt: Date | string | null;
  /** When a live post leaves the site on its own, and when an ended one left. */
  unpublishAt?: Date | string | null;
  endedAt?: Date | string | null;
  /** How many problems the checks while writing found at its last save (null: not counted yet). */
  problems?: number | null;
  /** Its translation into each of the site's other languages, and their state. */
  translations?: TranslationState[];
};

/** "2 writing problems", or nothing when there is none (or none counted yet). */
export const problemsText = (problems: number | null | undefined) =>
  problems ? `${problems} writing problem${problems === 1 ? "" : "s"}` : null;

const badge = {
  published: "bg-secondary/10 text-secondary",
  scheduled: "bg-primary/10 text-primary",
  draft: "bg-accent/10 text-accent",
} as const;

function statusText(post: AdminPostSummary): string {
  if (post.status === "published" && post.unpublishAt)
    return `Published · ends ${momentInDublin(post.unpublishAt)}`;
  if (post.status === "published") return "Published";
  if (post.status === "draft" && post.endedAt) return `Ended · ${momentInDublin(post.endedAt)}`;
  if (post.status === "scheduled" && post.publishAt) return `Scheduled · ${momentInDublin(post.publishAt)}`;
  return post.status === "scheduled" ? "Scheduled" : "Draft";
}

/** Every post with its status (a scheduled one with when it goes live) and Edit / View links. */
export function PostList({
  posts,
  heading = "All Posts",
  empty = "No posts yet. Create your first post!",
}: {
  posts: AdminPostSummary[];
  /** The list's heading and what it says with no post ("All Posts"; the filter's own words). */
  heading?: string;
  empty?: string;
}) {
  return (
    <section aria-labelledby="all-posts-heading" className="rounded-2xl border border-border bg-card p-6">
      <h2 id="all-posts-heading" className="text-xl font-semibold">
        {heading}
      </h2>
      {posts.some((post) => post.status === "published") && (
        <p className="mt-1 text-sm text-muted">
          Live posts stay: links to them would break. To take one down, set it to Draft in the editor, or
          redirect its address to another page.
        </p>
      )}
      {posts.length === 0 ? (
        <p className="mt-4 text-muted">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-col rounded-xl border border-border bg-bg p-4">
              {/* A long status ("Scheduled · Tue 1 Jan 2030, 19:00") goes under the title rather than squeeze it to
                  a letter a line: the title keeps at least 10rem before the badge wraps. */}
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <h3 className="min-w-0 flex-1 basis-40 font-semibold">{post.title}</h3>
                <span
                  className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[post.status]}`}
                >
                  {statusText(post)}
                </span>
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-muted">{post.excerpt}</p>
              {problemsText(post.problems) && (
                <p className="mt-1 text-sm font-semibold text-destructive">{problemsText(post.problems)}</p>
              )}
              <TranslationStates
                title={post.title}
                states={post.translations}
                hrefOf={(lang) => `/admin/posts/${post.id}/translate/${lang}`}
              />
              {post.tags.length > 0 && (
                <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1">
                  {post.tags.slice(0, LIST_TAGS).map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full border border-border px-2 py-0.5 text-xs text-muted"
                    >
                      {tag}
                    </li>
                  ))}
                  {post.tagCount > LIST_TAGS && (
                    <li className="px-1 py-0.5 text-xs text-muted">
                      {moreTopics(post.tagCount - LIST_TAGS)}
                    </li>
                  )}
                </ul>
              )}
              <div className="mt-auto flex items-center justify-between gap-3 pt-3 text-sm">
                {/* Whole words: the card's text may break anywhere. */}
                <span className="flex shrink-0 gap-3">
                  <Link
                    to={`/admin/posts?edit=${post.id}`}
                    className="font-semibold text-primary hover:underline"
                  >
                    Edit<span className="sr-only"> {post.title}</span>
                  </Link>
                  <Link to={`/blog/${post.slug}`} className="text-muted hover:underline">
                    View<span className="sr-only"> {post.title}</span>
                  </Link>
                </span>
                {post.status === "published" && (
                  <Link
                    to={`/admin/redirects?from=${encodeURIComponent(`/blog/${post.slug}`)}`}
                    className="text-xs text-muted underline hover:text-fg"
                  >
                    Redirect<span className="sr-only"> {post.title}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
