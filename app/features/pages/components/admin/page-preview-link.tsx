import { outlineButton } from "~/features/editor";

/**
 * The form's "Preview" button: the page as visitors would see it with the draft. Its address is the
 * preview's (/admin/pages/preview/<key>), drawn by the preview's own route.
 */
export function PagePreviewLink({ pageKey }: { pageKey: string }) {
  return (
    <a href={`/admin/pages/preview/${pageKey}`} className={outlineButton}>
      Preview
    </a>
  );
}
