import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";

import { ARCHIVE_LEAVES_OUT, archiveContentWords } from "~/features/imports/archive/archive-words";
import {
  ChoiceError,
  type ListedChoices,
  listedChoices,
  sentByForm,
} from "~/features/imports/import-choices";
import { ImportChoicesFields } from "~/features/imports/import-choices-fields";
import { type HeldPost, type ImportReport, importReport } from "~/features/imports/import-report";
import {
  discardImport,
  getImport,
  heldPostsOf,
  listImports,
  previewUpload,
  retryImport,
  startImport,
} from "~/features/imports/imports.server";
import { staffOf } from "~/features/staff/index.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { ConflictError, NotFoundError, UploadError } from "~/platform/http/errors.server";
import { pageMeta } from "~/platform/pages/seo";
import { momentInDublin } from "~/platform/text/dates";
import { buttonClass } from "~/ui/button-link";
import { inputClass } from "~/ui/forms/field";

import { retryOutcomeWords, retryRunningWords } from "../retry-words";
import type { Route } from "./+types/admin-import";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: "Import and export", noindex: true }),
  // Without JavaScript the page looks again every few seconds while an import runs.
  ...(loaderData?.shown?.status === "running" ? [{ httpEquiv: "refresh", content: "5" } as const] : []),
];

/** /admin/import (owner): bring a WordPress site here; ?id= shows one import (its preview or progress). */
export function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id");
  const row = id ? getImport(id) : undefined;
  return {
    shown: row ? importReport(row) : null,
    // What the preview offers to choose: where old addresses go, what tags become (the tags listed one by
    // one and how many there are: thousands more would only weigh on the page).
    choices: row?.status === "previewed" ? listedChoices(row.choices) : null,
    held: row ? heldPostsOf(row.id) : [],
    earlier: listImports(10)
      .filter((other) => other.id !== id && other.status !== "previewed")
      .map(importReport),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    let row;
    try {
      row = await previewUpload(request, staffOf(context).id);
      if (!row) return data({ error: "Choose the export file first" }, { status: 400 });
    } catch (error) {
      if (error instanceof UploadError) return data({ error: error.message }, { status: error.status });
      if (error instanceof Response)
        return data({ error: (await error.json()).error as string }, { status: error.status });
      throw error;
    }
    throw redirect(`/admin/import?id=${row.id}`);
  }
  const form = await readFormBody(request, FORM_LIMIT_BYTES.importChoices);
  const id = String(form.get("id") ?? "");
  if (form.get("intent") === "discard") {
    await discardImport(id);
    throw redirect("/admin/import");
  }
  if (!getImport(id))
    return data({ error: "That import is no longer here: upload the export again" }, { status: 404 });
  if (form.get("intent") === "retry") {
    try {
      retryImport(id);
    } catch (error) {
      if (error instanceof ConflictError) return data({ error: error.message }, { status: 409 });
      if (error instanceof NotFoundError) return data({ error: error.message }, { status: 404 });
      throw error;
    }
  } else {
    try {
      startImport(id, { keepDrafts: form.get("keepDrafts") === "1", choices: sentByForm(form) });
    } catch (error) {
      if (error instanceof ChoiceError) return data({ error: error.message }, { status: 400 });
      throw error;
    }
  }
  throw redirect(`/admin/import?id=${id}`);
}

const plural = (n: number | undefined, one: string, many = `${one}s`) =>
  `${n ?? 0} ${(n ?? 0) === 1 ? one : many}`;

export default function AdminImport({
  loaderData: { shown, choices, held, earlier },
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">Import and export</h1>
      <p className="mt-2 text-muted">
        Bring a WordPress or Ghost site here: its posts with their images, tags, search titles and
        descriptions, and a redirect from every old address, so links and search results keep working.
      </p>

      {actionData?.error && (
        <p role="alert" className="mt-6 rounded-xl border border-destructive px-4 py-3 text-destructive">
          {actionData.error}
        </p>
      )}

      {shown ? (
        <ImportShown report={shown} choices={choices} held={held} busy={busy} />
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-8 grid gap-4 rounded-2xl border border-border bg-card p-6"
        >
          <h2 className="text-xl font-semibold">Upload the export</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
            <li>
              In WordPress, open Tools → Export, choose “All content” and download the file. In Ghost, open
              Settings → Advanced → Import/Export and export your content.
            </li>
            <li>Choose that file here. Nothing changes until you have seen what will come across.</li>
          </ol>
          <label className="grid gap-1 text-sm font-medium">
            Export file (.xml from WordPress, .json from Ghost, .zip from this admin)
            <input
              name="file"
              type="file"
              accept=".xml,.json,.zip,text/xml,application/xml,application/json,application/zip"
              required
              className="block w-full rounded-xl border border-dashed border-border p-3 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-primary/10 file:px-4 file:py-2 file:font-semibold file:text-primary"
            />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            <span>
              Old site's address <span className="font-normal text-muted">(for a Ghost export)</span>
            </span>
            <input
              name="site"
              type="url"
              inputMode="url"
              placeholder="https://blog.example.ie"
              className={inputClass}
            />
            <span className="text-xs font-normal text-muted">
              Ghost leaves its address out of the export: its images are fetched from there and its old
              addresses redirected. A WordPress export names its own.
            </span>
          </label>
          <button type="submit" className={`${buttonClass()} justify-self-start`} disabled={busy}>
            {busy ? "Reading the export…" : "Read the export"}
          </button>
        </Form>
      )}

      <section
        className="mt-10 grid gap-3 rounded-2xl border border-border bg-card p-6"
        aria-labelledby="export-heading"
      >
        <h2 id="export-heading" className="text-xl font-semibold">
          Export the whole site
        </h2>
        <p className="text-sm text-muted">
          One .zip with every post, case study, person, price, setting, redirect and uploaded file: a copy to
          keep, or to move the site. Importing it here (above) puts it all back.
        </p>
        <form method="post" action="/api/export" className="grid gap-3">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="personal" value="1" className="mt-0.5 size-4" />
            <span>
              Include personal data: enquiries and newsletter subscribers.{" "}
              <span className="text-muted">
                Keep such a file as safely as the site itself; the download is logged.
              </span>
            </span>
          </label>
          <button type="submit" className={`${buttonClass("outline")} justify-self-start`}>
            Download the site (.zip)
          </button>
        </form>
      </section>

      {earlier.length > 0 && (
        <section className="mt-10">
          <h2 className="text-xl font-semibold">Earlier imports</h2>
          <ul className="mt-3 divide-y divide-border rounded-2xl border border-border">
            {earlier.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
              >
                <Link to={`?id=${row.id}`} className="font-semibold text-primary hover:underline">
                  {row.site}
                </Link>
                <span className="text-muted">
                  {statusWords(row)} · {momentInDublin(row.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** What could not be fetched, for the headline: "79 images could not be fetched". */
function missingWords(counts: ImportReport["counts"]) {
  const missing = [
    counts.imagesFailed ? plural(counts.imagesFailed, "image") : "",
    counts.mediaFailed ? plural(counts.mediaFailed, "other file") : "",
  ].filter(Boolean);
  return missing.length ? `${missing.join(" and ")} could not be fetched` : "";
}

function statusWords(row: ImportReport) {
  const missing = missingWords(row.counts);
  if (row.status === "done")
    return `Done: ${plural(row.counts.posts, "post")} added${missing ? ` — ${missing}` : ""}`;
  if (row.status === "failed") return "Stopped by an error";
  if (row.status === "running") return retryRunningWords(row.counts) ?? "Running";
  return "Not started";
}

function ImportShown({
  report,
  choices,
  held,
  busy,
}: {
  report: ImportReport;
  choices: ListedChoices | null;
  held: HeldPost[];
  busy: boolean;
}) {
  const revalidator = useRevalidator();
  const running = report.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const { plan, counts } = report;
  const handled = (counts.posts ?? 0) + (counts.postsAlreadyHere ?? 0);
  const done = report.status === "done" ? (plan.posts ?? 0) : Math.min(handled, plan.posts ?? 0);
  return (
    <section
      className="mt-8 grid gap-5 rounded-2xl border border-border bg-card p-6"
      aria-labelledby="import-heading"
    >
      <div>
        <h2 id="import-heading" className="text-xl font-semibold">
          {report.status === "previewed" ? "What will come across" : statusWords(report)}
        </h2>
        <p className="mt-1 text-sm text-muted">
          From {report.site} ({report.fileName})
        </p>
      </div>
      {report.source === "archive" ? (
        <div className="grid gap-2 text-sm">
          <ul className="grid gap-1 sm:grid-cols-2">
            {archiveContentWords(plan).map((words) => (
              <li key={words}>{words}</li>
            ))}
          </ul>
          <p className="text-muted">{ARCHIVE_LEAVES_OUT}</p>
        </div>
      ) : report.status === "previewed" ? (
        <ul className="grid gap-1 text-sm">
          <li>
            {plural(plan.posts, "post")}: {plan.published ?? 0} published, {plan.drafts ?? 0} drafts,{" "}
            {plan.scheduled ?? 0} scheduled
          </li>
          <li>{plural(plan.images, "image")} to fetch from the old site</li>
          {(plan.files ?? 0) > 0 && (
            <li>
              {plural(plan.files ?? 0, "other file")} (PDFs, recordings, videos) to fetch from the old site
            </li>
          )}
          <li>{plural(plan.tags, "tag")} (its categories and tags)</li>
          <li>
            {plural(plan.pages, "page")}: redirected to the page here that does the same, where there is one
          </li>
          <li>
            {plural(plan.redirects, "redirect")} from the old addresses (fewer if you choose “none” for some
            below)
          </li>
        </ul>
      ) : null}

      {report.status !== "previewed" && (
        <div className="grid gap-2">
          <div
            role="progressbar"
            aria-label="Posts imported"
            aria-valuemin={0}
            aria-valuemax={plan.posts ?? 0}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-border"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${(100 * done) / Math.max(plan.posts ?? 0, 1)}%` }}
            />
          </div>
          <p role="status" className="text-sm">
            {plural(counts.posts, "post")} added
            {counts.postsAlreadyHere
              ? `, ${counts.postsAlreadyHere} already here from an earlier import`
              : ""}{" "}
            · {plural(counts.imagesFetched, "image")} fetched
            {counts.imagesAlreadyHere ? `, ${counts.imagesAlreadyHere} already here` : ""}
            {counts.imagesFailed ? ` · ${counts.imagesFailed} could not be fetched` : ""}
            {counts.mediaFetched || counts.mediaFailed
              ? ` · ${plural(counts.mediaFetched ?? 0, "other file")} fetched${counts.mediaFailed ? `, ${counts.mediaFailed} could not be` : ""}`
              : ""}
            {counts.postsKeptAsDrafts
              ? ` · ${plural(counts.postsKeptAsDrafts, "post")} kept as ${counts.postsKeptAsDrafts === 1 ? "a draft" : "drafts"}`
              : ""}
            {report.status === "done" ? ` · ${plural(counts.redirects, "redirect")} added` : ""}
          </p>
          {report.status === "done" && (
            <p className="text-sm">
              <Link to="/admin/posts" className="font-semibold text-primary hover:underline">
                See the posts
              </Link>{" "}
              ·{" "}
              <Link to="/admin/redirects" className="font-semibold text-primary hover:underline">
                See the redirects
              </Link>
            </p>
          )}
          {report.status === "failed" && <p className="text-sm text-destructive">{report.error}</p>}
          {report.status === "done" && retryOutcomeWords(counts, report.finishedAt) && (
            <p className="text-sm font-medium">{retryOutcomeWords(counts, report.finishedAt)}</p>
          )}
          {report.status === "done" && <HeldPosts held={held} />}
          {report.status === "done" && (counts.imagesFailed ?? 0) + (counts.mediaFailed ?? 0) > 0 && (
            <Form method="post" className="mt-2 grid gap-2 rounded-xl border border-border p-4">
              <p className="text-sm">
                {counts.postsKeptAsDrafts
                  ? "The posts that miss a file are drafts, each file linked to the old site meanwhile; each goes live by itself once its files are here, unless someone changes it first. "
                  : "Each missing file is linked to the old site meanwhile. "}
                Once the old site answers again, fetch them: nothing else is imported twice.
              </p>
              <input type="hidden" name="id" value={report.id} />
              <button
                type="submit"
                name="intent"
                value="retry"
                className={`${buttonClass()} justify-self-start`}
                disabled={busy}
              >
                Fetch the missing images again
              </button>
            </Form>
          )}
        </div>
      )}

      {report.problems.length > 0 && (
        <details className="text-sm" open={report.status === "previewed"}>
          <summary className="cursor-pointer font-semibold">
            {report.status === "previewed" ? "What will not come across as it was" : "Worth a look"} (
            {report.problems.length})
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
            {report.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </details>
      )}

      {report.status === "previewed" && (
        <Form method="post" className="grid min-w-0 gap-4">
          <input type="hidden" name="id" value={report.id} />
          {choices && <ImportChoicesFields choices={choices} />}
          {report.source !== "archive" && (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="keepDrafts" value="1" defaultChecked className="mt-0.5 size-4" />
              <span>
                Keep a post as a draft when its images cannot be fetched{" "}
                <span className="text-muted">
                  (or a PDF, recording or video it links to; it goes live by itself once they are fetched)
                </span>
              </span>
            </label>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" name="intent" value="start" className={buttonClass()} disabled={busy}>
              Import now
            </button>
            {/* The same form: "discard" is read before any choice, so a half-made choice cannot block it. */}
            <button
              type="submit"
              name="intent"
              value="discard"
              formNoValidate
              className={buttonClass("outline")}
              disabled={busy}
            >
              Cancel
            </button>
          </div>
        </Form>
      )}
      {report.status !== "previewed" && !running && (
        <Link to="/admin/import" className="text-sm font-semibold text-primary hover:underline">
          Import another export
        </Link>
      )}
    </section>
  );
}

/** What became of the posts kept as drafts for their missing files: live again, or drafts to publish by hand. */
function HeldPosts({ held }: { held: HeldPost[] }) {
  const live = held.filter((post) => post.outcome === "published" || post.outcome === "scheduled");
  const kept = held.filter((post) => post.outcome === "kept");
  if (!live.length && !kept.length) return null;
  return (
    <div className="grid gap-2 text-sm">
      {live.length > 0 && (
        <p>
          {plural(live.length, "post")} went live as on the old site, now that{" "}
          {live.length === 1 ? "its" : "their"} files are here.
        </p>
      )}
      {kept.length > 0 && (
        <div className="rounded-xl border border-border p-4">
          <p>
            {kept.length === 1 ? "This post stays a draft" : `These ${kept.length} posts stay drafts`}:{" "}
            {kept.length === 1 ? "it was" : "they were"} changed since the import, so publish{" "}
            {kept.length === 1 ? "it" : "them"} yourself when ready.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {kept.map((post) => (
              <li key={post.id} className="[overflow-wrap:anywhere]">
                <Link to={post.editPath} className="font-semibold text-primary hover:underline">
                  {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
