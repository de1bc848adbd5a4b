import { Link } from "react-router";

import { listPages, type PageListed, pathsShowing } from "~/features/pages/copy/page-copy.server";
import { translationsOfPages } from "~/features/pages/copy/page-translations.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { LinkChoice } from "~/ui/forms/link-choice";
import { type TranslationState, TranslationStates } from "~/ui/layout/translation-states";

import type { Route } from "./+types/admin-pages";

// Owner and editors edit the pages' words; contributors get the admin's refusal.
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Pages", noindex: true });

/** `?problems` (any value but "0"): only the pages the checks found problems in (works without JavaScript). */
const problemsAsked = (url: URL) =>
  url.searchParams.has("problems") && url.searchParams.get("problems") !== "0";

export function loader({ request }: Route.LoaderArgs) {
  const problemsOnly = problemsAsked(new URL(request.url));
  const all = listPages();
  const withProblems = all.filter((page) => (page.problems ?? 0) > 0);
  const shown = problemsOnly ? withProblems : all;
  // The site's languages and the translations' states read once for the list, not once a page.
  const translations = translationsOfPages(shown.map((page) => page.key));
  return {
    problemsOnly,
    withProblems: withProblems.length,
    pages: shown.map((page) => ({
      ...page,
      // Where visitors read it (the 404 has no address of its own).
      path: pathsShowing(page.key)[0] ?? null,
      translations: (translations.get(page.key) ?? []).map(({ lang, state }): TranslationState => ({
        lang,
        state: state === "draft only" ? "draft" : state,
      })),
    })),
  };
}

type Listed = PageListed & { path: string | null; translations: TranslationState[] };

const GROUPS: { title: string; intro: string; of: (page: Listed) => boolean }[] = [
  {
    title: "Main pages",
    intro: "Home, About, Contact, and the words around the case studies (Work) and the articles (Blog).",
    of: (page) => ["home", "about", "contact", "work", "blog"].includes(page.kind),
  },
  {
    title: "Services",
    intro: "One page a service, in the order of the home page's grid.",
    of: (page) => page.kind === "service",
  },
  {
    title: "Legal pages",
    intro: "Only the owner publishes these.",
    of: (page) => page.kind === "legal",
  },
  {
    title: "Page not found",
    intro: "What a visitor reads at an address with nothing there.",
    of: (page) => page.kind === "not-found",
  },
];

const linkClass =
  "inline-flex min-h-10 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary hover:text-primary";

function State({ page }: { page: Listed }) {
  if (page.state === "draft waiting" && page.draftSavedAt)
    return (
      <p className="text-sm">
        <span className="mr-2 inline-flex rounded-full bg-accent/15 px-2.5 py-0.5 text-xs font-semibold text-fg">
          Draft waiting
        </span>
        <span className="text-muted">saved {momentInDublin(page.draftSavedAt)}</span>
      </p>
    );
  return (
    <p className="text-sm">
      <span className="mr-2 inline-flex rounded-full bg-secondary/15 px-2.5 py-0.5 text-xs font-semibold text-fg">
        Published
      </span>
      <span className="text-muted">
        {new Date(page.publishedAt).getTime() > 0
          ? momentInDublin(page.publishedAt)
          : "the site's first words"}
      </span>
    </p>
  );
}

/**
 * "2 problems in the draft" (or "in the published words"), a link to the checks beside the page's form;
 * nothing when the checks found none, or have not counted the page yet.
 */
function Problems({ page }: { page: Listed }) {
  if (!page.problems) return null;
  const which = page.state === "draft waiting" ? "in the draft" : "in the published words";
  return (
    <Link
      to={`/admin/pages/edit/${page.key}#writing-checks-heading`}
      className="mr-2 inline-flex rounded-full bg-destructive/10 px-2.5 py-0.5 text-xs font-semibold text-destructive hover:underline"
      aria-label={`${page.title}: ${problemsOf(page.problems)} ${which}`}
    >
      {problemsOf(page.problems)} {which}
    </Link>
  );
}

const problemsOf = (n: number) => `${n} problem${n === 1 ? "" : "s"}`;

function PageRow({ page }: { page: Listed }) {
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-5">
      <div className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          <Link to={`/admin/pages/edit/${page.key}`} className="hover:text-primary">
            {page.title}
          </Link>
          {page.hidden && (
            <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold text-muted">
              Hidden
            </span>
          )}
        </h3>
        <p className="mt-0.5 truncate text-sm text-muted">
          {page.path && !page.hidden ? (
            <a href={page.path} className="hover:text-fg hover:underline">
              {page.path}
            </a>
          ) : page.hidden ? (
            "Not on the site"
          ) : (
            "Every address with no page"
          )}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-y-1">
          <Problems page={page} />
          <State page={page} />
        </div>
        <TranslationStates
          title={page.title}
          states={page.translations}
          hrefOf={(lang) => `/admin/pages/translate/${lang}/${page.key}`}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={`/admin/pages/edit/${page.key}`} className={linkClass} aria-label={`Edit ${page.title}`}>
          Edit
        </Link>
        <Link
          to={`/admin/pages/revisions/${page.key}`}
          className={linkClass}
          aria-label={`Revisions of ${page.title}`}
        >
          Revisions
        </Link>
      </div>
    </li>
  );
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { pages, problemsOnly, withProblems } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold">Pages</h1>
      <p className="mt-1 max-w-2xl text-muted">
        Every word on the site&apos;s pages. Edit a page, save it as a draft, and publish it when it reads
        right: visitors see the published words until then.
      </p>
      <LinkChoice
        label="Which pages"
        className="mt-6"
        options={[
          { to: "/admin/pages", current: !problemsOnly, text: "All" },
          { to: "/admin/pages?problems=1", current: problemsOnly, text: `With problems (${withProblems})` },
        ]}
      />
      {problemsOnly && pages.length === 0 && (
        <p className="mt-8 text-muted">No page has problems the checks can find: nothing to fix.</p>
      )}
      {GROUPS.map((group) => {
        const listed = pages.filter(group.of);
        if (listed.length === 0) return null;
        const id = `pages-${group.title.toLowerCase().replaceAll(" ", "-")}`;
        return (
          <section key={group.title} aria-labelledby={id} className="mt-10">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2 id={id} className="text-xl font-bold">
                  {group.title}
                </h2>
                <p className="mt-0.5 text-sm text-muted">{group.intro}</p>
              </div>
              {group.title === "Services" && (
                <Link to="/admin/pages/services" className={linkClass}>
                  Add, hide or reorder services
                </Link>
              )}
            </div>
            <ul className="mt-4 divide-y divide-border rounded-2xl border border-border bg-card">
              {listed.map((page) => (
                <PageRow key={page.key} page={page} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
