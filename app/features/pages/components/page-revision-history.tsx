import { Link } from "react-router";

import {
  type ChangedField,
  ConfirmRestore,
  pill,
  RestoreChanges,
  revisionColumns,
  RevisionList,
} from "~/features/editor";
import { momentInDublin } from "~/platform/text/dates";
import { FormError } from "~/ui/forms/form-error";

/** The admin's one way of writing a moment: "Sat 28 Nov, 09:56" (the year only when it is another). */
const at = (moment: Date | string) => momentInDublin(moment);

export type PageRevisionItem = { id: string; publishedAt: Date | string; publishedBy: string | null };

/**
 * A page's earlier published versions, newest first, beside what restoring the chosen one would change
 * in today's words; restoring makes it the page's draft (asked first, a plain form), never what
 * visitors read until someone publishes it.
 */
export function PageRevisionHistory({
  page,
  revisions,
  shown,
  changes,
  confirming,
  restored,
  error,
}: {
  page: { key: string; title: string; draftSavedAt: Date | string | null };
  revisions: PageRevisionItem[];
  shown: PageRevisionItem | null;
  /** What restoring the shown version would change, from the published words to its. */
  changes: ChangedField[];
  confirming: boolean;
  /** The shown version has just been restored as the draft. */
  restored: boolean;
  error?: string;
}) {
  return (
    <div>
      <Link to={`/admin/pages/edit/${page.key}`} className="text-sm font-semibold text-muted hover:text-fg">
        ← Back to the form
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Earlier versions</h1>
      <p className="mt-1 text-muted">{page.title}</p>
      {restored && (
        <div role="status" className="mt-6 rounded-xl border border-secondary px-4 py-3 text-sm">
          <p className="font-semibold">Restored as the page’s draft.</p>
          <p className="mt-1 text-muted">
            Visitors still read the published words. Preview the draft, then publish it from the form.
          </p>
          <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1 font-semibold">
            <a href={`/admin/pages/preview/${page.key}`} className="underline underline-offset-4">
              Preview the draft
            </a>
            <Link to={`/admin/pages/edit/${page.key}`} className="underline underline-offset-4">
              Open the form
            </Link>
          </p>
        </div>
      )}
      {error && <FormError className="mt-6">{error}</FormError>}
      {revisions.length === 0 ? (
        <p className="mt-8 text-muted">
          No earlier versions yet: each time the page is published, the words it replaces are kept here.
        </p>
      ) : (
        <div className={revisionColumns}>
          <RevisionList
            label="Earlier versions"
            shownId={shown?.id}
            items={revisions.map((revision) => ({
              id: revision.id,
              moment: at(revision.publishedAt),
              lines: [revision.publishedBy ? `Published by ${revision.publishedBy}` : "Published"],
            }))}
          />
          {shown && (
            <section
              aria-label="The chosen version"
              className="min-w-0 overflow-hidden rounded-3xl border border-border"
            >
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-card px-5 py-3">
                <p className="text-sm">
                  Published <strong>{at(shown.publishedAt)}</strong>
                  {shown.publishedBy && <> by {shown.publishedBy}</>}
                </p>
                {!confirming && changes.length > 0 && (
                  <Link to={`?revision=${shown.id}&confirm`} className={`${pill} bg-primary text-primary-fg`}>
                    Restore as the draft…
                  </Link>
                )}
              </div>
              {confirming && (
                <ConfirmRestore
                  shownId={shown.id}
                  question="Make this version the page’s draft?"
                  yes="Yes, restore as the draft"
                >
                  Visitors keep reading the published words until the draft is published.
                  {page.draftSavedAt && <> The draft saved {at(page.draftSavedAt)} is replaced.</>}
                </ConfirmRestore>
              )}
              <RestoreChanges
                changes={changes}
                intro="From the published words (struck through) to this version’s (highlighted)."
                nothing="Nothing: these are the words published now."
              />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
