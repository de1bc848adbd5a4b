import { Link } from "react-router";

import { CoverImage } from "~/features/media";
import { AUTHOR_LABEL, CARD_TAGS } from "~/features/posts/content";
import { useWords } from "~/platform/i18n/use-words";
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

/**
 * A post in a list: cover, first two tags, date, author, title, excerpt, 'Read Article'.
 * `lead`: the blog's lead story, the cover beside the words and a larger title once there is room.
 * `compact`: on a phone a short row (a small cover beside the date and title), so a page of articles
 * is an index to scan rather than a column of posters; from the tablet up a card like the rest.
 */
export function PostCard({
  post,
  headingLevel = "h2",
  variant = "card",
}: {
  post: PostCardData;
  headingLevel?: "h2" | "h3";
  variant?: "card" | "lead" | "compact";
}) {
  const Heading = headingLevel;
  const { t, tag, localPath } = useWords();
  const created = post.createdAt ? new Date(post.createdAt) : null;
  const lead = variant === "lead";
  const compact = variant === "compact";
  return (
    <article
      className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card ${
        lead ? "lg:flex-row" : ""
      } ${compact ? "max-sm:flex-row max-sm:rounded-xl" : ""}`}
    >
      <div
        className={`${lead ? "lg:w-[58%] lg:shrink-0 lg:[&_img]:aspect-auto lg:[&_img]:h-full" : ""} ${
          compact
            ? // The whole cover, small: cropped to the row's height it cut a drawn cover's title mid-word.
              "max-sm:w-36 max-sm:shrink-0 max-sm:self-start max-sm:py-4 max-sm:pl-4 max-sm:[&_img]:rounded-lg"
            : ""
        } [&>picture]:block [&>picture]:h-full`}
      >
        <CoverImage
          src={post.coverImage}
          alt=""
          priority={lead}
          sizes={
            lead
              ? "(min-width: 1280px) 740px, (min-width: 1024px) 58vw, 100vw"
              : compact
                ? "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 128px"
                : undefined
          }
        />
      </div>
      <div
        className={`flex min-w-0 flex-1 flex-col p-6 ${lead ? "lg:justify-center lg:p-10" : ""} ${
          compact ? "max-sm:p-4" : ""
        }`}
      >
        <ul
          className={`flex flex-wrap gap-2 ${compact ? "max-sm:hidden" : ""}`}
          aria-label={t("blog.topics")}
        >
          {post.tags.slice(0, CARD_TAGS).map((tag) => (
            <li key={tag} className="rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary">
              {tag}
            </li>
          ))}
        </ul>
        <p className={`mt-4 text-xs text-muted ${compact ? "max-sm:mt-0" : ""}`}>
          {lead && (
            <span className="font-semibold tracking-wider text-secondary uppercase">
              {t("post.latest")} ·{" "}
            </span>
          )}
          {created && !Number.isNaN(created.getTime()) ? (
            <time dateTime={created.toISOString()}>{formatLongDate(created, tag)}</time>
          ) : (
            t("post.unknownDate")
          )}
          <span aria-hidden="true" className={compact ? "max-sm:hidden" : ""}>
            {" "}
            ·{" "}
          </span>
          <span className={compact ? "max-sm:hidden" : ""}>{post.author || AUTHOR_LABEL}</span>
        </p>
        <Heading
          className={`mt-2 font-semibold text-balance ${
            lead ? "text-2xl tracking-tight sm:text-3xl lg:text-4xl" : "text-lg"
          } ${compact ? "max-sm:mt-1 max-sm:text-base max-sm:leading-snug" : ""}`}
        >
          {post.title}
        </Heading>
        <p
          className={`mt-2 flex-1 text-sm text-muted ${lead ? "sm:text-base lg:mt-4 lg:flex-none" : ""} ${
            compact ? "max-sm:hidden" : ""
          }`}
        >
          {post.excerpt}
        </p>
        {/* The whole card is the link's target: on a phone's short row the title is what is tapped. */}
        <Link
          to={`${localPath("/blog")}/${post.slug}`}
          className={`mt-5 text-sm font-semibold text-primary after:absolute after:inset-0 hover:underline ${
            compact ? "max-sm:mt-2 max-sm:text-xs" : ""
          }`}
        >
          {t("post.readArticle")}
          <span className="sr-only">: {post.title}</span> →
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
