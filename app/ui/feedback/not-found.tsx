import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "react-router";

import type { MessageId } from "~/platform/i18n/catalogs/en";
import { LANGUAGES } from "~/platform/i18n/languages";
import { type PageLanguage, useWords } from "~/platform/i18n/use-words";
import { parseUploadedImage, srcSet } from "~/platform/images";
import { buttonClass } from "~/ui/button-link";
import { ErrorPage, type ErrorPageAction } from "~/ui/feedback/error-page";

/** The page a missed address most likely meant. */
export type NotFoundLink = { path: string; title: string };

/** The piece of work the 404 page shows (pageNotFound). */
export type FeaturedWorkLink = {
  path: string;
  title: string;
  client: string;
  cover: string | null;
  result: string | null;
};

/** The 404 page's words: the owner's copy a 404 thrown by a loader carries. */
export type NotFoundWordsLink = { heading: string; text: string; featuredHeading: string };

/** Said only where the owner's words could not be read (the database out of reach). */
const UNREADABLE_WORDS: NotFoundWordsLink = {
  heading: "404 Page Not Found",
  text: "Sorry, there is no page at this address.",
  featuredHeading: "While you are here: a project we are proud of",
};

export const wordsOf = (error: unknown): NotFoundWordsLink =>
  (isRouteErrorResponse(error) ? (error.data as { words?: NotFoundWordsLink | null } | null)?.words : null) ??
  UNREADABLE_WORDS;

/** The piece of work a 404 thrown by a loader carries, if any. */
export const featuredOf = (error: unknown): FeaturedWorkLink | null =>
  isRouteErrorResponse(error)
    ? ((error.data as { featured?: FeaturedWorkLink } | null)?.featured ?? null)
    : null;

/** The page a 404 thrown by a public page's loader names as the likely one (pageNotFound). */
export const closestOf = (error: unknown): NotFoundLink | null =>
  isRouteErrorResponse(error) ? ((error.data as { closest?: NotFoundLink } | null)?.closest ?? null) : null;

/** "Were you looking for …?" with the one button that goes there; nothing without a likely page. */
export function ClosestPageOffer({ closest }: { closest: NotFoundLink | null | undefined }) {
  const { t, lang } = useWords();
  const root = useRouteLoaderData("root") as { language?: PageLanguage } | undefined;
  if (!closest) return null;
  // Under a prefix the page offered may be the default language's (an untranslated post): its title is
  // in that language, and marked so.
  const site = root?.language?.site;
  const offeredIn =
    site && lang !== site.default && !closest.path.startsWith(`/${lang}/`) && closest.path !== `/${lang}`
      ? site.default
      : undefined;
  const title = offeredIn ? <span lang={LANGUAGES[offeredIn].tag}>{closest.title}</span> : closest.title;
  return (
    <div className="mt-8 w-full rounded-2xl border border-border bg-card p-6">
      <p className="text-sm text-muted">{t("notFound.lookingFor")}</p>
      <p className="mt-1 text-xl font-semibold text-balance">{title}?</p>
      <Link to={closest.path} hrefLang={offeredIn} className={`${buttonClass("primary")} mt-4`}>
        <GoTo title={title} />
      </Link>
    </div>
  );
}

/** "Go to {title}", wherever the language puts the title in the sentence. */
function GoTo({ title }: { title: ReactNode }) {
  const { t } = useWords();
  const SLOT = "\u0000";
  const [before = "", after = ""] = t("notFound.goTo", { title: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {title}
      {after}
    </>
  );
}

/**
 * A public page's error boundary (`export const ErrorBoundary = notFoundBoundary(…)`): a 404 its loader
 * threw is shown in the page's own words with the page likely meant (its one filled button) and a piece of
 * work below; any other error goes to the root's.
 */
export function notFoundBoundary(words: { title: string; message: string; actions: ErrorPageAction[] }) {
  return function ErrorBoundary() {
    const error = useRouteError();
    const { t } = useWords();
    if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 410)) throw error;
    const gone = error.status === 410 && {
      title: t("notFound.gone.title"),
      message: t("notFound.gone.message"),
    };
    const closest = closestOf(error);
    const featured = featuredOf(error);
    return (
      <>
        <ErrorPage {...words} {...gone} quiet={!!closest}>
          <ClosestPageOffer closest={closest} />
        </ErrorPage>
        {featured && <FeaturedWork work={featured} heading={wordsOf(error).featuredHeading} />}
      </>
    );
  };
}

const WAYS_ON: { label: MessageId; to: string }[] = [
  { label: "nav.home", to: "/" },
  { label: "notFound.ourWork", to: "/work" },
  { label: "nav.blog", to: "/blog" },
  { label: "notFound.contactUs", to: "/contact" },
];

/**
 * The 404 page: the page the address most likely meant (a typo, a slug cut short) as the one clear way
 * on, a search of the articles, and the main sections as quiet links rather than a row of buttons.
 */
export function NotFoundPage({
  closest,
  featured,
  words = UNREADABLE_WORDS,
}: {
  closest?: NotFoundLink | null;
  featured?: FeaturedWorkLink | null;
  words?: NotFoundWordsLink;
}) {
  return (
    <>
      <NotFoundWays closest={closest} words={words} />
      {featured && <FeaturedWork work={featured} heading={words.featuredHeading} />}
    </>
  );
}

/** "While you are here": one piece of work, big, so a wrong turn still shows what the agency does. */
function FeaturedWork({ work, heading }: { work: FeaturedWorkLink; heading: string }) {
  const { t } = useWords();
  const image = parseUploadedImage(work.cover);
  const sizes = "(min-width: 1024px) 576px, 100vw";
  return (
    <section aria-labelledby="featured-work-heading" className="mx-auto max-w-5xl px-4 pb-20 sm:px-6">
      <h2
        id="featured-work-heading"
        className="text-center text-sm font-semibold tracking-widest text-secondary uppercase"
      >
        {heading}
      </h2>
      <article className="group relative mt-6 grid overflow-hidden rounded-2xl border border-border bg-card transition-colors hover:border-primary lg:grid-cols-2">
        {work.cover && (
          <picture className="block">
            {image && <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />}
            {image && <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />}
            <img
              src={work.cover}
              srcSet={image ? srcSet(image, image.fallback) : undefined}
              sizes={image ? sizes : undefined}
              alt=""
              width={image?.width ?? 1200}
              height={image?.height ?? 675}
              loading="lazy"
              decoding="async"
              className="aspect-video h-full w-full object-cover"
            />
          </picture>
        )}
        <div className="flex flex-col justify-center p-6 sm:p-10">
          <p className="text-xs font-semibold tracking-wider text-secondary uppercase">{work.client}</p>
          <h3 className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            <Link
              to={work.path}
              className="group-has-[:focus-visible]:underline after:absolute after:inset-0 focus-visible:outline-none"
            >
              {work.title}
            </Link>
          </h3>
          {work.result && <p className="mt-4 text-3xl font-extrabold text-primary">{work.result}</p>}
          <p className="mt-6 text-sm font-semibold text-primary">{t("notFound.readStudy")}</p>
        </div>
      </article>
    </section>
  );
}

function NotFoundWays({ closest, words }: { closest?: NotFoundLink | null; words: NotFoundWordsLink }) {
  const { t, localPath } = useWords();
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">{words.heading}</h1>
      <p className="mt-4 text-muted">{words.text}</p>
      <ClosestPageOffer closest={closest} />
      <form
        method="get"
        action={localPath("/blog")}
        role="search"
        className="mt-8 flex w-full max-w-md gap-2"
      >
        <label htmlFor="not-found-q" className="sr-only">
          {t("notFound.search.label")}
        </label>
        <input
          id="not-found-q"
          type="search"
          name="q"
          placeholder={t("notFound.search.placeholder")}
          className="w-full rounded-full border border-border bg-card px-5 py-3"
        />
        <button type="submit" className={buttonClass(closest ? "outline" : "primary")}>
          {t("notFound.search.button")}
        </button>
      </form>
      <nav aria-label={t("notFound.waysOn")} className="mt-8">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {WAYS_ON.map((way) => (
            <li key={way.to}>
              <Link
                to={localPath(way.to)}
                className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t(way.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
