import type { ReactNode } from "react";
import { Form, Link } from "react-router";

const when = new Intl.DateTimeFormat("en-IE", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/Dublin",
});

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
  children,
}: {
  title: string;
  editLink: string;
  /** "post", "case study". */
  what: string;
  revisions: RevisionListItem[];
  shown: { id: string; createdAt: Date | string } | null;
  children?: ReactNode;
}) {
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
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label="Revisions">
            <ol className="grid gap-2">
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
                    <span className="block truncate text-muted">
                      {revision.title}
                      {revision.author ? ` · ${revision.author}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          {shown && (
            <section aria-label="The chosen revision" className="rounded-3xl border border-border pb-12">
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border bg-card px-5 py-3">
                <p className="text-sm">
                  Saved <strong>{when.format(new Date(shown.createdAt))}</strong>
                </p>
                <Form method="post">
                  <input type="hidden" name="revisionId" value={shown.id} />
                  <button
                    type="submit"
                    className="min-h-10 rounded-full bg-primary px-4 text-sm font-semibold text-primary-fg"
                  >
                    Restore this version
                  </button>
                </Form>
              </div>
              {children}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
