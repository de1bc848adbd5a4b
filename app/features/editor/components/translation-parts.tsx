import type { ReactNode } from "react";

import { useMediaPicker } from "~/features/media";

import { ContentField } from "../rich-editor/content-field";

/**
 * The source beside a translation's form: always shown from the desktop's width; on a phone it comes
 * first, folded (its summary opens it), so the form is reached without scrolling past a whole article.
 */
export function TranslationSource({
  heading,
  tag,
  children,
}: {
  heading: string;
  /** The source's language tag ("en"). */
  tag: string;
  children: ReactNode;
}) {
  return (
    <details
      aria-label={heading}
      className="group min-w-0 self-start rounded-2xl border border-border bg-card p-5 lg:sticky lg:top-4 lg:[&::details-content]:[content-visibility:visible]"
    >
      <summary className="cursor-pointer font-semibold lg:pointer-events-none lg:list-none">
        {heading}
        <span className="text-sm font-normal text-muted lg:hidden">
          <span className="group-open:hidden"> (tap to show)</span>
          <span className="hidden group-open:inline"> (tap to fold)</span>
        </span>
      </summary>
      <div lang={tag} className="mt-3 grid gap-3 text-sm">
        {children}
      </div>
    </details>
  );
}

/** The source's body as readers see it, scrolling on its own beside the form (by keyboard too). */
export function SourceBody({ html, label }: { html: string; label: string }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="prose-article max-h-[70vh] overflow-auto rounded-xl border border-border bg-bg p-4 text-base"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * A translation's body in the post's own rich editor (toolbar, links, headings, the media library);
 * without JavaScript the HTML field with its toolbar, as the post editor's.
 */
export function TranslationBody({
  name,
  label,
  defaultValue,
  errors,
  tag,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  /** The translation's language tag: spell checking and screen readers read it in that language. */
  tag: string;
}) {
  const { pickMedia, picker } = useMediaPicker();
  const id = `translation-${name}`;
  return (
    <div lang={tag}>
      <ContentField
        label={label}
        textareaProps={{
          id,
          name,
          defaultValue,
          "aria-invalid": errors ? true : undefined,
          "aria-describedby": `${id}-error`,
        }}
        errors={errors}
        errorId={`${id}-error`}
        pickMedia={pickMedia}
      />
      {picker}
    </div>
  );
}
