import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";

import { AdminError, refusalFrame } from "~/features/admin";
import { focalPoints } from "~/features/media/index.server";
import { DraftPreviewBar } from "~/features/pages";
import { draftPreview, draftPreviewOf, listServices, pageLanguage } from "~/features/pages/index.server";
import { PreviewRibbon } from "~/features/preview-links";
import { sharedPreview, sharedPreviewRibbon } from "~/features/preview-links/index.server";
import { routeAccess } from "~/features/staff/index.server";
import displayFont from "~/fonts/bricolage-grotesque.woff2";
import textFont from "~/fonts/instrument-sans.woff2";
import { getEnv } from "~/platform/env.server";
import { pageMethods } from "~/platform/http/page-methods.server";
import { LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { answerInLanguage, languageOf } from "~/platform/i18n/request-language.server";
import { type PageLanguage, pageLanguageFrom, useWords, wordsOf as wordsIn } from "~/platform/i18n/use-words";
import { APP_SCRIPTS_MARKER, behavioursUrl, pageScript } from "~/platform/pages/page-behaviours";
import { routeHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { siteFactsIn } from "~/platform/site/site-words.server";
import { useSiteFacts } from "~/platform/site/use-site-facts";
import { ErrorPage } from "~/ui/feedback/error-page";
import { closestOf, featuredOf, NotFoundPage, wordsOf } from "~/ui/feedback/not-found";
import { PageLoading } from "~/ui/feedback/page-loading";
import { Notifications } from "~/ui/feedback/toast";
import { SiteFooter } from "~/ui/layout/site-footer";
import { SiteHeader } from "~/ui/layout/site-header";

import type { Route } from "./+types/root";
// A file of its own (hashed name, cached for a year, compressed), not inlined into every page.
import stylesheet from "./app.css?url";

/**
 * First for every request: a page's methods (GET, HEAD, POST), the path's own spelling, and who may use
 * the route it matched; then the language it is answered in (its prefix); then whether it is a draft
 * preview (a page's address with ?preview, from an owner or editor).
 */
export const middleware: Route.MiddlewareFunction[] = [
  pageMethods,
  routeAccess,
  answerInLanguage,
  draftPreview,
  // A draft's address with a preview link's token: that draft, for anyone holding the link.
  sharedPreview,
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // Both faces are on the first screen: fetched with the page, not after the stylesheet is parsed.
  ...[displayFont, textFont].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    siteUrl: getEnv().SITE_URL,
    // The tagline in the page's language where the owner wrote it (Site settings → the language).
    site: siteFactsIn(languageOf(context)),
    focal: focalPoints(),
    // The phone menu's and the credits' list of services, in the owner's order: slug and title only.
    services: listServices().map(({ slug, title }) => ({ slug, title })),
    draftPreview: draftPreviewOf(new URL(request.url)),
    sharedPreview: sharedPreviewRibbon(),
    // The page's language: its interface words, and the page in the site's other languages.
    language: pageLanguage(languageOf(context), new URL(request.url).pathname),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  // Only the admin opts in; in the browser React is already running (a client-side move from the admin).
  const hydrate =
    matches.some((match) => routeHandle(match.handle).hydrate === true) || typeof document !== "undefined";
  // The admin brings its own frame; an error page is shown in the site's, but for the admin's refusal
  // of a role (its middleware sends the frame along).
  const error = useRouteError();
  const ownShell =
    (!error || refusalFrame(error) !== undefined) &&
    matches.some((match) => routeHandle(match.handle).shell === "admin");
  // Marks the page as interactive: end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // After a client-side move: a theme switch React has just rendered shows the stored choice,
  // "/#services" (no hashchange fires) glides to its section, and new endless motion is watched.
  const { key } = useLocation();
  // A draft shown as the real page: the bar names the page, or the 404's words where it turned out one.
  const preview = (useRouteLoaderData("root") as { draftPreview?: ReturnType<typeof draftPreviewOf> })
    ?.draftPreview;
  const previewed = isRouteErrorResponse(error) && error.status === 404 ? preview?.notFound : preview?.page;
  const shared = (useRouteLoaderData("root") as { sharedPreview?: ReturnType<typeof sharedPreviewRibbon> })
    ?.sharedPreview;
  const { tag, t } = useWords();
  useEffect(() => {
    window.__pageBehaviours?.showChoice?.();
    window.__pageBehaviours?.glide();
    window.__pageBehaviours?.watchMotion();
  }, [key]);
  return (
    <html lang={tag} className="dark no-js" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <script dangerouslySetInnerHTML={{ __html: pageScript(hydrate) }} />
        <script src={behavioursUrl(hydrate)} defer />
        <Meta />
        <Links />
        <DefaultFeed />
        <LanguageFeed />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[60] rounded bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t("skip.toContent")}
        </a>
        {ownShell ? (
          children
        ) : (
          <>
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
              {previewed && <DraftPreviewBar page={previewed} />}
              {shared && <PreviewRibbon expiresAt={shared.expiresAt} />}
              {children}
            </main>
            <SiteFooter />
          </>
        )}
        <Notifications />
        {hydrate && (
          <>
            <PageLoading />
            {/* Only inline scripts after this are allowed by the page's CSP (csp.server.ts). */}
            <div id={APP_SCRIPTS_MARKER} hidden />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useWords();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFoundPage closest={closestOf(error)} featured={featuredOf(error)} words={wordsOf(error)} />;
  const frame = refusalFrame(error);
  if (frame) return <AdminError error={error} frame={frame} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // e.g. 503 when the disk is full: the server's own words for what happened.
  const explained =
    isRouteErrorResponse(error) && typeof error.data?.error === "string"
      ? (error.data.error as string)
      : null;
  return (
    <>
      <title>{`${t("error.title")} | Northwall Digital`}</title>
      <ErrorPage
        title={t("error.title")}
        message={explained ?? (status >= 500 ? t("error.server") : t("error.client"))}
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? pageMeta({ title: wordsIn(pageLanguageFrom(matches)).t("notFound.title"), noindex: true })
    : [];

/**
 * The default language's feed, named in the page's language. Neither feed link says its language with
 * hreflang: that names a page's translations, and search engines (and Lighthouse) take a feed there for
 * a translation given by a relative address. Each feed says its language inside (`<language>`).
 */
function DefaultFeed() {
  const { t } = useWords();
  const site = useSiteFacts();
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={t("feed.defaultTitle", { name: site.name })}
      href="/rss.xml"
    />
  );
}

/** The feed of the page's language beside the default one's, where its blog has articles. */
function LanguageFeed() {
  const language = (useRouteLoaderData("root") as { language?: PageLanguage } | undefined)?.language;
  if (!language || language.lang === language.site.default || !language.translated.includes("/blog"))
    return null;
  const { lang, site } = language;
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={`${LANGUAGES[lang].native}: RSS`}
      href={pathIn(lang, "/rss.xml", site)}
    />
  );
}
