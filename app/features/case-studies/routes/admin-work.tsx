import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";

import { testimonials, type WorkProject, workProjects } from "#db/schema";
import { ProjectEditor, type ProjectFormValues } from "~/features/case-studies/components/project-editor";
import {
  getProjectById,
  listAllProjects,
  saveProject,
  setProjectStatus,
} from "~/features/case-studies/projects.server";
import { services } from "~/features/pages";
import { ProjectSchema } from "~/features/site-content";
import { listOrdered, moveItem } from "~/features/site-content/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { parseUploadedImage } from "~/platform/images";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { buttonClass } from "~/ui/button-link";
import { toast } from "~/ui/toast";

import type { Route } from "./+types/admin-work";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Case studies", noindex: true });

const EMPTY: ProjectFormValues = {
  title: "",
  slug: "",
  clientName: "",
  category: "",
  excerpt: "",
  challenge: "",
  body: "",
  outcome: "",
  coverImage: "",
  coverAlt: "",
  gallery: [],
  metrics: [{ value: "", label: "" }],
  tags: "",
  credits: [],
  testimonialId: "",
  featured: false,
  status: "draft",
};

function formValuesOf(project: WorkProject): ProjectFormValues {
  return {
    title: project.title,
    slug: project.slug,
    clientName: project.clientName,
    category: project.category,
    excerpt: project.excerpt,
    challenge: project.challenge,
    body: project.body,
    outcome: project.outcome,
    coverImage: project.coverImage ?? "",
    coverAlt: project.coverAlt ?? "",
    gallery: project.gallery.map((image) => ({ ...image, caption: image.caption ?? "" })),
    metrics: project.metrics.length ? project.metrics : [{ value: "", label: "" }],
    tags: project.tags.join(", "),
    credits: project.credits,
    testimonialId: project.testimonialId ?? "",
    featured: project.featured,
    status: project.status,
  };
}

/**
 * /admin/work lists the case studies in the portfolio's order (Up/Down, Hide/Publish); ?new and
 * ?edit=<id> open the editor. After a save the admin stays in the editor (?saved=<slug>).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  if (!editId && !url.searchParams.has("new")) {
    const projects = listAllProjects().map(
      ({ id, title, slug, status, category, clientName, featured, coverImage }) => ({
        id,
        title,
        slug,
        status,
        category,
        clientName,
        featured,
        thumbnail: thumbnailOf(coverImage),
      }),
    );
    return { mode: "list" as const, projects };
  }
  const project = editId ? getProjectById(editId) : undefined;
  if (editId && !project) throw data(null, { status: 404 });
  const all = listAllProjects();
  return {
    mode: "editor" as const,
    project: project && { id: project.id, slug: project.slug, live: Boolean(project.publishedAt) },
    values: project ? formValuesOf(project) : EMPTY,
    testimonials: listOrdered(testimonials, { publishedOnly: false }).map((t) => ({
      id: t.id,
      label: `${t.name}${t.company ? `, ${t.company}` : ""}${t.status === "draft" ? " (hidden)" : ""}`,
    })),
    categories: [...new Set(all.map((p) => p.category))].sort(),
    services: services.map((service) => service.title),
    saved: url.searchParams.get("saved"),
    result: url.searchParams.get("result") === "created" ? "created" : "updated",
  };
}

/** The smallest variant of an uploaded cover, for the list. */
function thumbnailOf(cover: string | null): string | null {
  const image = parseUploadedImage(cover);
  return image ? `${image.dir}/${image.widths[0]}.webp` : cover;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormBody(request, FORM_LIMIT_BYTES.editor);
  const intent = String(form.get("intent") ?? "save");
  const id = String(form.get("id") ?? "") || undefined;

  // The list's buttons.
  if (id && (intent === "up" || intent === "down")) {
    moveItem(workProjects, "work", id, intent);
    throw redirect("/admin/work");
  }
  if (id && (intent === "hide" || intent === "show")) {
    setProjectStatus(id, intent === "hide" ? "draft" : "published");
    throw redirect("/admin/work");
  }

  const submission = parseWithZod(form, { schema: ProjectSchema });
  // A row added or removed (conform's intents, with or without JavaScript): the form comes back so.
  if (submission.status === undefined) return { id, reply: submission.reply() };
  if (submission.status !== "success") return data({ id, reply: submission.reply() }, { status: 400 });
  const values = {
    ...submission.value,
    status: intent === "publish" ? ("published" as const) : submission.value.status,
  };
  try {
    const project = saveProject(id, values);
    throw redirect(
      `/admin/work?edit=${project.id}&saved=${encodeURIComponent(project.slug)}&result=${id ? "updated" : "created"}`,
    );
  } catch (error) {
    const { status, fieldErrors } = domainErrorForForm(error, { field: "title" });
    return data({ id, reply: submission.reply({ fieldErrors }) }, { status });
  }
}

const badge = {
  published: "bg-secondary/10 text-secondary",
  draft: "bg-accent/10 text-accent",
} as const;

const rowButton =
  "inline-flex min-h-9 items-center rounded-full border border-border px-3 text-xs font-semibold hover:border-primary disabled:opacity-40";

export default function AdminWork({ loaderData, actionData }: Route.ComponentProps) {
  const editor = loaderData.mode === "editor" ? loaderData : undefined;
  useEffect(() => {
    if (editor?.saved)
      toast({
        title: editor.result === "created" ? "Case study created" : "Case study saved",
        description: `/work/${editor.saved}`,
      });
  }, [editor?.saved, editor?.result]);

  if (loaderData.mode === "editor") {
    const { project, values, testimonials: options, categories, services: titles } = loaderData;
    return (
      <ProjectEditor
        key={project?.id ?? "new"}
        project={project}
        defaultValue={values}
        lastResult={actionData?.reply}
        testimonials={options}
        categories={categories}
        services={titles}
      />
    );
  }

  const { projects } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Case studies</h1>
          <p className="mt-1 text-muted">The portfolio, in the order visitors see it on /work.</p>
        </div>
        <Link to="/admin/work?new" className={buttonClass("primary")}>
          New case study
        </Link>
      </div>
      {projects.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-border p-10 text-center">
          <h2 className="text-xl font-semibold">No case studies yet</h2>
          <p className="mt-2 text-muted">Your best client wins belong here: write the first one.</p>
          <Link to="/admin/work?new" className={`mt-6 ${buttonClass("primary")}`}>
            New case study
          </Link>
        </div>
      ) : (
        <ol className="mt-8 grid gap-3" aria-label="Case studies in order">
          {projects.map((project, index) => (
            <li
              key={project.id}
              className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:items-center"
            >
              <div className="hidden aspect-video overflow-hidden rounded-lg border border-border bg-bg sm:block">
                {project.thumbnail && (
                  <img src={project.thumbnail} alt="" className="size-full object-cover" />
                )}
              </div>
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="truncate font-semibold">{project.title}</h2>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[project.status]}`}
                  >
                    {project.status === "published" ? "Published" : "Draft"}
                  </span>
                  {project.featured && (
                    <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
                      On the home page
                    </span>
                  )}
                </div>
                <p className="mt-1 truncate text-sm text-muted">
                  {[project.clientName, project.category].filter(Boolean).join(" · ")} · /work/{project.slug}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={project.id} />
                  <button
                    name="intent"
                    value="up"
                    disabled={index === 0}
                    className={rowButton}
                    aria-label={`Move ${project.title} up`}
                  >
                    ↑
                  </button>
                  <button
                    name="intent"
                    value="down"
                    disabled={index === projects.length - 1}
                    className={rowButton}
                    aria-label={`Move ${project.title} down`}
                  >
                    ↓
                  </button>
                  <button
                    name="intent"
                    value={project.status === "published" ? "hide" : "show"}
                    className={rowButton}
                    aria-label={`${project.status === "published" ? "Hide" : "Publish"} ${project.title}`}
                  >
                    {project.status === "published" ? "Hide" : "Publish"}
                  </button>
                </Form>
                <Link
                  to={`/admin/work?edit=${project.id}`}
                  className={rowButton}
                  aria-label={`Edit ${project.title}`}
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
