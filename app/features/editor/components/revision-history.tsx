import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { momentInDublin } from "~/platform/text/dates";

import type { ChangedField } from "../revision-changes";
import { ChangedWords } from "./changed-words";

/** The admin's one way of writing a moment. */
const when = { format: (at: Date) => momentInDublin(at) };

export type RevisionListItem = { id: string; createdAt: Date | string; title: string; author: string | null };

/**
 * The revisions screen of a post or a case study: every saved version, newest first, beside the
 * chosen one as readers would see it (`children`), with a button that puts it back.
 */
export function RevisionHistory({
  title,
  editLink,
  what,
  revisions,
  shown,
  changes,
  confirming,
  children,
}: {
  title: string;
  editLink: string;
  /** "post", "case study". */
  what: string;
  revisions: RevisionListItem[];
  shown: { id: string; createdAt: Date | string } | null;
  /** What restoring the shown revision would change, from now to then. */
  changes: ChangedField[];
  /** Restore was pressed: ask before replacing what is live. */
  confirming: boolean;
  children?: ReactNode;
}) {
  const author = revisions.find((revision) => revision.id === shown?.id)?.author;
  return (
    <div>
      <Link to={editLink} className="text-sm font-semibold text-muted hover:text-fg">
        ← Back to the editor
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Revisions</h1>
      <p className="mt-1 text-muted">{title}</p>
      {revisions.length === 0 ? (
        <p className="mt-8 text-muted">No revisions yet: every save of a published {what} keeps one here.</p>
      ) : (
        // One column no wider than the screen on a phone, and columns that never grow past their track:
        // a long title in the list (its line kept whole to be cut short) pushed the list under the
        // chosen revision at 1280 and the page off the screen at 390.
        <div className="mt-8 grid grid-cols-1 items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label="Revisions" className="min-w-0">
            <ol className="grid grid-cols-1 gap-2">
              {revisions.map((revision, index) => (
                <li key={revision.id}>
                  <Link
                    to={`?revision=${revision.id}`}
                    aria-current={revision.id === shown?.id ? "true" : undefined}
                    className={`block rounded-xl border px-4 py-3 text-sm ${
                      revision.id === shown?.id
                        ? "border-primary bg-card"
                        : "border-border hover:border-primary"
                    }`}
                  >
                    <span className="font-semibold">{when.format(new Date(revision.createdAt))}</span>
                    {index === 0 && <span className="ml-2 text-xs text-secondary">Latest</span>}
                    <span className="block truncate text-muted">{revision.title}</span>
                    {revision.author && (
                      <span className="block truncate text-muted">by {revision.author}</span>
                    )}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          {shown && (
            <section
              aria-label="The chosen revision"
              className="min-w-0 overflow-hidden rounded-3xl border border-border pb-12"
            >
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-card px-5 py-3">
                <p className="text-sm">
                  Saved <strong>{when.format(new Date(shown.createdAt))}</strong>
                  {author && <> by {author}</>}
                </p>
                {!confirming && (
                  <Link
                    to={`?revision=${shown.id}&confirm`}
                    className="inline-flex min-h-10 items-center rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg"
                  >
                    Restore this version…
                  </Link>
                )}
              </div>
              {confirming && (
                <div
                  role="alertdialog"
                  aria-labelledby="confirm-restore"
                  className="border-b border-border px-5 py-4"
                >
                  <p id="confirm-restore" className="font-semibold">
                    Put this version back?
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    The {what}&rsquo;s words, images and tags become the ones below; its address and status
                    stay as they are. What is there now is kept as a revision too.
                  </p>
                  <Form method="post" className="mt-3 flex flex-wrap gap-2">
                    <input type="hidden" name="revisionId" value={shown.id} />
                    <button
                      type="submit"
                      className="min-h-10 rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg"
                    >
                      Yes, restore this version
                    </button>
                    <Link
                      to={`?revision=${shown.id}`}
                      className="inline-flex min-h-10 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary"
                    >
                      Cancel
                    </Link>
                  </Form>
                </div>
              )}
              <section aria-labelledby="changes-heading" className="border-b border-border px-5 py-4">
                <h2 id="changes-heading" className="font-semibold">
                  What restoring changes
                </h2>
                {changes.length === 0 ? (
                  <p className="mt-1 text-sm text-muted">Nothing: this version is what is there now.</p>
                ) : (
                  <dl className="mt-2 grid gap-3 text-sm">
                    {changes.map((change) => (
                      <div key={change.label}>
                        <dt className="font-medium">{change.label}</dt>
                        <dd className="mt-0.5 max-h-48 overflow-y-auto break-words whitespace-pre-line text-muted">
                          <ChangedWords parts={change.parts} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </section>
              {children}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
