import { type ReactNode, type RefObject, useEffect } from "react";

import { useMediaPicker } from "~/features/media";
import { LeaveDialog } from "~/ui/forms/leave-dialog";

import type { ChangedField } from "../revision-changes";
import { ContentField } from "../rich-editor/content-field";
import { translationDraftKey } from "../schemas";
import { ChangedWords } from "./changed-words";
import { AutosaveNotice, UnsavedWorkBanner } from "./editor-notices";
import { useAutosave } from "./use-autosave";

/**
 * The source beside a translation's form: always shown from the desktop's width; on a phone it comes
 * first, folded (its summary opens it), so the form is reached without scrolling past a whole article.
 */
/** What the last save did, from the `?saved=` the translate screens redirect to after a save. */
export function TranslationSaved({ saved }: { saved: string | null }) {
  if (saved !== "published" && saved !== "draft") return null;
  return (
    <p role="status" className="mt-4 rounded-xl border border-secondary px-4 py-3 text-sm text-secondary">
      {saved === "published" ? "Translation published." : "Translation saved as a draft."}
    </p>
  );
}

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
      className="group min-w-0 self-start rounded-2xl border border-border bg-card p-5 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:[&::details-content]:[content-visibility:visible]"
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
      className="prose-article max-h-[60vh] overflow-auto rounded-xl border border-border bg-bg p-4 text-base"
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

/**
 * A long field's changes with only the lines around them: of the words that did not change, the line
 * each change stands in, and "…" for the lines between.
 */
function aroundChanges(parts: ChangedField["parts"]): ChangedField["parts"] {
  return parts.map((part, index) => {
    if (part.added || part.removed) return part;
    const lines = part.text.split("\n");
    const head = index > 0 ? [lines[0]!] : [];
    const tail = index < parts.length - 1 && lines.length > head.length ? [lines.at(-1)!] : [];
    if (lines.length <= head.length + tail.length) return part;
    return { text: [...head, "…", ...tail].join("\n") };
  });
}

/**
 * An outdated translation: what the source's words gained (highlighted) and lost (struck through)
 * since the translation was written, so the translator changes only that.
 */
export function SourceChanges({ changes, tag }: { changes: ChangedField[] | null; tag: string }) {
  return (
    <section
      aria-labelledby="source-changes-heading"
      className="mt-6 rounded-2xl border border-border bg-card p-5 text-sm"
    >
      <h2 id="source-changes-heading" className="font-semibold">
        What changed in the source since this translation
      </h2>
      {changes === null ? (
        <p className="mt-2 text-muted">
          The source as it was then is not kept (it was not live), so compare the two columns below.
        </p>
      ) : changes.length === 0 ? (
        <p className="mt-2 text-muted">
          The source was saved again, but its words did not change: publish the translation again as it is.
        </p>
      ) : (
        // Scrolls on its own when long: reachable by keyboard too.
        <dl lang={tag} tabIndex={0} className="mt-3 grid max-h-80 gap-3 overflow-auto">
          {changes.map((change) => (
            <div key={change.label}>
              <dt className="font-medium">{change.label}</dt>
              <dd className="mt-1 whitespace-pre-wrap text-muted">
                <ChangedWords parts={aroundChanges(change.parts)} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * A translation's form keeps what is typed as the post editor does: saved as unsaved work while typing
 * (`itemKey`: "<source id>-<language>"), offered back after a reload or a closed tab, and leaving with
 * changes asks first. Renders the offer (or that it is back) and the leaving dialog; `note` says the
 * autosave's state.
 */
export function useTranslationAutosave(
  form: RefObject<HTMLFormElement | null>,
  kind: "post-translation" | "case-study-translation",
  screen: {
    source: { id: string };
    lang: string;
    /** The page was drawn after a save: the form is clean. */
    saved: unknown;
    unsaved: { at: Date } | null;
    restored: boolean;
  },
  /** The form came back refused: it holds what was typed, nothing to offer. */
  answered: boolean,
) {
  const itemKey = translationDraftKey(screen.source.id, screen.lang);
  const saved = Boolean(screen.saved);
  const unsaved = answered ? null : screen.unsaved;
  const restored = !answered && screen.restored;
  const autosave = useAutosave(form, kind, itemKey);
  const { markSaved } = autosave;
  useEffect(() => {
    if (saved) markSaved();
  }, [saved, markSaved]);
  const offer = (
    <>
      {unsaved && (
        <UnsavedWorkBanner at={unsaved.at} title="" restoreTo="?restore" what="translation" isNew={false} />
      )}
      {restored && (
        <p role="status" className="rounded-xl border border-secondary px-4 py-3 text-sm text-secondary">
          Your unsaved changes are back in the form. Save a draft to keep them.
        </p>
      )}
      <LeaveDialog blocker={autosave.blocker}>
        Your changes are not saved to the translation. A copy is kept, and the form offers it back next time.
      </LeaveDialog>
    </>
  );
  return { note: <AutosaveNotice state={autosave.state} />, offer };
}
