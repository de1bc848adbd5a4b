import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import type { ChangedField } from "../revision-changes";
import { ChangedWords } from "./changed-words";

/** The revisions screens' buttons and links shaped as buttons. */
export const pill =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The two columns of a revisions screen: the list, then the chosen version. One column no wider than
 * the screen on a phone, and columns that never grow past their track: a long title in the list (its
 * line kept whole to be cut short) pushed the list under the chosen version at 1280 and the page off
 * the screen at 390.
 */
export const revisionColumns = "mt-8 grid grid-cols-1 items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]";

/** The versions, newest first, each a link that shows it; the one shown is marked. */
export function RevisionList({
  label,
  items,
  shownId,
}: {
  label: string;
  /** Each version: when it was made, then its lines (a title, who made it). */
  items: { id: string; moment: string; lines: string[] }[];
  shownId: string | undefined;
}) {
  return (
    <nav aria-label={label} className="min-w-0">
      <ol className="grid grid-cols-1 gap-2">
        {items.map((item, index) => (
          <li key={item.id}>
            <Link
              to={`?revision=${item.id}`}
              aria-current={item.id === shownId ? "true" : undefined}
              className={`block rounded-xl border px-4 py-3 text-sm ${
                item.id === shownId ? "border-primary bg-card" : "border-border hover:border-primary"
              }`}
            >
              <span className="font-semibold">{item.moment}</span>
              {index === 0 && <span className="ml-2 text-xs text-secondary">Latest</span>}
              {item.lines.map((line) => (
                <span key={line} className="block truncate text-muted">
                  {line}
                </span>
              ))}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The question asked before a version is put back: a plain form, and a way out. */
export function ConfirmRestore({
  shownId,
  question,
  yes,
  children,
}: {
  shownId: string;
  question: string;
  yes: string;
  /** What restoring does and keeps, in a sentence or two. */
  children: ReactNode;
}) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-restore" className="border-b border-border px-5 py-4">
      <p id="confirm-restore" className="font-semibold">
        {question}
      </p>
      <p className="mt-1 text-sm text-muted">{children}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="revisionId" value={shownId} />
        <button type="submit" className={`${pill} bg-primary text-primary-fg`}>
          {yes}
        </button>
        <Link to={`?revision=${shownId}`} className={`${pill} border border-border hover:border-primary`}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}

/** What restoring the chosen version would change, field by field, from now to then. */
export function RestoreChanges({
  changes,
  nothing,
  intro,
  className = "",
}: {
  changes: ChangedField[];
  /** Said when restoring would change nothing. */
  nothing: string;
  /** How to read the marks, when said. */
  intro?: string;
  className?: string;
}) {
  return (
    <section aria-labelledby="changes-heading" className={`px-5 py-4 ${className}`}>
      <h2 id="changes-heading" className="font-semibold">
        What restoring changes
      </h2>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      {changes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{nothing}</p>
      ) : (
        <dl className="mt-3 grid gap-4 text-sm">
          {changes.map((change) => (
            <div key={change.label} className="min-w-0">
              <dt className="font-medium">{change.label}</dt>
              <dd className="mt-0.5 max-h-48 overflow-y-auto break-words whitespace-pre-line text-muted">
                <ChangedWords parts={change.parts} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
