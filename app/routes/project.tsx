import { data, Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { pageMeta } from "~/lib/seo";
import { getProjectBySlug } from "~/services/projects.server";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = ({ data }) =>
  data?.project ? pageMeta({ title: data.project.title, description: data.project.excerpt }) : pageMeta({ title: "Project Not Found" });

export function loader({ params }: Route.LoaderArgs) {
  const project = getProjectBySlug(params.slug);
  if (!project) throw data(null, { status: 404 });
  return { project };
}

export default function Project({ loaderData: { project } }: Route.ComponentProps) {
  return (
    <PageIntro eyebrow={project.category} title={project.title}>
      <p>{project.excerpt}</p>
    </PageIntro>
  );
}

export function ErrorBoundary() {
  return (
    <PageIntro title="Project Not Found">
      <p>The project you're looking for doesn't exist.</p>
      <Link to="/work" className="mt-8 inline-block rounded-full bg-primary px-6 py-3 text-base font-semibold text-primary-fg">
        Back to Portfolio
      </Link>
    </PageIntro>
  );
}
