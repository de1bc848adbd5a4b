import type { ReactNode } from "react";
import { Link } from "react-router";

import { momentInDublin } from "~/platform/text/dates";

import type { ChangedField } from "../revision-changes";
import { ConfirmRestore, pill, RestoreChanges, revisionColumns, RevisionList } from "./revision-parts";

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
        <div className={revisionColumns}>
          <RevisionList
            label="Revisions"
            shownId={shown?.id}
            items={revisions.map((revision, index) => ({
              id: revision.id,
              moment: when.format(new Date(revision.createdAt)),
              lines: [revision.title, byline(revision.author, index === revisions.length - 1)].filter(
                Boolean,
              ),
            }))}
          />
          {shown && (
            <section
              aria-label="The chosen revision"
              className="min-w-0 overflow-hidden rounded-3xl border border-border pb-12"
            >
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-card px-5 py-3">
                <p className="text-sm">
                  Saved <strong>{when.format(new Date(shown.createdAt))}</strong>{" "}
                  {byline(author ?? null, revisions.at(-1)?.id === shown.id)}
                </p>
                {!confirming && (
                  <Link to={`?revision=${shown.id}&confirm`} className={`${pill} bg-primary text-primary-fg`}>
                    Restore this version…
                  </Link>
                )}
              </div>
              {confirming && (
                <ConfirmRestore
                  shownId={shown.id}
                  question="Put this version back?"
                  yes="Yes, restore this version"
                >
                  The {what}&rsquo;s words, images and tags become the ones below; its address and status stay
                  as they are. What is there now is kept as a revision too.
                </ConfirmRestore>
              )}
              <RestoreChanges
                changes={changes}
                nothing="Nothing: this version is what is there now."
                className="border-b border-border"
              />
              {children}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Who saved a revision: their name; for the oldest without one, the version kept from before the first
 * edit here (seeded or moved in: nobody here wrote it); else nothing (an account since removed).
 */
function byline(author: string | null | undefined, oldest: boolean): string {
  if (author) return `by ${author}`;
  return oldest ? "as it was before its first edit here" : "";
}
