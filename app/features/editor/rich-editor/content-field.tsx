import {
  Component,
  type ComponentProps,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useRef,
  useState,
} from "react";

import type { PickMedia } from "~/features/media";

import { TRAILING_PARAGRAPHS_ATTRIBUTE } from "../trailing-paragraphs";
import { HtmlToolbar } from "./html-toolbar";
import type { RichEditorHandle } from "./rich-editor";

// Tiptap and ProseMirror come in their own chunk, fetched only when an admin opens the editor:
// public pages never import this module (decision 014).
const RichEditor = lazy(() => import("./rich-editor"));

export type ContentFieldProps = {
  /** The form library's props for the field (name="content", id, defaultValue with the post's HTML). */
  textareaProps: ComponentProps<"textarea">;
  errors?: string[];
  errorId: string;
  /** The media library's picker, offered in the image and video dialogs when given. */
  pickMedia?: PickMedia;
  /** What the field is called ("Content" for a post). */
  label?: string;
  /** What the empty editor invites. */
  placeholder?: string;
};

type Mode = "loading" | "rich" | "html";

/**
 * The post's body. Without JavaScript (or until the editor's code arrives) it is the HTML textarea with
 * its toolbar; then the rich-text editor takes its place and keeps the textarea, which the form posts,
 * up to date. "HTML" shows the textarea again, for pasting or fixing markup by hand.
 */
export function ContentField({
  textareaProps,
  errors,
  errorId,
  pickMedia,
  label = "Content",
  placeholder,
}: ContentFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [area, setArea] = useState<HTMLTextAreaElement | null>(null);
  const [mode, setMode] = useState<Mode>("loading");
  const handle = useRef<RichEditorHandle | null>(null);
  const attachTextarea = useCallback((node: HTMLTextAreaElement | null) => {
    textarea.current = node;
    setArea(node);
  }, []);
  const onReady = useCallback((h: RichEditorHandle) => {
    handle.current = h;
    setMode((m) => (m === "loading" ? "rich" : m));
  }, []);

  // The HTML shown is all there is: the rich editor's empty paragraphs at the end are not kept for it.
  function showHtml() {
    if (textarea.current) textarea.current.removeAttribute(TRAILING_PARAGRAPHS_ATTRIBUTE);
    setMode("html");
  }

  function showRich() {
    if (textarea.current) handle.current?.setHtml(textarea.current.value);
    setMode("rich");
  }

  return (
    // min-w-0: nothing in the field (a long line of HTML) widens the form.
    <div className="min-w-0">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={textareaProps.id} className="block text-sm font-medium">
          {label}
          {mode === "html" && " (HTML)"}
          {/* Without JavaScript the field stays the HTML one, and says so. */}
          {mode === "loading" && <span className="no-js-only"> (HTML)</span>}
        </label>
        {mode === "html" && (
          <button
            type="button"
            onClick={showRich}
            className="rounded-full border border-border px-3 py-1 text-xs font-semibold hover:border-primary"
          >
            Back to the editor
          </button>
        )}
      </div>
      <div className="mt-1">
        {/* While the editor's code arrives: its frame, not the HTML field it will replace. */}
        {mode === "loading" && <EditorSkeleton />}
        <div hidden={mode === "rich"} className={mode === "loading" ? "hidden [.no-js_&]:block" : undefined}>
          <HtmlToolbar target={textarea} />
          <textarea
            {...textareaProps}
            ref={attachTextarea as Ref<HTMLTextAreaElement>}
            rows={18}
            className="block w-full rounded-b-xl border border-border bg-bg px-4 py-3 font-mono text-sm [.no-js_&]:rounded-xl"
          />
        </div>
        {area && (
          <div hidden={mode !== "rich"}>
            <StayOnTextarea onFail={showHtml}>
              <Suspense fallback={null}>
                <RichEditor
                  label={label}
                  placeholder={placeholder}
                  textarea={area}
                  describedBy={errors ? errorId : undefined}
                  pickMedia={pickMedia}
                  onShowHtml={showHtml}
                  onReady={onReady}
                />
              </Suspense>
            </StayOnTextarea>
          </div>
        )}
      </div>
      {errors && (
        <p id={errorId} className="mt-1 text-sm text-destructive">
          {errors[0]}
        </p>
      )}
    </div>
  );
}

/** The rich editor's frame (its toolbar and page) while its code loads: no layout jump when it comes. */
function EditorSkeleton() {
  return (
    <div aria-hidden="true" className="js-only overflow-hidden rounded-xl border border-border bg-bg">
      <div className="flex gap-2 border-b border-border px-3 py-2.5">
        {Array.from({ length: 12 }, (_, i) => (
          <span
            key={i}
            className="h-6 w-7 animate-pulse rounded-md bg-border/70 motion-reduce:animate-none"
          />
        ))}
      </div>
      <div className="h-[25.5rem]" />
    </div>
  );
}

/** If the editor's code cannot load (a new deploy, a lost connection), the HTML textarea comes back. */
class StayOnTextarea extends Component<{ children: ReactNode; onFail: () => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onFail();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
