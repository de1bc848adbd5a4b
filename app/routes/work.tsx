import { Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";
import { listProjects } from "~/services/projects.server";
import type { Route } from "./+types/work";

export const meta = () =>
  pageMeta({ title: "Our Work", description: "Case studies from Northwall Digital: results for Irish and European businesses." });

export function loader() {
  return { projects: listProjects() };
}

export default function Work({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Portfolio" title="Our Work" />
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 pb-20 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {loaderData.projects.map((project) => (
          <li key={project.id} className="rounded-2xl border border-border bg-card p-6">
            <p className="text-xs font-semibold text-secondary uppercase">{project.category}</p>
            <h2 className="mt-2 font-semibold">
              <Link to={`/work/${project.slug}`} className="hover:text-primary">{project.title}</Link>
            </h2>
          </li>
        ))}
      </ul>
    </>
  );
}
