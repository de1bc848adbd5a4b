import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";

import { caseStudies, type CaseStudy, testimonials } from "#db/schema";
import {
  getCaseStudyById,
  saveCaseStudy,
  setCaseStudyStatus,
} from "~/features/case-studies/case-studies.server";
import {
  caseStudyCheckFacts,
  checkCaseStudy,
  countCaseStudiesWithProblems,
} from "~/features/case-studies/case-study-checks.server";
import {
  adminCaseStudiesPage,
  caseStudyCategoriesInUse,
} from "~/features/case-studies/case-study-lists.server";
import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import {
  caseStudyValuesFrom,
  caseStudyValuesOf,
  EMPTY_CASE_STUDY_VALUES,
} from "~/features/case-studies/case-study-values";
import { CaseStudyEditor } from "~/features/case-studies/components/case-study-editor";
import { translationStatesOf } from "~/features/case-studies/translations/translation-states.server";
import { editorShouldRevalidate, publishAskOf, useSavedToast } from "~/features/editor";
import {
  countRevisions,
  editedId,
  editorAction,
  type EditorRoute,
  unsavedWork,
} from "~/features/editor/index.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { parseUploadedImage } from "~/platform/images";
import { listOrdered, moveItem, moveOf } from "~/platform/ordered-lists.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sharePanel } from "~/platform/pages/share-panel.server";
import { useServices } from "~/platform/site/use-services";
import { momentInDublin } from "~/platform/text/dates";
import { buttonClass } from "~/ui/button-link";
import { LinkChoice } from "~/ui/forms/link-choice";
import { DragHandle, MoveButtons, useDragReorder } from "~/ui/forms/reorder";
import { SharePreviewForm } from "~/ui/forms/share-preview";
import { AdminPager } from "~/ui/layout/admin-pager";
import { TranslationStates } from "~/ui/layout/translation-states";

import type { Route } from "./+types/admin-case-studies";

export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Case studies", noindex: true });

export const shouldRevalidate = editorShouldRevalidate;

/**
 * /admin/case-studies lists the case studies in the portfolio's order (Up/Down, Hide/Publish); ?new and
 * ?edit=<id> open the editor. After a save the admin stays in the editor (?saved=<slug>).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = staffOf(context);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  if (!editId && !url.searchParams.has("new")) {
    // ?problems: only the studies the checks while writing found problems in at their last save.
    const problemsOnly = url.searchParams.has("problems");
    // A page of 50 (a portfolio may hold thousands), never a write-up.
    const { rows, total, page, pageCount, offset } = adminCaseStudiesPage({
      problemsOnly,
      page: Number(url.searchParams.get("page") ?? 1),
    });
    const states = translationStatesOf(rows);
    const caseStudies = rows.map(
      ({ id, title, slug, status, category, clientName, featured, coverImage, unpublishAt, endedAt }) => ({
        id,
        title,
        slug,
        status,
        statusText: caseStudyStatusText({ status, unpublishAt, endedAt }),
        category,
        clientName,
        featured,
        thumbnail: thumbnailOf(coverImage),
        translations: states.get(id) ?? [],
      }),
    );
    const withProblems = problemsOnly ? total : countCaseStudiesWithProblems();
    return {
      mode: "list" as const,
      caseStudies,
      problemsOnly,
      withProblems,
      total,
      page,
      pageCount,
      offset,
    };
  }
  const caseStudy = editId ? getCaseStudyById(editId) : undefined;
  if (editId && !caseStudy) throw data(null, { status: 404 });
  const panel = caseStudy && (await sharePanel(request, "case-study", caseStudy.id));
  const { typedOnEarlier, ...work } = unsavedWork(
    user.id,
    "case-study",
    caseStudy,
    url,
    caseStudy ? caseStudyValuesOf(caseStudy) : EMPTY_CASE_STUDY_VALUES,
    caseStudyValuesFrom,
  );
  return data(
    {
      mode: "editor" as const,
      caseStudy: caseStudy && {
        id: caseStudy.id,
        slug: caseStudy.slug,
        live: Boolean(caseStudy.publishedAt),
        revisions: countRevisions("case-study", caseStudy.id),
        savedAt: caseStudy.updatedAt.getTime(),
        typedOnEarlier,
        share: panel?.share,
        // Each of the site's other languages: missing, a draft, up to date, or outdated by an edit.
        translations: translationStatesOf([caseStudy]).get(caseStudy.id) ?? [],
      },
      checks: caseStudy && caseStudyCheckFacts(caseStudy),
      ...work,
      testimonials: listOrdered(testimonials, { publishedOnly: false }).map((t) => ({
        id: t.id,
        label: `${t.name}${t.company ? `, ${t.company}` : ""}${t.status === "draft" ? " (hidden)" : ""}`,
      })),
      categories: caseStudyCategoriesInUse(),
      saved: url.searchParams.get("saved"),
      publishAsk: publishAskOf(url),
      result: url.searchParams.get("result") === "created" ? "created" : "updated",
    },
    { headers: panel?.headers },
  );
}

/** The smallest variant of an uploaded cover, for the list. */
function thumbnailOf(cover: string | null): string | null {
  const image = parseUploadedImage(cover);
  return image ? `${image.dir}/${image.widths[0]}.webp` : cover;
}

/** The editor's route action for case studies (see editorAction). */
const CASE_STUDIES: EditorRoute<z.output<typeof CaseStudySchema>> = {
  kind: "case-study",
  path: "/admin/case-studies",
  schema: CaseStudySchema,
  save: saveCaseStudy,
  openProblems: (id, values) => checkCaseStudy({ ...values, id: id ?? "" }).length,
  storedOf: (id) => getCaseStudyById(id),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.editor);
  const intent = String(form.get("intent") ?? "save");
  const id = editedId(form);

  // The list's buttons: back to the page of the list they were pressed on.
  const move = moveOf(form);
  if (id && move) {
    moveItem(caseStudies, "case-studies", id, move);
    throw redirect(listAddress(new URL(request.url)));
  }
  if (id && (intent === "hide" || intent === "show")) {
    setCaseStudyStatus(id, intent === "hide" ? "draft" : "published");
    throw redirect(listAddress(new URL(request.url)));
  }
  return editorAction(CASE_STUDIES, form, { userId: user.id });
}

/** The list's address with its filter and page (a page that is not a whole number is left out). */
function listAddress(url: URL): string {
  const page = Number(url.searchParams.get("page"));
  return listPageHref(url.searchParams.has("problems"), Number.isSafeInteger(page) && page > 1 ? page : 1);
}

/** Page `page` of the list, of every study or only those with problems. */
const listPageHref = (problemsOnly: boolean, page: number) => {
  const query = [problemsOnly ? "problems" : "", page > 1 ? `page=${page}` : ""].filter(Boolean).join("&");
  return `/admin/case-studies${query ? `?${query}` : ""}`;
};

const badge = {
  published: "bg-secondary/10 text-secondary",
  draft: "bg-accent/10 text-accent",
} as const;

const rowButton =
  "inline-flex min-h-9 items-center rounded-full border border-border px-3 text-xs font-semibold hover:border-primary disabled:opacity-40";

/** A study's state in the list: when a live one ends, when an ended one left the site. */
function caseStudyStatusText(study: Pick<CaseStudy, "status" | "unpublishAt" | "endedAt">): string {
  if (study.status === "published" && study.unpublishAt)
    return `Published · ends ${momentInDublin(study.unpublishAt)}`;
  if (study.status === "published") return "Published";
  return study.endedAt ? `Ended · ${momentInDublin(study.endedAt)}` : "Draft";
}

export default function AdminCaseStudies({ loaderData, actionData }: Route.ComponentProps) {
  const editor = loaderData.mode === "editor" ? loaderData : undefined;
  const drag = useDragReorder(
    loaderData.mode === "list"
      ? listPageHref(loaderData.problemsOnly, loaderData.page)
      : "/admin/case-studies",
  );
  // The services visitors see, then any this case study credits that are not among them (a hidden
  // service): still ticked, so a save keeps them.
  const shown = useServices().map((service) => service.title);
  const services = [...shown, ...(editor?.values.credits ?? []).filter((credit) => !shown.includes(credit))];
  useSavedToast(
    editor?.saved,
    editor?.result === "created" ? "Case study created" : "Case study saved",
    "/work/",
  );

  if (loaderData.mode === "editor") {
    const { caseStudy, values, unsaved, restored, saved, result, checks, publishAsk } = loaderData;
    const { testimonials: options, categories } = loaderData;
    return (
      <>
        <CaseStudyEditor
          // A save that wrote a new quote chose it: the form starts again from what was saved (the quote's
          // fields empty, so a second save cannot add it twice).
          key={`${caseStudy?.id ?? "new"}-${restored}-${values.testimonialId}`}
          caseStudy={caseStudy}
          defaultValue={values}
          lastResult={actionData?.reply}
          unsaved={unsaved}
          restored={restored}
          saved={saved ? { slug: saved, created: result === "created" } : undefined}
          testimonials={options}
          categories={categories}
          services={services}
          checks={checks}
          publishAsk={publishAsk}
        />
        {/* The editor's "Share a preview" panel posts through it: forms do not nest. */}
        <SharePreviewForm />
      </>
    );
  }

  const { caseStudies, problemsOnly, withProblems, total, page, pageCount, offset } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Case studies</h1>
          <p className="mt-1 text-muted">The portfolio, in the order visitors see it on /work.</p>
        </div>
        <Link to="/admin/case-studies?new" className={buttonClass("primary")}>
          New case study
        </Link>
      </div>
      <LinkChoice
        label="Which case studies"
        className="mt-6"
        options={[
          { to: "/admin/case-studies", current: !problemsOnly, text: "All" },
          {
            to: "/admin/case-studies?problems",
            current: problemsOnly,
            text: `With problems (${withProblems})`,
          },
        ]}
      />
      {problemsOnly && caseStudies.length === 0 ? (
        <p className="mt-8 text-muted">No case study has problems the checks can find: nothing to fix.</p>
      ) : caseStudies.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-border p-10 text-center">
          <h2 className="text-xl font-semibold">No case studies yet</h2>
          <p className="mt-2 text-muted">Your best client wins belong here: write the first one.</p>
          <Link to="/admin/case-studies?new" className={`mt-6 ${buttonClass("primary")}`}>
            New case study
          </Link>
        </div>
      ) : (
        <ol className="mt-8 grid gap-3" aria-label="Case studies in order">
          {caseStudies.map((caseStudy, index) => (
            <li
              key={caseStudy.id}
              {...drag.rowProps(caseStudy.id, index)}
              className={`grid gap-4 rounded-2xl border bg-card p-4 sm:grid-cols-[auto_6rem_minmax(0,1fr)_auto] sm:items-center ${
                drag.over === index && drag.dragged !== caseStudy.id
                  ? "border-primary ring-2 ring-primary/40"
                  : "border-border"
              }`}
            >
              <DragHandle />
              <div className="hidden aspect-video overflow-hidden rounded-lg border border-border bg-bg sm:block">
                {caseStudy.thumbnail && (
                  <img src={caseStudy.thumbnail} alt="" className="size-full object-cover" />
                )}
              </div>
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="truncate font-semibold">{caseStudy.title}</h2>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[caseStudy.status]}`}
                  >
                    {caseStudy.statusText}
                  </span>
                  {caseStudy.featured && (
                    <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary">
                      On the home page
                    </span>
                  )}
                </div>
                <p className="mt-1 truncate text-sm text-muted">
                  {[caseStudy.clientName, caseStudy.category].filter(Boolean).join(" · ")} · /work/
                  {caseStudy.slug}
                </p>
                <TranslationStates
                  hrefOf={(lang) => `/admin/case-studies/${caseStudy.id}/translate/${lang}`}
                  title={caseStudy.title}
                  states={caseStudy.translations}
                />
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={caseStudy.id} />
                  <MoveButtons
                    name={caseStudy.title}
                    index={offset + index}
                    count={total}
                    className={rowButton}
                  />
                  <button
                    name="intent"
                    value={caseStudy.status === "published" ? "hide" : "show"}
                    className={rowButton}
                    aria-label={`${caseStudy.status === "published" ? "Hide" : "Publish"} ${caseStudy.title}`}
                  >
                    {caseStudy.status === "published" ? "Hide" : "Publish"}
                  </button>
                </Form>
                <Link
                  to={`/admin/case-studies?edit=${caseStudy.id}`}
                  className={rowButton}
                  aria-label={`Edit ${caseStudy.title}`}
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
      <AdminPager page={page} pageCount={pageCount} linkTo={(n) => listPageHref(problemsOnly, n)} />
    </div>
  );
}
