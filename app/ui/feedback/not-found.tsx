import { isRouteErrorResponse, Link, useRouteError } from "react-router";

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
  if (!closest) return null;
  return (
    <div className="mt-8 w-full rounded-2xl border border-border bg-card p-6">
      <p className="text-sm text-muted">Were you looking for</p>
      <p className="mt-1 text-xl font-semibold text-balance">{closest.title}?</p>
      <Link to={closest.path} className={`${buttonClass("primary")} mt-4`}>
        Go to {closest.title}
      </Link>
    </div>
  );
}

/**
 * A public page's error boundary (`export const ErrorBoundary = notFoundBoundary(…)`): a 404 its loader
 * threw is shown in the page's own words with the page likely meant; any other error goes to the root's.
 */
export function notFoundBoundary(words: { title: string; message: string; actions: ErrorPageAction[] }) {
  return function ErrorBoundary() {
    const error = useRouteError();
    if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 410)) throw error;
    const gone = error.status === 410 && {
      title: "No longer available",
      message: "This page was taken down on purpose and will not be back.",
    };
    return (
      <ErrorPage {...words} {...gone}>
        <ClosestPageOffer closest={closestOf(error)} />
      </ErrorPage>
    );
  };
}

const WAYS_ON = [
  { label: "Home", to: "/" },
  { label: "Our Work", to: "/work" },
  { label: "Blog", to: "/blog" },
  { label: "Contact Us", to: "/contact" },
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
          <p className="mt-6 text-sm font-semibold text-primary">Read the case study →</p>
        </div>
      </article>
    </section>
  );
}

function NotFoundWays({ closest, words }: { closest?: NotFoundLink | null; words: NotFoundWordsLink }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">{words.heading}</h1>
      <p className="mt-4 text-muted">{words.text}</p>
      <ClosestPageOffer closest={closest} />
      <form method="get" action="/blog" role="search" className="mt-8 flex w-full max-w-md gap-2">
        <label htmlFor="not-found-q" className="sr-only">
          Search the articles
        </label>
        <input
          id="not-found-q"
          type="search"
          name="q"
          placeholder="Search the articles..."
          className="w-full rounded-full border border-border bg-card px-5 py-3"
        />
        <button type="submit" className={buttonClass(closest ? "outline" : "primary")}>
          Search
        </button>
      </form>
      <nav aria-label="Ways on" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {WAYS_ON.map((way) => (
            <li key={way.to}>
              <Link
                to={way.to}
                className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
              >
                {way.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
