import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, redirect } from "react-router";

import { NewsletterForm, type NewsletterResult, newsletterSchema } from "~/features/newsletter";
import { requestSubscription, tooManySignups } from "~/features/newsletter/index.server";
import { PostCard, PostCardSkeleton, toPostCard } from "~/features/posts/components/post-card";
import { POSTS_PER_PAGE, SKELETON_CARDS } from "~/features/posts/content";
import {
  listedTopics,
  listPublishedTags,
  postAuthors,
  searchPublishedPosts,
} from "~/features/posts/posts.server";
import { BlogQuerySchema } from "~/features/posts/schemas";
import {
  blogLanguages,
  searchTranslatedPosts,
  translatedTopics,
} from "~/features/posts/translations/translated-blog.server";
import { translatedPostCover } from "~/features/social-cards/index.server";
import { noteSignUp } from "~/platform/conversions.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { clientIp } from "~/platform/http/request-context";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import { type Language, pathIn } from "~/platform/i18n/languages";
import { languageOf } from "~/platform/i18n/request-language.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { pageLanguageFrom, useWords, wordsOf } from "~/platform/i18n/use-words";
import { pageNotFound } from "~/platform/pages/not-found.server";
import { blogWords, blogWordsIfAny } from "~/platform/pages/page-copy.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta, siteUrlFrom } from "~/platform/pages/seo";
import type { BlogWords } from "~/platform/pages/types";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { inAnyCase, otherCase } from "~/platform/text/tags";
import { buttonClass } from "~/ui/button-link";
import { FilterPills } from "~/ui/filter-pills";
import { cardSpanInRows } from "~/ui/layout/card-span";

import type { Route } from "./+types/blog";

export const handle: RouteHandle = {
  cache: "content",
  // "site": a post's author may take their name from the team section.
  content: ["posts", "site"],
  query: ["q", "tag", "page", "show", "subscribed"],
  sitemap: true,
};

/** /blog with only the given query values (page 1, the first screenful and empty values dropped). */
export function blogHref({
  q = "",
  tag = "",
  page = 1,
  show = POSTS_PER_PAGE,
  base = "/blog",
}: {
  q?: string;
  tag?: string;
  page?: number;
  show?: number;
  /** The blog's address in the page's language ("/ga/blog"). */
  base?: string;
}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  if (show > POSTS_PER_PAGE) params.set("show", String(show));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** "Load more" grows the first page up to this many articles; further on, Previous/Next pages. */
export const BLOG_MAX_SHOWN = 10 * POSTS_PER_PAGE;

/** How many articles the first page shows for `show`: whole pages, at least one, at most the cap. */
function shownCount(asked: number): number {
  const pages = Math.ceil(Math.min(asked, BLOG_MAX_SHOWN) / POSTS_PER_PAGE);
  return Math.max(1, pages) * POSTS_PER_PAGE;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { t } = wordsOf(pageLanguageFrom(matches));
  const words = withFacts(loaderData.copy.meta, siteFactsFrom(matches), { topic: loaderData.tag });
  const tags = pageMeta(
    {
      title: loaderData.tag ? words.topicTitle : words.title,
      description: words.description,
      path: "/blog",
      searchResults: Boolean(loaderData.q),
      breadcrumbs: [
        { name: t("nav.home"), path: "/" },
        { name: t("nav.blog"), path: "/blog" },
      ],
    },
    matches,
  );
  const origin = siteUrlFrom(matches);
  const { q, tag, page, lastPage, pageCount, base } = loaderData;
  // Past the last page (a 404) there is no page before it to name: the one before is most likely past it too.
  if (page > 1 && page <= pageCount)
    tags.push({ tagName: "link", rel: "prev", href: origin + blogHref({ q, tag, page: page - 1, base }) });
  if (lastPage < pageCount)
    tags.push({
      tagName: "link",
      rel: "next",
      href: origin + blogHref({ q, tag, page: lastPage + 1, base }),
    });
  return tags;
};

/** Set by a sign-up that failed: its answer is the newsletter box alone, not the articles again. */
const signupFailed = createContext(false);

/**
 * The blog in the request's language: the default language's posts, or under a prefix only the posts
 * translated into it (no mixed list), with its words (the blog's page translated, else the interface's
 * own); a language without a live article has no blog (404, offering the default language's).
 */
function blogInLanguage(request: Request, lang: Language) {
  const site = siteLanguages();
  if (lang === site.default)
    return {
      copy: blogWords(),
      base: "/blog",
      search: searchPublishedPosts,
      topics: listedTopics,
      allTopics: listPublishedTags,
    };
  if (!blogLanguages().includes(lang)) pageNotFound(request);
  const t = translatorFor(lang);
  const copy: BlogWords = blogWordsIfAny() ?? {
    meta: {
      title: t("blog.title"),
      description: t("blog.description"), // The owner's words name the topic as "{topic}", filled in with the site's facts.
      topicTitle: t("blog.topicTitle", { topic: "{topic}" }),
    },
    eyebrow: t("blog.eyebrow"),
    heading: t("blog.heading"),
    intro: t("blog.intro"),
  };
  return {
    copy,
    base: pathIn(lang, "/blog", site),
    search: (query: Parameters<typeof searchPublishedPosts>[0]) => {
      const found = searchTranslatedPosts(lang, { ...query, pageSize: query.pageSize ?? POSTS_PER_PAGE });
      // Each translation's own drawn cover (its title and topic), or the post's chosen one.
      const posts = found.posts.map((post) => ({
        ...post,
        coverImage: translatedPostCover(post.coverImage, post),
      }));
      return { ...found, posts };
    },
    topics: () => translatedTopics(lang),
    allTopics: () => translatedTopics(lang),
  };
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { q, tag, page, show, subscribed } = BlogQuerySchema.parse(Object.fromEntries(url.searchParams));
  const blog = blogInLanguage(request, languageOf(context));
  if (context.get(signupFailed)) {
    const none = {
      copy: blog.copy,
      base: blog.base,
      posts: [],
      total: 0,
      pageCount: 1,
      lastPage: page,
      page,
      q,
      tag,
      tags: [],
    };
    return data({ ...none, subscribed, signupOnly: true });
  }
  // The first page grows by whole pages ("Load more articles"); a deeper page is one page, as before.
  const pageSize = page === 1 ? shownCount(show) : POSTS_PER_PAGE;
  const result = blog.search({ q, tag, page, pageSize });
  // A topic typed in another case ("seo") is that topic: sent to its own spelling, as a path is.
  const spelled = tag && result.total === 0 ? otherCase(blog.allTopics(), tag) : undefined;
  if (spelled) throw redirect(blogHref({ q, tag: spelled, page, show, base: blog.base }), 301);
  const pageCount = Math.max(1, Math.ceil(result.total / POSTS_PER_PAGE));
  const authors = postAuthors(result.posts.map((post) => post.authorId));
  // Past the last page, or a topic no article carries: the blog's own page saying where the articles
  // are, as a 404 so that it is not indexed (nor kept in the page cache). A search within a topic that
  // finds nothing is still a search's page.
  const unknownTopic = Boolean(tag) && !q && result.total === 0;
  return data(
    {
      // The page's words are the owner's (page copy "blog"); the articles are the posts' own.
      copy: blog.copy,
      base: blog.base,
      posts: result.posts.map((post) =>
        toPostCard({ ...post, author: authors.get(post.authorId ?? "")?.name }),
      ),
      total: result.total,
      pageCount,
      /** The last page whose articles this shows: "Next" goes on from it. */
      lastPage: Math.min(pageCount, page + pageSize / POSTS_PER_PAGE - 1),
      page,
      q,
      tag,
      tags: blog.topics(q, tag),
      subscribed,
      signupOnly: false,
    },
    { status: page > pageCount || unknownTopic ? 404 : 200 },
  );
}

/**
 * A newsletter sign-up: on success a redirect to the same page asking the reader to confirm (as
 * /contact does), so a reload never sends it twice and the answer is the cached page, not a render per
 * sign-up. The answer is the same for any valid address (decision 029). Only a mistake or
 * too many tries (shown beside the field, what was typed kept) is rendered: the newsletter box on a
 * page of its own, so a stream of them cannot make the server render the articles again each time.
 */
export async function action({ request, context, url: asked }: Route.ActionArgs) {
  // The page's language: the box's errors are in it, and so are the subscriber's e-mails and consent.
  const lang = languageOf(context);
  const t = translatorFor(lang);
  const submission = parseWithZod(await readFormBody(request, FORM_LIMIT_BYTES.newsletter), {
    schema: newsletterSchema(t),
  });
  if (submission.status !== "success") {
    context.set(signupFailed, true);
    return data<NewsletterResult>(
      { form: "newsletter", ok: false, reply: submission.reply() },
      { status: 400 },
    );
  }
  const outcome = await requestSubscription(submission.value.email, {
    source: "blog",
    clientIp: clientIp(context),
    lang,
  });
  if (outcome.kind === "rate-limited") {
    context.set(signupFailed, true);
    return data<NewsletterResult>(
      {
        form: "newsletter",
        ok: false,
        reply: submission.reply({
          fieldErrors: {
            email: [
              lang === "en"
                ? tooManySignups(outcome.retryAfterSeconds)
                : t("newsletter.unsubscribe.tooMany", { minutes: Math.ceil(outcome.retryAfterSeconds / 60) }),
            ],
          },
        }),
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  noteSignUp(submission.value.email, {
    ip: clientIp(context),
    userAgent: request.headers.get("user-agent") ?? "",
  });
  // The page's address as the router reads it: a data request's `.data` and `_routes` left out.
  const url = new URL(asked);
  url.searchParams.set("subscribed", "1");
  throw redirect(`${url.pathname}${url.search}#newsletter`, 303);
}

export default function Blog({ loaderData, actionData }: Route.ComponentProps) {
  const { total, q, tag, tags, subscribed, signupOnly, base } = loaderData;
  const { t } = useWords();
  const copy = withFacts(loaderData.copy, useSiteFacts());
  const newsletterResult: NewsletterResult | undefined =
    actionData ?? (subscribed && { form: "newsletter", ok: true, message: t("newsletter.box.thanks") });

  if (signupOnly) {
    return (
      <>
        <section className="mx-auto max-w-4xl px-4 pt-20 pb-10 text-center sm:px-6">
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{copy.eyebrow}</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{t("blog.signup.heading")}</h1>
          <p className="mt-6 text-lg">
            <a
              href={blogHref({ q, tag, page: loaderData.page, base })}
              className="underline underline-offset-4 hover:text-secondary"
            >
              {t("blog.signup.back")}
            </a>
          </p>
        </section>
        <NewsletterForm result={newsletterResult} />
      </>
    );
  }

  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pt-20 pb-10 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{copy.eyebrow}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{copy.heading}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">{copy.intro}</p>
        {/* Searches as the visitor types (page-forms); the topic and the list swap in below. */}
        <form
          id="blog-search"
          method="get"
          action={base}
          role="search"
          data-enhance=""
          data-auto="input"
          data-swap=""
          className="mx-auto mt-8 flex max-w-xl gap-2"
        >
          <label htmlFor="blog-search-q" className="sr-only">
            {t("blog.search.label")}
          </label>
          <input
            id="blog-search-q"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t("blog.search.placeholder")}
            className="w-full rounded-full border border-border bg-card px-5 py-3"
          />
          {tag && <input type="hidden" name="tag" value={tag} />}
          <button
            type="submit"
            className="no-js-only rounded-full bg-primary px-5 py-3 font-semibold text-primary-fg"
          >
            {t("blog.search.button")}
          </button>
        </form>
      </section>

      <BlogTopics q={q} tag={tag} tags={tags} base={base} />

      <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6">
        <p id="blog-count" data-swap="" aria-live="polite" className="text-muted">
          {tag ? t("blog.countIn", { total, tag }) : t("blog.count", { total })}
        </p>
        {/* While the next results load, page-forms shows the skeletons in their place. */}
        <template id="blog-pending">
          <ul aria-label={t("blog.loading")} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <li key={i}>
                <PostCardSkeleton />
              </li>
            ))}
          </ul>
        </template>
        <div id="blog-results" data-swap="" data-pending="blog-pending">
          <BlogResults {...loaderData} />
        </div>
      </div>

      <NewsletterForm result={newsletterResult} />
    </>
  );
}

/** How many topics show as pills; the rest fold under "More topics", so the articles come first. */
export const TOP_TOPICS = 8;

function BlogTopics({ q, tag, tags, base }: { q: string; tag: string; tags: string[]; base: string }) {
  const { t } = useWords();
  const filters = ["", ...tags].map((value) => ({
    value: value || "all",
    label: value || t("blog.allTopics"),
    href: blogHref({ q, tag: value, base }),
    active: value === tag,
  }));
  return (
    // On a phone the topics stay under the header while the articles scroll by.
    <nav
      id="blog-topics"
      data-swap=""
      aria-label={t("blog.topics")}
      className="z-40 mx-auto max-w-7xl px-4 max-sm:sticky max-sm:top-16 max-sm:border-b max-sm:border-border/60 max-sm:bg-bg/95 max-sm:pt-2 max-sm:backdrop-blur sm:px-6"
    >
      <FilterPills filters={filters} shown={TOP_TOPICS} more={(count) => t("blog.moreTopics", { count })} />
    </nav>
  );
}

/** The topic named exactly by a search (any case), unless that topic is already chosen. */
function topicNamedBy(q: string, tag: string, tags: string[]): string | undefined {
  return inAnyCase(
    tags.filter((value) => value !== tag),
    q.trim(),
  );
}

function BlogResults({
  posts,
  total,
  page,
  lastPage,
  pageCount,
  q,
  tag,
  tags,
  base,
}: Route.ComponentProps["loaderData"]) {
  const { t } = useWords();
  const canGrow = page === 1 && posts.length < total && posts.length < BLOG_MAX_SHOWN;
  const namedTopic = topicNamedBy(q, tag, tags);
  return (
    <>
      {/* Search reads titles and excerpts; a search that names a topic offers every article filed under it. */}
      {namedTopic && (
        <p className="mt-4 rounded-2xl border border-border bg-card px-5 py-4">
          {t("blog.namedTopic", { topic: namedTopic })}{" "}
          <a
            href={blogHref({ tag: namedTopic, base })}
            data-enhance=""
            className="font-semibold text-primary underline underline-offset-4"
          >
            {t("blog.seeTopic", { topic: namedTopic })}
          </a>
        </p>
      )}
      {posts.length > 0 ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 sm:gap-6 lg:grid-cols-6">
          {posts.map((post, index) => {
            // The newest article leads the blog's front page, as a magazine's lead story does.
            const hasLead = page === 1 && !q && !tag;
            const lead = index === 0 && hasLead;
            const shift = hasLead ? 1 : 0;
            return (
              <li
                key={post.slug}
                data-item={index}
                className={
                  lead ? "sm:col-span-2 lg:col-span-6" : cardSpanInRows(index - shift, posts.length - shift)
                }
              >
                <PostCard post={post} variant={lead ? "lead" : "compact"} />
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="mx-auto max-w-xl py-16 text-center">
          {page > pageCount ? (
            <>
              <h2 className="text-2xl font-bold">{t("blog.noPage.heading", { page })}</h2>
              <p className="mt-3 text-muted">{t("blog.noPage.text", { count: pageCount })}</p>
            </>
          ) : (
            <>
              <h2 className="text-2xl font-bold">{t("blog.none.heading")}</h2>
              <p className="mt-3 text-muted">{t("blog.none.text")}</p>
            </>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {/* Without a topic, clearing the search is "Show all articles": one button for it. */}
            {q && tag && (
              <a href={blogHref({ tag, base })} data-enhance="" className={buttonClass("outline")}>
                {t("blog.clearSearch")}
              </a>
            )}
            <a href={base} data-enhance="" className={buttonClass("primary")}>
              {t("blog.showAll")}
            </a>
          </div>
        </div>
      )}

      {canGrow && (
        <p className="mt-10 text-center">
          {/* A plain link to a longer first page; with JavaScript the list grows in place and focus
              moves to the first new article (page-forms' data-grow). */}
          <a
            href={blogHref({ q, tag, show: posts.length + POSTS_PER_PAGE, base })}
            data-enhance=""
            data-grow={`[data-item="${posts.length}"] a[href]`}
            className={buttonClass("outline")}
          >
            {t("blog.loadMore")}
            <span className="sr-only">{t("blog.shownOf", { shown: posts.length, total })}</span>
          </a>
        </p>
      )}

      {/* Kept beside "Load more": every article stays reachable by plain pages (search engines, deep pages). */}
      {pageCount > 1 && (
        <nav
          aria-label={t("blog.pagination")}
          className={`flex items-center justify-center gap-4 ${canGrow ? "mt-6 text-sm" : "mt-12"}`}
        >
          {page > 1 && (
            <a
              href={blogHref({ q, tag, page: page - 1, base })}
              rel="prev"
              className={buttonClass("outline")}
            >
              {t("blog.previous")}
            </a>
          )}
          <span className="text-sm text-muted">
            {lastPage > page
              ? t("blog.pages", { first: page, last: lastPage, count: pageCount })
              : t("blog.page", { page, count: pageCount })}
          </span>
          {lastPage < pageCount && (
            <a
              href={blogHref({ q, tag, page: lastPage + 1, base })}
              rel="next"
              className={
                canGrow
                  ? "inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
                  : buttonClass("outline")
              }
            >
              {t("blog.next")}
            </a>
          )}
        </nav>
      )}
    </>
  );
}
