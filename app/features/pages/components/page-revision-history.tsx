import { Form, Link } from "react-router";

import { type ChangedField, ChangedWords } from "~/features/editor";
import { momentInDublin } from "~/platform/text/dates";
import { FormError } from "~/ui/forms/form-error";

/** The admin's one way of writing a moment: "Sat 28 Nov, 09:56" (the year only when it is another). */
const at = (moment: Date | string) => momentInDublin(moment);

export type PageRevisionItem = { id: string; publishedAt: Date | string; publishedBy: string | null };

const pill =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

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
        <div className="mt-8 grid grid-cols-1 items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label="Earlier versions" className="min-w-0">
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
                    <span className="font-semibold">{at(revision.publishedAt)}</span>
                    {index === 0 && <span className="ml-2 text-xs text-secondary">Latest</span>}
                    <span className="block truncate text-muted">
                      {revision.publishedBy ? `Published by ${revision.publishedBy}` : "Published"}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
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
                <div
                  role="alertdialog"
                  aria-labelledby="confirm-restore"
                  className="border-b border-border px-5 py-4"
                >
                  <p id="confirm-restore" className="font-semibold">
                    Make this version the page’s draft?
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    Visitors keep reading the published words until the draft is published.
                    {page.draftSavedAt && <> The draft saved {at(page.draftSavedAt)} is replaced.</>}
                  </p>
                  <Form method="post" className="mt-3 flex flex-wrap gap-2">
                    <input type="hidden" name="revisionId" value={shown.id} />
                    <button type="submit" className={`${pill} bg-primary text-primary-fg`}>
                      Yes, restore as the draft
                    </button>
                    <Link
                      to={`?revision=${shown.id}`}
                      className={`${pill} border border-border hover:border-primary`}
                    >
                      Cancel
                    </Link>
                  </Form>
                </div>
              )}
              <section aria-labelledby="changes-heading" className="px-5 py-4">
                <h2 id="changes-heading" className="font-semibold">
                  What restoring changes
                </h2>
                <p className="mt-1 text-sm text-muted">
                  From the published words (struck through) to this version’s (highlighted).
                </p>
                {changes.length === 0 ? (
                  <p className="mt-3 text-sm text-muted">Nothing: these are the words published now.</p>
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
            </section>
          )}
        </div>
      )}
    </div>
  );
}
