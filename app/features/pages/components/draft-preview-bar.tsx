/** What the bar says of the previewed page (copy/page-preview.server's PreviewedPage). */
type Previewed = { key: string; title: string; draftWaiting: boolean; hidden: boolean };

/**
 * Across the top of a page shown with its draft: says plainly that this is not what visitors see, and
 * leads back to the page's form (and its earlier versions). Drawn in the text's colour on the page's,
 * so it reads as the admin's note in either theme, never as part of the design.
 */
export function DraftPreviewBar({ page }: { page: Previewed }) {
  const what = page.draftWaiting
    ? "Visitors still see the published words."
    : "No draft is waiting: these are the published words.";
  return (
    <aside aria-label="Draft preview" className="sticky top-16 z-40 bg-fg text-bg">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-5 gap-y-1.5 px-4 py-2.5 text-sm sm:px-6">
        <p className="min-w-0 flex-1 basis-64">
          <strong className="font-semibold">Draft preview — not published.</strong> {what}
          {page.hidden && " This service is hidden: visitors get “page not found”."}
        </p>
        <p className="flex gap-5 font-semibold">
          <a href={`/admin/pages/edit/${page.key}`} className="underline underline-offset-4">
            Back to the form
          </a>
          <a href={`/admin/pages/revisions/${page.key}`} className="underline underline-offset-4">
            Earlier versions
          </a>
        </p>
      </div>
    </aside>
  );
}
