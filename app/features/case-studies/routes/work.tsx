import { redirect } from "react-router";

import { listCaseStudies, listCaseStudyCategories } from "~/features/case-studies/case-studies.server";
import { CaseStudyCard, toCaseStudySummary } from "~/features/case-studies/components/case-study-card";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { plural } from "~/platform/text/metrics";
import { buttonClass } from "~/ui/button-link";
import { cardSpan } from "~/ui/layout/card-span";
import { ClosingCta } from "~/ui/layout/closing-cta";

import type { Route } from "./+types/work";

export const handle: RouteHandle = {
  cache: "content",
  content: ["case-studies"],
  query: ["category"],
  sitemap: true,
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Our Work: Digital Marketing Case Studies",
      description:
        "Case studies from Northwall Digital: SEO, paid ads, e-commerce, healthcare and lead generation results for Irish and European businesses.",
      path: "/work",
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "Work", path: "/work" },
      ],
    },
    matches,
  );

const ALL = "all";

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const category = params.get("category") || ALL;
  // "All Categories" is the page itself: one address for it, with or without JavaScript.
  if (category === ALL && params.has("category")) throw redirect("/work");
  const caseStudies = listCaseStudies().map(toCaseStudySummary);
  return {
    caseStudies: category === ALL ? caseStudies : caseStudies.filter((p) => p.category === category),
    categories: listCaseStudyCategories(),
    category,
  };
}

export default function Work({
  loaderData: { caseStudies: visible, categories, category },
}: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-4xl px-4 pt-20 pb-10 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-secondary uppercase">Portfolio</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-6xl">Our Work</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
          Campaigns, websites and growth programmes for ambitious businesses in Ireland and across Europe.
        </p>
      </section>

      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p id="work-count" data-swap="" aria-live="polite" className="text-muted">
          {plural(visible.length, "project")}
          {category !== ALL && ` in ${category}`}
        </p>
        {/* A change shows the choice at once (page-forms swaps in the list); Apply without JavaScript. */}
        <form
          id="work-filter"
          method="get"
          action="/work"
          data-enhance=""
          data-auto="change"
          data-swap=""
          className="flex items-center gap-2"
        >
          <label htmlFor="category" className="text-sm font-medium">
            Filter by category
          </label>
          <select
            id="category"
            name="category"
            defaultValue={category}
            className="rounded-full border border-border bg-card px-4 py-2 text-sm"
          >
            <option value={ALL}>All Categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="no-js-only rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-fg"
          >
            Apply
          </button>
        </form>
      </div>

      <div id="work-results" data-swap="">
        <WorkResults visible={visible} />
      </div>
      <ClosingCta
        heading="Your Business Could Be Next"
        text="Tell us where you want to grow and we will show you how we would get you there."
        actions={[
          { label: "Start Your Project", to: "/contact" },
          { label: "Meet the Team", to: "/about" },
        ]}
      />
    </>
  );
}

function WorkResults({ visible }: { visible: Route.ComponentProps["loaderData"]["caseStudies"] }) {
  return visible.length > 0 ? (
    <ul className="mx-auto mt-8 grid max-w-7xl gap-6 px-4 pb-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
      {visible.map((caseStudy, index) => (
        <li key={caseStudy.slug} className={`@container ${cardSpan(index, visible.length)}`}>
          <CaseStudyCard
            caseStudy={caseStudy}
            wide={cardSpan(index, visible.length).includes("lg:col-span-2")}
          />
        </li>
      ))}
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
