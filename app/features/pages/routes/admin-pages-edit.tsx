import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, redirectDocument } from "react-router";

import {
  EditorBar,
  PublishAskNotice,
  publishAskOf,
  publishesAsItIs,
  UnsavedWorkBanner,
  useAutosave,
  useFocusOnPublish,
  useSavedToast,
} from "~/features/editor";
import { discardAutosave, unsavedWork } from "~/features/editor/index.server";
import {
  applyListIntent,
  focusAfter,
  type ListFocus,
  listIntentOf,
  type Loose,
  readCopyForm,
} from "~/features/pages/components/admin/copy-form";
import { type FieldSpec, pageFormSpec } from "~/features/pages/components/admin/copy-spec";
import { PageAutosaveNote } from "~/features/pages/components/admin/page-autosave-note";
import { brokenPageLinks, checkPageCopy } from "~/features/pages/components/admin/page-checks";
import { PageChecks, usePageChecks } from "~/features/pages/components/admin/page-checks-panel";
import {
  type FieldErrors,
  fieldId,
  PageFields,
  partsOf,
} from "~/features/pages/components/admin/page-fields";
import {
  getPage,
  LEGAL_FOR_THE_OWNER,
  PageCopyInvalid,
  pathsShowing,
  publishPage,
  savePageDraft,
} from "~/features/pages/copy/page-copy.server";
import { previewAddress } from "~/features/pages/copy/page-preview.server";
import { kindOfKey } from "~/features/pages/copy/page-schemas";
import { pageChecker } from "~/features/pages/site-pages.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { ForbiddenError, NotFoundError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { pageMeta } from "~/platform/pages/seo";
import { sharePanel } from "~/platform/pages/share-panel.server";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { withFacts } from "~/platform/site/site-settings";
import { momentInDublin } from "~/platform/text/dates";
import { FormError } from "~/ui/forms/form-error";
import { LeaveDialog } from "~/ui/forms/leave-dialog";
import { SharePreview, SharePreviewForm } from "~/ui/forms/share-preview";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { Route } from "./+types/admin-pages-edit";

// Owner and editors edit the pages' words; contributors get the admin's refusal.
export const handle: RouteHandle = { access: "editor" };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: loaderData ? `Edit: ${loaderData.title}` : "Edit a page", noindex: true });

/** The page the address names (its key is the rest of the address), or the admin's 404. */
function pageOf(key: string | undefined) {
  const kind = key ? kindOfKey(key) : null;
  if (!key || !kind) throw data(null, { status: 404 });
  try {
    return { page: getPage(key, { staff: true }), kind };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = staffOf(context);
  const { page, kind } = pageOf(params["*"]);
  const spec = pageFormSpec(kind);
  const url = new URL(request.url);
  const { values, unsaved, restored } = unsavedWork(
    user.id,
    "page",
    { id: page.key, updatedAt: page.draftSavedAt ?? page.publishedAt },
    url,
    (page.draft ?? page.published) as Loose,
    (autosaved, saved) => {
      const read = readCopyForm(spec, Object.entries(autosaved));
      return read.ok ? read.copy : saved;
    },
  );
  const saved = url.searchParams.get("saved");
  const { share, headers } = await sharePanel(request, "page", page.key);
  return data(
    {
      facts: factsNamedIn(values),
      key: page.key,
      title: page.title,
      hidden: page.hidden,
      publishedAt: page.publishedAt,
      draftSavedAt: page.draftSavedAt,
      path: pathsShowing(page.key)[0] ?? null,
      spec,
      values,
      // The checks in the browser know the rest; only the server knows which internal pages exist.
      brokenLinks: brokenPageLinks(spec, values, pageChecker()),
      unsaved: unsaved && { at: unsaved.at, title: "" },
      restored,
      saved: saved === "draft" || saved === "published" ? saved : null,
      // Publish pressed with problems open: the draft is saved, and the form asks about going live.
      // (A page only ever asks after saving its draft: no other ask is drawn, whatever the address says.)
      publishAsk: publishAskOf(url) === "draft" ? ("draft" as const) : null,
      // Only the owner publishes the legal pages; an editor sees why.
      publishRefusal: kind === "legal" && user.role !== "owner" ? LEGAL_FOR_THE_OWNER : null,
      // Drawn once per load: the fields are drawn afresh from what the server sends back.
      drawn: Date.now(),
      share,
    },
    { headers },
  );
}

/**
 * The site's facts the page's words name in braces ("{legalName}"), each with what visitors read in its
 * place: the form shows "{name}", which an owner would otherwise take for a mistake.
 */
function factsNamedIn(copy: Loose): { token: string; value: string }[] {
  const tokens = new Set(JSON.stringify(copy).match(/\{\w{1,40}\}/g));
  if (tokens.size === 0) return [];
  const facts = getSiteFacts();
  return [...tokens].flatMap((token) => {
    const value = withFacts(token, facts);
    return value === token ? [] : [{ token, value }];
  });
}

type Issue = { path: string; message: string };

/**
 * The form drawn again with what was typed, and what to fix (each beside its field, all on top); after a
 * list's button, where the keyboard goes back to.
 */
const again = (values: Loose, issues: Issue[], status: number, after: ListFocus | null = null) =>
  data({ values, issues, drawn: Date.now(), after }, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffOf(context);
  const { page, kind } = pageOf(params["*"]);
  const form = await readFormBody(request, FORM_LIMIT_BYTES.page);
  const intent = String(form.get("intent") ?? "save");
  const editing = `/admin/pages/edit/${page.key}`;
  if (intent === "discard-autosave") {
    discardAutosave(user.id, "page", page.key);
    return redirect(editing);
  }
  const spec = pageFormSpec(kind);
  const read = readCopyForm(spec, form.entries());
  const stored = (page.draft ?? page.published) as Loose;
  // A form no page of ours sends: said, and the page's stored words drawn again.
  if (!read.ok)
    return again(stored, [{ path: "", message: `The form could not be read: it has ${read.problem}.` }], 400);
  if (read.unknown.length)
    return again(
      read.copy,
      [{ path: "", message: `This page has no field ${read.unknown.slice(0, 3).join(", ")}.` }],
      400,
    );
  const listIntent = listIntentOf(intent);
  if (listIntent) {
    const changed = applyListIntent(spec, read.copy, listIntent);
    return again(changed, [], 200, focusAfter(spec, read.copy, changed, listIntent));
  }
  if (intent !== "save" && intent !== "publish" && intent !== "preview")
    return again(read.copy, [{ path: "", message: "Unknown action." }], 400);
  const actor = { id: user.id, role: user.role };
  try {
    savePageDraft(page.key, read.copy, actor);
  } catch (error) {
    if (error instanceof PageCopyInvalid) return again(read.copy, error.issues, 400);
    if (error instanceof ForbiddenError) return again(read.copy, [{ path: "", message: error.message }], 403);
    throw error;
  }
  // The saved draft supersedes the unsaved work kept for it.
  discardAutosave(user.id, "page", page.key);
  // What was just typed, as the real page: saved as the draft first, then opened where visitors read it
  // (a whole document: the public pages are not the admin's app).
  if (intent === "preview") return redirectDocument(previewAddress(page.key));
  // Publish with the checks' problems open: the words are saved as the draft, and the form asks once
  // whether to publish them as they are (its Publish then carries the answer).
  const asking =
    intent === "publish" &&
    !publishesAsItIs(form) &&
    checkPageCopy(spec, read.copy, { pageExists: pageChecker() }).length > 0;
  if (asking) return redirect(`${editing}?saved=draft&ask=draft`);
  if (intent === "publish") {
    try {
      publishPage(page.key, actor);
    } catch (error) {
      if (error instanceof ForbiddenError)
        return again(
          read.copy,
          [{ path: "", message: `${error.message} Your changes are saved as a draft.` }],
          403,
        );
      throw error;
    }
  }
  return redirect(`${editing}?saved=${intent === "publish" ? "published" : "draft"}`);
}

const when = (at: Date | string) => momentInDublin(at);

export default function AdminPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { key, title, spec, publishRefusal, saved, publishAsk } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(formRef, "page", key);
  const { markSaved } = autosave;
  useEffect(() => {
    if (saved) markSaved();
  }, [saved, loaderData.drawn, markSaved]);
  useFocusOnPublish(formRef, publishAsk, loaderData.drawn);
  useSavedToast(
    // The ask says it was saved, in the form.
    publishAsk ? null : saved,
    saved === "published" ? "Published" : "Draft saved",
    "",
    saved === "published"
      ? "Visitors see the new words now."
      : "Visitors see the published words until you publish.",
  );
  // What the server sent back last: after a save refused or a list's button, what was typed; else the page.
  const shown = actionData;
  const values = shown?.values ?? loaderData.values;
  const issues = shown?.issues ?? [];
  const errors: FieldErrors = {};
  for (const issue of issues) if (issue.path) (errors[issue.path] ??= []).push(issue.message);
  const whole = issues.filter((issue) => !issue.path);
  const fieldIssues = issues.filter((issue) => issue.path);
  const draftWaiting = loaderData.draftSavedAt !== null;
  const problems = usePageChecks(formRef, spec, values, loaderData.brokenLinks);
  // A save refused: the list of what to fix is where the eyes go (the form keeps its place otherwise).
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown?.issues.length) summary.current?.focus();
  }, [shown]);
  // After a list's button the fields are drawn anew: the keyboard goes back where the person was.
  useEffect(() => {
    const target = shown?.after && document.getElementById(shown.after.focus);
    if (!target) return;
    const control = target.matches("input, textarea, button, select")
      ? target
      : target.querySelector<HTMLElement>("input, textarea, select, [contenteditable=true]");
    control?.focus();
  }, [shown]);

  return (
    // preventScrollReset: a list's button (add a card in the fourth section) keeps the form where it was.
    <>
      <Form method="post" ref={formRef} noValidate preventScrollReset aria-labelledby="editor-heading">
        <EditorBar
          back={{ to: "/admin/pages", label: "All pages" }}
          heading={title}
          note={<PageAutosaveNote state={autosave.state} className="hidden lg:block" />}
        >
          {/* The page's one set of buttons: here, held at the top, from a laptop's width… */}
          <div className="hidden gap-2 lg:flex">
            <PageActions refusal={publishRefusal} />
          </div>
        </EditorBar>
        <p role="status" className="sr-only">
          {shown?.after?.said}
        </p>

        <div className="mt-6 grid gap-3">
          <p className="text-sm text-muted">
            {new Date(loaderData.publishedAt).getTime() > 0
              ? `Published ${when(loaderData.publishedAt)}`
              : "Published: the site's first words"}
            {draftWaiting && loaderData.draftSavedAt && (
              <>
                {" · "}
                <strong className="font-semibold text-fg">Draft waiting</strong>, saved{" "}
                {when(loaderData.draftSavedAt)}: visitors see the published words until you publish it
              </>
            )}
            {loaderData.hidden && (
              <>
                {" · Hidden from visitors: "}
                <Link to="/admin/pages/services" className="underline hover:text-fg">
                  show it on the Services screen
                </Link>
              </>
            )}
            {loaderData.path && !loaderData.hidden && (
              <>
                {" · "}
                <a href={loaderData.path} className="underline hover:text-fg">
                  View on the site
                </a>
              </>
            )}
            {" · "}
            <Link to={`/admin/pages/revisions/${key}`} className="underline hover:text-fg">
              Revisions
            </Link>
          </p>
          {loaderData.facts.length > 0 && (
            <p className="text-sm text-muted">
              Words in braces are the site&apos;s facts, filled in from{" "}
              <Link to="/admin/settings" className="underline hover:text-fg">
                Site settings
              </Link>{" "}
              wherever the page shows them:{" "}
              {loaderData.facts.map(({ token, value }, index) => (
                <span key={token}>
                  {index > 0 && ", "}
                  <code className="font-mono text-fg">{token}</code> reads “{value}”
                </span>
              ))}
              .
            </p>
          )}
          {loaderData.path && (
            <details className="rounded-xl border border-border px-4 py-3">
              <summary className="cursor-pointer text-sm font-semibold">
                Share a preview with someone without an account
              </summary>
              <div className="mt-3">
                <SharePreview kind="page" target={key} start={loaderData.share} />
              </div>
            </details>
          )}
          {publishRefusal && (
            <p id="publish-refusal" role="note" className="rounded-xl border border-border px-4 py-3 text-sm">
              {publishRefusal} Save your changes as a draft and the owner can publish them.
            </p>
          )}
          {publishAsk && !shown && (
            <PublishAskNotice ask={publishAsk} problems={problems.length} noun="page" button="Publish" />
          )}
          {saved && !shown && !publishAsk && (
            <p
              role="status"
              className="no-js-only rounded-xl border border-secondary px-4 py-3 text-sm text-secondary"
            >
              {saved === "published" ? "Published: visitors see the new words now." : "Draft saved."}
            </p>
          )}
          {loaderData.unsaved && !shown && (
            <UnsavedWorkBanner
              at={loaderData.unsaved.at}
              title=""
              restoreTo="?restore"
              what="page"
              isNew={false}
            />
          )}
          {loaderData.restored && !shown && (
            <p role="status" className="rounded-xl border border-secondary px-4 py-3 text-sm text-secondary">
              Your unsaved changes are back in the form. Save a draft to keep them.
            </p>
          )}
          {whole.length > 0 && (
            <div
              ref={fieldIssues.length ? undefined : summary}
              tabIndex={-1}
              className="grid gap-3 outline-none"
            >
              {whole.map((issue) => (
                <FormError key={issue.message}>{issue.message}</FormError>
              ))}
            </div>
          )}
          {fieldIssues.length > 0 && (
            <div
              ref={summary}
              tabIndex={-1}
              role="alert"
              className="scroll-mt-24 rounded-xl border border-destructive px-4 py-3 text-sm outline-none"
            >
              <p className="font-semibold text-destructive">
                {fieldIssues.length === 1 ? "One thing to fix" : `${fieldIssues.length} things to fix`} before
                saving:
              </p>
              <ul className="mt-1 grid gap-0.5">
                {fieldIssues.map((issue) => (
                  <li key={`${issue.path}:${issue.message}`}>
                    <a href={`#${fieldId(issue.path)}`} className="text-destructive underline">
                      {labelOf(spec, issue.path)}
                    </a>
                    : {issue.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>

        {/* Drawn afresh whenever the server sends the fields back (a list's button, a save refused). */}
        <div className="mt-6 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div key={shown?.drawn ?? loaderData.drawn} className="grid min-w-0 grid-cols-1 gap-6">
            <PageFields spec={spec} values={values} errors={errors} />
          </div>
          {/* A long page (a service's six sections) is easier to find one's way in with its parts beside it. */}
          <div className="grid min-w-0 gap-6 lg:sticky lg:top-24">
            <PageChecks problems={problems} />
            <nav aria-label="Parts of the page" className="hidden lg:block">
              <p className="text-sm font-semibold">On this page</p>
              <ul className="mt-2 grid gap-0.5 border-l border-border text-sm">
                {partsOf(spec).map((part) => (
                  <li key={part.id}>
                    <a
                      href={`#${part.id}`}
                      className="-ml-px block border-l border-transparent py-1 pl-3 text-muted hover:border-primary hover:text-fg"
                    >
                      {part.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>

        {/* …and on a phone or tablet, held at the bottom of the screen while the form is in view. */}
        <div className="sticky bottom-0 z-20 -mx-4 mt-8 border-t border-border bg-bg/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8 lg:hidden">
          <PageAutosaveNote state={autosave.state} className="mb-2 empty:hidden" />
          <div className="flex flex-wrap items-center gap-2">
            <PageActions refusal={publishRefusal} />
          </div>
        </div>
        <LeaveDialog blocker={autosave.blocker}>
          Your changes are not saved to the page. A copy is kept, and the form offers it back next time.
        </LeaveDialog>
      </Form>
      <SharePreviewForm />
    </>
  );
}

/**
 * Save draft, Preview, Publish: in that order (as WordPress has them), so Enter in a box saves a draft,
 * the form's first button.
 */
function PageActions({ refusal }: { refusal: string | null }) {
  return (
    <>
      <SubmitButton
        name="intent"
        value="save"
        label="Save draft"
        pendingLabel="Saving…"
        variant="outline"
        compact
      />
      <SubmitButton
        name="intent"
        value="preview"
        label="Preview"
        pendingLabel="Saving…"
        variant="outline"
        compact
      />
      <PublishButton refusal={refusal} />
    </>
  );
}

/** "Publish", or (an editor on a legal page) the same button, greyed, saying why beside it. */
function PublishButton({ refusal }: { refusal: string | null }) {
  if (!refusal)
    return <SubmitButton name="intent" value="publish" label="Publish" pendingLabel="Publishing…" compact />;
  return (
    <button
      type="button"
      disabled
      title={refusal}
      aria-describedby="publish-refusal"
      className="min-h-10 rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg disabled:opacity-60"
    >
      Publish
    </button>
  );
}

/** "Sections › Section 3 › Cards › Card 1 › Title": where a problem is, in the form's own words. */
function labelOf(spec: ReturnType<typeof pageFormSpec>, path: string): string {
  const words: string[] = [];
  let here: FieldSpec = spec;
  for (const part of path.split(".")) {
    if (here.type === "object") {
      const next: FieldSpec | undefined = here.fields.find((field) => field.key === part);
      if (!next) break;
      here = next;
      words.push(next.label);
    } else if (here.type === "list" && /^\d+$/.test(part)) {
      // "Steps › Step 2" says it twice: the item's name alone.
      words.splice(-1, 1, `${here.itemLabel} ${Number(part) + 1}`);
      here = here.item;
    } else break;
  }
  return words.join(" › ") || path;
}
