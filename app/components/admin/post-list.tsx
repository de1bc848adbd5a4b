import { Link } from "react-router";

export type AdminPostSummary = {
  id: string;
  title: string;
  slug: string;
  status: string;
  excerpt: string;
  tags: string[];
};

/** The admin's right panel: every post with its status and an Edit link. */
export function PostList({ posts, editingId }: { posts: AdminPostSummary[]; editingId?: string }) {
  return (
    <section aria-labelledby="all-posts-heading" className="rounded-2xl border border-border bg-card p-6">
      <h2 id="all-posts-heading" className="text-xl font-semibold">
        All Posts
      </h2>
      {posts.length === 0 ? (
        <p className="mt-4 text-muted">No posts yet. Create your first post!</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {posts.map((post) => (
            <li
              key={post.id}
              className={`rounded-xl border p-4 ${post.id === editingId ? "border-primary" : "border-border"}`}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold">{post.title}</h3>
                <span
                  className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    post.status === "published"
                      ? "bg-secondary/10 text-secondary"
                      : "bg-accent/10 text-accent"
                  }`}
                >
                  {post.status === "published" ? "Published" : "Draft"}
                </span>
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-muted">{post.excerpt}</p>
              {post.tags.length > 0 && (
                <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1">
                  {post.tags.map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full border border-border px-2 py-0.5 text-xs text-muted"
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-3 flex items-center justify-between gap-3 text-sm">
                <span className="flex gap-3">
                  <Link
                    to={`/admin/blog?edit=${post.id}`}
                    className="font-semibold text-primary hover:underline"
                  >
                    Edit<span className="sr-only"> {post.title}</span>
                  </Link>
                  <Link to={`/blog/${post.slug}`} className="text-muted hover:underline">
                    View<span className="sr-only"> {post.title}</span>
                  </Link>
                </span>
                <span className="text-xs text-muted">Delete disabled for SEO</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
