import { Link } from "react-router";

import { CoverImage } from "~/features/media";
import { ShareButton } from "~/features/posts/components/share-button";
import { ARTICLE_TAGS, AUTHOR_LABEL } from "~/features/posts/content";
import { Avatar } from "~/features/site-content";
import { useWords } from "~/platform/i18n/use-words";
import { isChosenCover } from "~/platform/images";
import { endedNote } from "~/platform/pages/ended-note";
import { formatLongDate } from "~/platform/text/dates";

export type ArticleData = {
  title: string;
  excerpt: string;
  /** The body, already sanitized. */
  html: string;
  minutes: number;
  createdAt: Date | string;
  videoUrl: string | null;
  coverImage: string | null;
  coverAlt: string | null;
  tags: string[];
  /** Who wrote it, when known (name, and the team member's photo and role). */
  author?: { name: string; photo: string | null; role: string | null } | null;
  /** When it left the site at its end, and where its visitors go since (the admin's note says so). */
  endedAt?: Date | string | null;
  endRedirect?: string | null;
};

/** The cover's own description, else what it has always said. */
export const coverAltText = (post: { title: string; coverAlt: string | null }) =>
  post.coverAlt || `Illustration for “${post.title}”`;

/**
 * A post as readers see it: the post page and the admin's preview both render this, so the preview is
 * the real thing. `preview` leaves out what would lead away from the editor (back link, share, topic
 * links); `notice` is the line above the date (e.g. a draft's).
 */
export function PostArticle({
  post,
  preview = false,
  shareable = !preview,
  notice,
  titleAs: Title = "h1",
}: {
  post: ArticleData;
  preview?: boolean;
  /** Whether it offers a share button: not on a draft shown through a preview link (not for passing on). */
  shareable?: boolean;
  notice?: string;
  /** h2 where the page has a heading of its own (the admin's revisions). */
  titleAs?: "h1" | "h2";
}) {
  const created = new Date(post.createdAt);
  // An ended post's note says it ended, not that it waits to be published.
  const note = notice && post.endedAt ? endedNote("post", post.endedAt, post.endRedirect ?? null) : notice;
  const { t, tag: languageTag, localPath } = useWords();
  const topic = "inline-block rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary";
  return (
    <article className="mx-auto max-w-3xl px-4 pt-12 sm:px-6">
      {!preview && (
        <Link to={localPath("/blog")} className="text-sm font-semibold text-primary hover:underline">
          {t("post.backToBlog")}
        </Link>
      )}
      {note && (
        <p role="status" className="mt-6 rounded-xl border border-accent px-4 py-3 text-sm text-accent">
          {note}
        </p>
      )}
      {/* A byline: who wrote it beside their photo (signed by the team: the agency's mark), the date and
          reading time under the name. */}
      <div className="mt-8 flex items-center gap-3 text-sm">
        {post.author ? (
          <Avatar name={post.author.name} src={post.author.photo} size={44} />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-display text-lg font-extrabold text-primary-fg"
          >
            {AUTHOR_LABEL[0]}
          </span>
        )}
        <div>
          <p className="font-semibold">
            {post.author?.name ?? AUTHOR_LABEL}
            {post.author?.role && (
              <span className="block font-normal text-muted sm:inline">
                <span className="hidden sm:inline">, </span>
                {post.author.role}
              </span>
            )}
          </p>
          <p className="whitespace-nowrap text-muted">
            <time dateTime={created.toISOString()}>{formatLongDate(created, languageTag)}</time>
            <span aria-hidden="true"> · </span>
            {t("post.minutes", { minutes: post.minutes })}
          </p>
        </div>
        {shareable && (
          <span className="ml-auto shrink-0">
            <ShareButton title={post.title} text={post.excerpt} />
          </span>
        )}
      </div>
      <Title className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        {post.title || "Untitled"}
      </Title>
      <p className="mt-6 text-xl text-muted">{post.excerpt}</p>
      {post.videoUrl && (
        <video
          controls
          preload="metadata"
          src={post.videoUrl}
          className="mt-8 aspect-video w-full rounded-2xl border border-border bg-black"
        >
          <a href={post.videoUrl}>Download the video</a>
        </video>
      )}
      <ul className="mt-8 flex flex-wrap gap-2" aria-label={t("blog.topics")}>
        {post.tags.slice(0, ARTICLE_TAGS).map((tag) => (
          <li key={tag}>
            {preview ? (
              <span className={topic}>{tag}</span>
            ) : (
              <Link
                to={`${localPath("/blog")}?tag=${encodeURIComponent(tag)}`}
                className={`${topic} hover:underline`}
              >
                {tag}
              </Link>
            )}
          </li>
        ))}
        {post.tags.length > ARTICLE_TAGS && (
          <li className="self-center text-sm text-muted">
            {t("post.moreTopics", { count: post.tags.length - ARTICLE_TAGS })}
          </li>
        )}
      </ul>
      {/* A cover the site drew sets the title again, right under it: the article shows only a chosen one
      (the cards, the feed and the social card still show the drawn one). */}
      {isChosenCover(post.coverImage) && (
        <CoverImage
          src={post.coverImage}
          alt={coverAltText(post)}
          priority
          sizes="(min-width: 768px) 720px, 100vw"
          className="mt-10 rounded-3xl border border-border"
        />
      )}
      <div
        id="article-content"
        className="prose-article mt-10 scroll-mt-24"
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
    </article>
  );
}
