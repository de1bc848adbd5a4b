import { isRouteErrorResponse, Link, useRouteError } from "react-router";

import { buttonClass } from "~/ui/button-link";
import { ErrorPage, type ErrorPageAction } from "~/ui/feedback/error-page";

/** The page a missed address most likely meant. */
export type NotFoundLink = { path: string; title: string };

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
    if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
    return (
      <ErrorPage {...words}>
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
export function NotFoundPage({ closest }: { closest?: NotFoundLink | null }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 text-muted">
        Sorry, there is no page at this address. It may have moved, or the link may have a typo.
      </p>
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
