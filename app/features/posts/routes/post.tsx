import { data, Link, redirect } from "react-router";

import type { Post } from "#db/schema";
import { altTextOf, bodyWithAltText } from "~/features/media/index.server";
import { PostArticle } from "~/features/posts/components/post-article";
import { PostCard, toPostCard } from "~/features/posts/components/post-card";
import { ARTICLE_SECTION, ARTICLE_TAGS, AUTHOR_LABEL } from "~/features/posts/content";
import {
  endedPostAt,
  findRedirectedSlug,
  getPostBySlug,
  listRelatedPosts,
  postAuthors,
  RELATED_POSTS,
} from "~/features/posts/posts.server";
import { readingMinutes } from "~/features/posts/reading-time";
import {
  movedTranslationSlug,
  relatedLiveTranslations,
  translationAt,
} from "~/features/posts/translations/post-translations.server";
import { translatedListing } from "~/features/posts/translations/translated-blog.server";
import { postCardSubject, socialCardFor, translatedPostCover } from "~/features/social-cards/index.server";
import { getSessionUser } from "~/features/staff/index.server";
import { redirectToSlugSpelling } from "~/platform/http/slug-spelling.server";
import { type Language, LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { languageOf } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageLanguageFrom, useWords, wordsOf } from "~/platform/i18n/use-words";
import { shareableImageType, uploadedImageSize } from "~/platform/images";
import { pageGone, pageNotFound } from "~/platform/pages/not-found.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta, siteUrlFrom } from "~/platform/pages/seo";
import { sharedPreviewTarget } from "~/platform/pages/shared-preview.server";
import { siteFactsFrom } from "~/platform/site/use-site-facts";
import { buttonClass } from "~/ui/button-link";
import { notFoundBoundary } from "~/ui/feedback/not-found";
import { SectionHeading } from "~/ui/layout/section-heading";

import type { Route } from "./+types/post";

// "site": the author's photo and role come from the team section.
export const handle: RouteHandle = { cache: "content", content: ["posts", "site"], sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData)
    return pageMeta({ title: wordsOf(pageLanguageFrom(matches)).t("post.notFound.title"), noindex: true });
  const { post, card } = loaderData;
  if (post.status !== "published") return pageMeta({ title: `Draft: ${post.title}`, noindex: true });
  const origin = siteUrlFrom(matches);
  const language = pageLanguageFrom(matches);
  const { t } = wordsOf(language);
  const url = `${origin}${pathIn(language.lang, `/blog/${post.slug}`, language.site)}`;
  const absolute = (path: string) => new URL(path, origin || "http://localhost").href;
  // The post's own search and sharing fields, else its title, excerpt and social card (an SVG
  // social image, saved before the editor refused them, is never named).
  const description = post.seoDescription || post.excerpt;
  const own = shareableImageType(post.socialImage) ? post.socialImage : null;
  const images = [own ?? card?.url, shareableImageType(post.coverImage) && post.coverImage]
    .filter((path): path is string => Boolean(path))
    .map(absolute);
  return [
    ...pageMeta(
      {
        title: post.seoTitle || post.title,
        titleAsIs: Boolean(post.seoTitle),
        description,
        keywords: post.tags.slice(0, ARTICLE_TAGS).join(", "),
        path: `/blog/${post.slug}`,
        image: own ?? card?.url,
        imageAlt: own ? post.title : card?.alt,
        imageSize: (own ? uploadedImageSize(own) : card) ?? undefined,
        type: "article",
        schema: "Article",
        breadcrumbs: [
          { name: t("nav.home"), path: "/" },
          { name: t("nav.blog"), path: "/blog" },
          { name: post.title, path: `/blog/${post.slug}` },
        ],
      },
      matches,
    ),
    { property: "article:published_time", content: new Date(post.createdAt).toISOString() },
    { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
    { property: "article:author", content: post.author?.name ?? AUTHOR_LABEL },
    { property: "article:section", content: ARTICLE_SECTION },
    ...post.tags.slice(0, ARTICLE_TAGS).map((tag) => ({ property: "article:tag", content: tag })),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        inLanguage: LANGUAGES[language.lang].tag,
        description,
        ...(images.length && { image: images }),
        datePublished: new Date(post.createdAt).toISOString(),
        dateModified: new Date(post.updatedAt).toISOString(),
        author: post.author
          ? { "@type": "Person", name: post.author.name, url: `${origin}/about` }
          : { "@type": "Organization", name: AUTHOR_LABEL, url: `${origin}/about` },
        publisher: {
          "@type": "Organization",
          name: siteFactsFrom(matches).name,
          logo: { "@type": "ImageObject", url: `${origin}/favicon.ico` },
        },
        articleSection: ARTICLE_SECTION,
        keywords: post.tags.slice(0, ARTICLE_TAGS).join(", "),
        mainEntityOfPage: url,
      },
    },
  ];
};

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The signed-in admin may open drafts (to check them before publishing); so may a live preview link,
  // this one post's alone.
  const staff = Boolean(await getSessionUser(request));
  const lang = languageOf(context);
  if (lang !== siteLanguages().default) return translatedArticle(request, lang, params.slug, staff);
  const shared = sharedPreviewTarget("post");
  const includeDrafts = staff || shared !== undefined;
  const found = getPostBySlug(params.slug, { includeDrafts });
  const post = staff || found?.status === "published" || found?.id === shared ? found : undefined;
  if (!post) {
    // A post that reached its end: gone on purpose, or sent where the owner chose.
    const ended = endedPostAt(params.slug);
    if (ended?.endRedirect) throw redirect(ended.endRedirect, 301);
    if (ended) pageGone(request);
    const moved = findRedirectedSlug(params.slug, { includeDrafts });
    if (moved) throw redirect(`/blog/${moved}`, 301);
    redirectToSlugSpelling(request, "blog/:slug", params.slug);
    pageNotFound(request);
  }
  // The post's social card (drawn when it was saved): named here, never drawn on a visitor's request.
  const card = post.status === "published" ? socialCardFor(postCardSubject(post)) : null;
  return articleData(post, listRelatedPosts(post), { card, shared: shared !== undefined, includeDrafts });
}

/**
 * A post under a language's prefix: its translation into that language, at the translation's own slug
 * (a former one answers 301). Untranslated, or no such post: the 404, which offers the default
 * language's post where there is one. Staff see a translation's draft, as they see a post's.
 */
function translatedArticle(request: Request, lang: Language, slug: string, staff: boolean) {
  const found = translationAt(lang, slug, { includeDrafts: staff });
  if (!found) {
    const moved = movedTranslationSlug(lang, slug);
    if (moved) throw redirect(pathIn(lang, `/blog/${moved}`, siteLanguages()), 301);
    pageNotFound(request);
  }
  const live = found.translation.status === "published" && found.source.status === "published";
  const post = { ...inOwnCover(translatedListing(found)), status: live ? "published" : "draft" } as const;
  const related = relatedLiveTranslations(lang, post, RELATED_POSTS).map((other) =>
    inOwnCover(translatedListing(other)),
  );
  // A live translation's social card is its own: its title and topic, on the post's cover.
  const card = live
    ? socialCardFor(postCardSubject({ ...found.translation, coverImage: post.coverImage }, lang))
    : null;
  return articleData(post, related, { card, shared: false, includeDrafts: staff });
}

/** A translation as it is shown: its own drawn cover (its title and topic), or the post's chosen one. */
const inOwnCover = (post: Post): Post => ({
  ...post,
  coverImage: translatedPostCover(post.coverImage, post),
});

function articleData(
  post: Post,
  relatedPosts: Post[],
  {
    card,
    shared,
    includeDrafts,
  }: { card: ReturnType<typeof socialCardFor> | null; shared: boolean; includeDrafts: boolean },
) {
  const authors = postAuthors([post.authorId, ...relatedPosts.map((p) => p.authorId)]);
  const related = relatedPosts.map((p) => toPostCard({ ...p, author: authors.get(p.authorId ?? "")?.name }));
  const { content, ...fields } = post;
  return data(
    {
      post: {
        ...fields,
        // A scheduled post's preview is dated as readers will see it: the day it goes live.
        createdAt: post.status === "scheduled" && post.publishAt ? post.publishAt : post.createdAt,
        author: authors.get(post.authorId ?? "") ?? null,
        coverAlt: altTextOf(post.coverImage, post.coverAlt),
        html: bodyWithAltText(content),
        minutes: readingMinutes(content),
      },
      related,
      card,
      shared,
    },
    { headers: includeDrafts ? { "Cache-Control": "private, no-store" } : {} },
  );
}

export default function BlogPost({ loaderData: { post, related, shared } }: Route.ComponentProps) {
  const { t, localPath } = useWords();
  return (
    <>
      <PostArticle
        post={post}
        shareable={!shared}
        notice={
          // A preview link's holder is told by the ribbon; this note is for the signed-in admin.
          post.status === "published" || shared
            ? undefined
            : "Draft preview: only you can see this post until it is published."
        }
      />

      {/* The agency's note, in the article's language. */}
      <aside aria-labelledby="about-team-heading" className="mx-auto mt-16 max-w-3xl px-4 sm:px-6">
        <div className="rounded-2xl border border-border bg-card p-6 sm:p-8">
          <h2 id="about-team-heading" className="text-xl font-semibold">
            {t("post.team.heading")}
          </h2>
          <p className="mt-3 text-muted">{t("post.team.text")}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            {/* The main call first, as on every other page. */}
            <Link to={localPath("/contact")} className={buttonClass("primary")}>
              {t("post.team.work")}
            </Link>
            <Link to={localPath("/about")} className={buttonClass("outline")}>
              {t("post.team.meet")}
            </Link>
          </div>
        </div>
      </aside>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-20">
          <SectionHeading id="related-heading" title={t("post.related")} />
          <ul className="mt-8 grid gap-3 sm:mt-10 sm:gap-6 md:grid-cols-3">
            {related.map((item) => (
              <li key={item.slug}>
                <PostCard post={item} headingLevel="h3" variant="compact" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** "Article Not Found" in the page's language, back to the blog in it (else the default's). */
export function ErrorBoundary() {
  const { t, localPath } = useWords();
  // The shared boundary with these words, rendered as part of this one (its hook is this render's).
  return notFoundBoundary({
    title: t("post.notFound.title"),
    message: t("post.notFound.message"),
    actions: [{ label: t("post.notFound.back"), to: localPath("/blog") }],
  })();
}
