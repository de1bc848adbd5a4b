import { data, redirect } from "react-router";

import { listCaseStudyCategories } from "~/features/case-studies/case-studies.server";
import { publishedCaseStudyCards } from "~/features/case-studies/case-study-lists.server";
import { WorkQuerySchema } from "~/features/case-studies/case-study-schema";
import { CaseStudyCard, toCaseStudySummary } from "~/features/case-studies/components/case-study-card";
import { WORK_PAGE_SIZE } from "~/features/case-studies/work-paging";
import { workWords } from "~/platform/pages/page-copy.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { withFacts } from "~/platform/site/site-settings";
import { siteFactsFrom, useSiteFacts } from "~/platform/site/use-site-facts";
import { plural } from "~/platform/text/metrics";
import { otherCase } from "~/platform/text/tags";
import { buttonClass } from "~/ui/button-link";
import { FilterPills } from "~/ui/filter-pills";
import { leadCard } from "~/ui/layout/card-span";
import { ClosingCta } from "~/ui/layout/closing-cta";

import type { Route } from "./+types/work";

export const handle: RouteHandle = {
  cache: "content",
  content: ["case-studies"],
  query: ["category", "show"],
  sitemap: true,
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        {
          ...withFacts(loaderData.copy.meta, siteFactsFrom(matches)),
          path: "/work",
          breadcrumbs: [
            { name: "Home", path: "/" },
            { name: "Work", path: "/work" },
          ],
        },
        matches,
      )
    : [];

const ALL = "all";
/** How many categories show as pills; the rest fold under "More categories". */
const SHOWN_CATEGORIES = 6;

/** /work with only the given values (all categories and the first screenful dropped). */
export function workHref({ category = ALL, show = WORK_PAGE_SIZE }: { category?: string; show?: number }) {
  const params = new URLSearchParams();
  if (category !== ALL) params.set("category", category);
  if (show > WORK_PAGE_SIZE) params.set("show", String(show));
  const query = params.toString();
  return query ? `/work?${query}` : "/work";
}

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = WorkQuerySchema.parse(Object.fromEntries(params));
  // "all" in any case is the whole portfolio, as a category typed in another case is that category.
  const category = query.category.toLowerCase() === ALL ? ALL : query.category || ALL;
  const { show } = query;
  // "All Categories" is the page itself: one address for it, with or without JavaScript.
  if (category === ALL && params.has("category")) throw redirect(workHref({ show }));
  const categories = listCaseStudyCategories();
  // A category typed in another case ("healthcare") is that category: sent to its own spelling.
  const spelled = category === ALL ? undefined : otherCase(categories, category);
  if (spelled) throw redirect(workHref({ category: spelled, show }), 301);
  // Only the cards shown are read (never the write-ups), and how many match.
  const { rows, total } = publishedCaseStudyCards({
    category: category === ALL ? undefined : category,
    limit: show,
  });
  // A category no published study is filed under is no page of the site: its empty list says so to
  // people, and a 404 to search engines (nor is it kept in the page cache).
  const known = category === ALL || categories.includes(category);
  return data(
    {
      // The page's words are the owner's (page copy "work"); the case studies are the list's own.
      copy: workWords(),
      caseStudies: rows.map(toCaseStudySummary),
      total,
      categories,
      category,
    },
    { status: known ? 200 : 404 },
  );
}

export default function Work({
  loaderData: { copy: words, caseStudies: visible, total, categories, category },
}: Route.ComponentProps) {
  const copy = withFacts(words, useSiteFacts());
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pt-20 pb-10 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">{copy.eyebrow}</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">{copy.heading}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">{copy.intro}</p>
      </section>

      {/* On a phone the categories stay under the header while the visitor scrolls the list. */}
      <nav
        id="work-filter"
        data-swap=""
        aria-label="Filter by category"
        className="z-40 mx-auto max-w-7xl px-4 max-sm:sticky max-sm:top-16 max-sm:border-b max-sm:border-border/60 max-sm:bg-bg/95 max-sm:pt-2 max-sm:backdrop-blur sm:px-6"
      >
        <FilterPills
          filters={[ALL, ...categories].map((value) => ({
            value,
            label: value === ALL ? "All Categories" : value,
            href: workHref({ category: value }),
            active: value === category,
          }))}
          shown={SHOWN_CATEGORIES}
          more={(count) => `More categories (${count})`}
        />
      </nav>
      <p
        id="work-count"
        data-swap=""
        aria-live="polite"
        className="mx-auto mt-6 max-w-7xl px-4 text-center text-sm text-muted sm:px-6"
      >
        {plural(total, "project")}
        {category !== ALL && ` in ${category}`}
      </p>

      <div id="work-results" data-swap="">
        <WorkResults visible={visible} />
        {visible.length < total && (
          <p className="mx-auto mt-6 max-w-7xl px-4 text-center sm:px-6">
            {/* A plain link to a longer list; with JavaScript the list grows in place (page-forms). */}
            <a
              href={workHref({ category, show: visible.length + WORK_PAGE_SIZE })}
              data-enhance=""
              data-grow={`[data-item="${visible.length}"] a[href]`}
              className={buttonClass("outline")}
            >
              Show more projects
              <span className="sr-only">{` (${visible.length} of ${total} shown)`}</span>
            </a>
          </p>
        )}
      </div>
      <ClosingCta {...copy.closing} />
    </>
  );
}

function WorkResults({ visible }: { visible: Route.ComponentProps["loaderData"]["caseStudies"] }) {
  return visible.length > 0 ? (
    <ul className="mx-auto mt-4 grid max-w-7xl gap-3 px-4 pb-4 sm:mt-6 sm:grid-cols-2 sm:gap-6 sm:px-6 lg:grid-cols-6">
      {visible.map((caseStudy, index) => {
        // The first project leads across the row, its cover beside its words (as the blog's newest
        // story does); the rest fill full rows under it.
        const { span, wide } = leadCard(index, visible.length);
        return (
          <li key={caseStudy.slug} data-item={index} className={`@container ${span}`}>
            <CaseStudyCard caseStudy={caseStudy} wide={wide} compact={index > 0} />
          </li>
        );
      })}
    </ul>
  ) : (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h2 className="text-2xl font-bold">No projects found</h2>
      <p className="mt-3 text-muted">
        No projects match the selected category. Try selecting a different filter.
      </p>
      <a href="/work" data-enhance="" className={`mt-8 ${buttonClass("primary")}`}>
        Show All Projects
      </a>
    </div>
  );
}
