import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";

import { CoverImage } from "~/components/cover-image";
import { ErrorPage } from "~/components/error-page";
import { ClosingCta } from "~/components/sections/closing-cta";
import { StatTile } from "~/components/sections/stat-tile";
import { SimpleMarkdown } from "~/components/simple-markdown";
import type { Tone } from "~/content/types";
import { splitMetric } from "~/lib/metrics";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { getProjectBySlug } from "~/services/projects.server";

import type { Route } from "./+types/project";

/** Marketing copy: served without React (see docs/decisions/011). */
export const handle: RouteHandle = { cache: "static", sitemap: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.project.title} | Case Study`,
          description: loaderData.project.excerpt,
          keywords: [
            ...loaderData.project.tags,
            loaderData.project.category,
            "case study",
            "Dublin digital marketing",
          ].join(", "),
          path: `/work/${loaderData.project.slug}`,
          image: loaderData.project.coverImage ?? undefined,
          breadcrumbs: [
            { name: "Home", path: "/" },
            { name: "Work", path: "/work" },
            { name: loaderData.project.title, path: `/work/${loaderData.project.slug}` },
          ],
        },
        matches,
      )
    : pageMeta({ title: "Project Not Found", noindex: true });

export function loader({ params }: Route.LoaderArgs) {
  const project = getProjectBySlug(params.slug);
  if (!project) throw data(null, { status: 404 });
  return { project };
}

const tones: Tone[] = ["primary", "secondary", "accent"];

export default function Project({ loaderData: { project } }: Route.ComponentProps) {
  return (
    <>
      <article className="mx-auto max-w-4xl px-4 pt-12 sm:px-6">
        <Link to="/work" className="text-sm font-semibold text-primary hover:underline">
          ← Back to Portfolio
        </Link>
        <div className="mt-8 flex flex-wrap items-center gap-3 text-sm">
          <span className="rounded-full bg-primary/15 px-3 py-1 font-semibold text-primary">
            {project.category}
          </span>
          <time dateTime={project.createdAt.toISOString()} className="text-muted">
            {project.createdAt.getUTCFullYear()}
          </time>
        </div>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{project.title}</h1>
        <p className="mt-6 text-lg text-muted">{project.excerpt}</p>
        <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
          {project.tags.map((tag) => (
            <li key={tag} className="rounded-full border border-border px-3 py-1 text-xs text-muted">
              {tag}
            </li>
          ))}
        </ul>

        {project.metrics.length > 0 && (
          <ul aria-label="Results" className="mt-10 grid grid-cols-3 gap-3 sm:gap-4">
            {project.metrics.map((metric, index) => (
              <li key={metric}>
                <StatTile {...splitMetric(metric)} tone={tones[index % tones.length]} />
              </li>
            ))}
          </ul>
        )}

        <CoverImage
          src={project.coverImage}
          alt={`Cover artwork for the ${project.title} case study`}
          priority
          sizes="(min-width: 896px) 848px, 100vw"
          className="mt-10 rounded-3xl border border-border"
        />

        <div className="mt-4 pb-8">
          <SimpleMarkdown source={project.content} />
        </div>
      </article>
      <ClosingCta
        heading="Want Results Like These?"
        text="Tell us about your goals and we will show you how we would approach them."
        actions={[
          { label: "Start Your Project", to: "/contact" },
          { label: "View More Work", to: "/work" },
        ]}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <ErrorPage
      title="Project Not Found"
      message="The project you're looking for doesn't exist."
      actions={[{ label: "Back to Portfolio", to: "/work" }]}
    />
  );
}
