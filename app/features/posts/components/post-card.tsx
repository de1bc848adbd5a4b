import { Link } from "react-router";

import { CoverImage } from "~/features/media";
import { AUTHOR_LABEL, CARD_TAGS } from "~/features/posts/content";
import { formatLongDate } from "~/platform/text/dates";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  tags: string[];
  createdAt: Date | string | null;
  /** Who wrote it, when known; else the agency's label. */
  author?: string | null;
};

/** Only what a card shows travels to the browser (not the post's body). */
export function toPostCard({
  slug,
  title,
  excerpt,
  coverImage,
  tags,
  createdAt,
  author,
}: PostCardData): PostCardData {
  return { slug, title, excerpt, coverImage, tags, createdAt, author: author ?? null };
}

/** A post in a list: cover, first two tags, date, author, title, excerpt, 'Read Article'. */
export function PostCard({ post, headingLevel = "h2" }: { post: PostCardData; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const created = post.createdAt ? new Date(post.createdAt) : null;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card">
      <CoverImage src={post.coverImage} alt="" />
      <div className="flex flex-1 flex-col p-6">
        <ul className="flex flex-wrap gap-2" aria-label="Topics">
          {post.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag} className="rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary">
              {tag}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-muted">
          {created && !Number.isNaN(created.getTime()) ? (
            <time dateTime={created.toISOString()}>{formatLongDate(created)}</time>
          ) : (
            "Unknown date"
          )}
          <span aria-hidden="true"> · </span>
          {post.author || AUTHOR_LABEL}
        </p>
        <Heading className="mt-2 text-lg font-semibold text-balance">{post.title}</Heading>
        <p className="mt-2 flex-1 text-sm text-muted">{post.excerpt}</p>
        <Link to={`/blog/${post.slug}`} className="mt-5 text-sm font-semibold text-primary hover:underline">
          Read Article<span className="sr-only">: {post.title}</span> →
        </Link>
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="h-full overflow-hidden rounded-2xl border border-border bg-card motion-safe:animate-pulse"
    >
      <div className="aspect-video bg-border/60" />
      <div className="grid gap-3 p-6">
        <div className="h-5 w-24 rounded-full bg-border/60" />
        <div className="h-3 w-40 rounded bg-border/60" />
        <div className="h-5 w-full rounded bg-border/60" />
        <div className="h-3 w-full rounded bg-border/60" />
        <div className="h-3 w-2/3 rounded bg-border/60" />
      </div>
    </div>
  );
}
