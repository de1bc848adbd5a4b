import { closeHistory } from "@tiptap/pm/history";
import { Fragment, Slice } from "@tiptap/pm/model";
import { NodeSelection, TextSelection, type Transaction } from "@tiptap/pm/state";
import { dropPoint } from "@tiptap/pm/transform";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

import type { MediaKind, PickMedia } from "~/features/media";

import { TRAILING_PARAGRAPHS_ATTRIBUTE, trailingParagraphsOf } from "../trailing-paragraphs";
import { cleanPastedHtml } from "./clean-paste";
import { droppedFile } from "./dropped-file";
import { editorExtensions } from "./extensions";
import { LinkDialog } from "./link-dialog";
import { MediaDialog, type MediaValues } from "./media-dialog";
import { storedHtml } from "./output";
import { Toolbar } from "./toolbar";

/**
 * After inserting a figure ProseMirror selects it, so the next key typed would replace it: the caret
 * goes to the paragraph after it instead (made if there is none), where the writer goes on typing.
 */
function caretAfterFigure({ tr }: { tr: Transaction }) {
  const after = tr.selection.to;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock)
    tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
  tr.setSelection(TextSelection.create(tr.doc, after + 1));
  return true;
}

/**
 * Puts a figure where a file was dropped: at the nearest place a block can go (before or after the
 * paragraph under the pointer, as ProseMirror drops a dragged figure), else at the end; selected, for
 * caretAfterFigure.
 */
function figureAt(at: number, type: string, attrs: Record<string, unknown>) {
  return ({ tr }: { tr: Transaction }) => {
    const node = tr.doc.type.schema.nodes[type]!.create(attrs);
    const size = tr.doc.content.size;
    const pos = dropPoint(tr.doc, Math.min(at, size), new Slice(Fragment.from(node), 0, 0)) ?? size;
    tr.insert(pos, node).setSelection(NodeSelection.create(tr.doc, pos));
    return true;
  };
}

export type RichEditorHandle = { setHtml: (html: string) => void };

export type RichEditorProps = {
  /** The field's name ("Content" for a post's body). */
  label?: string;
  /** What the empty editor invites ("Write your post…"). */
  placeholder?: string;
  /** The form's content field: the editor starts from its value and writes every change back to it. */
  textarea: HTMLTextAreaElement;
  describedBy?: string;
  pickMedia?: PickMedia;
  onShowHtml: () => void;
  onReady: (handle: RichEditorHandle) => void;
};

// What the public post page does not need to style: the placeholder, the selected figure, the caret.
const bodyStyles = [
  "[&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-muted [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
  "[&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-muted [&_video]:w-full [&_video]:rounded-2xl",
  "[&_.ProseMirror-selectednode]:rounded-2xl [&_.ProseMirror-selectednode]:outline-3 [&_.ProseMirror-selectednode]:outline-offset-4 [&_.ProseMirror-selectednode]:outline-primary",
  "[&_.ProseMirror]:caret-primary [&_li>p]:m-0",
].join(" ");

type Open =
  | { kind: "link" }
  // `file`: dropped or pasted, uploading as the dialog opens; `at`: where it was dropped.
  | { kind: MediaKind; initial?: MediaValues; file?: File; note?: string; at?: number }
  | null;

/** The rich-text body editor (Tiptap, decision 018); loaded lazily, only by the admin's post editor. */
/** The dialog an image's or a video's node is edited in, by the node's name. */
const mediaKindOf = (name: string): MediaKind | null =>
  name === "figureImage" ? "image" : name === "figureVideo" ? "video" : null;

export default function RichEditor({
  label = "Content",
  placeholder,
  textarea,
  describedBy,
  pickMedia,
  onShowHtml,
  onReady,
}: RichEditorProps) {
  const [open, setOpen] = useState<Open>(null);
  const extensions = useMemo(
    () => editorExtensions({ onLinkShortcut: () => setOpen({ kind: "link" }), placeholder }),
    [placeholder],
  );

  const editor = useEditor({
    extensions,
    content: textarea.value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        // Named on its own: in HTML view the label, renamed "Content (HTML)", names only the textarea.
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: "prose-article rich-editor-body min-h-96 px-5 py-6 outline-none sm:px-10",
      },
      transformPastedHTML: cleanPastedHtml,
      // A click on an image or a video selects it, so the toolbar's Image or Video button edits it
      // (its alt text, its caption): left to itself, Chrome's mouseup put the caret beside it instead.
      // A double click opens its dialog at once.
      handleClickOn: (view, _pos, node, nodePos, _event, direct) => {
        if (!direct || !mediaKindOf(node.type.name)) return false;
        view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
        return true;
      },
      handleDoubleClickOn: (view, _pos, node, nodePos, _event, direct) => {
        const kind = direct && mediaKindOf(node.type.name);
        if (!kind) return false;
        view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
        openMedia(kind);
        return true;
      },
      // A file dropped on the body goes through the image or video dialog (upload, alt text), to go in
      // where it was dropped.
      handleDrop: (view, event, _slice, moved) => {
        const files = event.dataTransfer?.files;
        if (moved || !files?.length) return false;
        openFile(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
      // A pasted file (a screenshot, an image copied in a browser) too, at the cursor; a paste with
      // text (words, or Word's HTML with a picture of it alongside) is pasted as before.
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        if (!data?.files.length || data.getData("text/plain")) return false;
        openFile(data.files);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      // The form posts the textarea; the input event lets the form library see the change.
      const html = e.getHTML();
      // eslint-disable-next-line react-hooks/immutability -- a DOM node, not React state
      textarea.value = storedHtml(html);
      // What storedHtml leaves out at the end, for the autosave to put back on a restore.
      textarea.setAttribute(TRAILING_PARAGRAPHS_ATTRIBUTE, String(trailingParagraphsOf(html)));
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    },
  });

  useEffect(() => {
    onReady({ setHtml: (html) => editor.commands.setContent(html, { emitUpdate: false }) });
  }, [editor, onReady]);

  // Back to the editor, with its selection, as soon as a dialog closes: synchronously in the commit
  // (the view's own focus, not Tiptap's focus command, which waits a frame and then writes the selection
  // it had back into the page: a key typed meanwhile, End say, was undone). The dialogs' commands do not
  // focus for the same reason.
  const hadDialog = useRef(false);
  useLayoutEffect(() => {
    if (open) hadDialog.current = true;
    else if (hadDialog.current) {
      hadDialog.current = false;
      editor.view.focus();
    }
  }, [open, editor]);

  const close = () => setOpen(null);

  function openMedia(kind: MediaKind) {
    const name = kind === "image" ? "figureImage" : "figureVideo";
    const attrs = editor.isActive(name) ? (editor.getAttributes(name) as MediaValues) : undefined;
    setOpen({
      kind,
      initial: attrs && {
        src: attrs.src,
        alt: attrs.alt ?? "",
        caption: attrs.caption ?? "",
        captions: attrs.captions ?? "",
      },
    });
  }

  function openFile(files: FileList, at?: number) {
    const picked = droppedFile(files);
    if (picked) setOpen({ ...picked, at });
  }

  function insertMedia(kind: MediaKind, values: MediaValues, editing: boolean, at?: number) {
    const type = kind === "image" ? "figureImage" : "figureVideo";
    const attrs =
      kind === "image"
        ? { src: values.src, alt: values.alt, caption: values.caption }
        : { src: values.src, captions: values.captions, caption: values.caption };
    // Its own undo step, even right after typing.
    const chain = editor.chain().command(({ tr }) => {
      closeHistory(tr);
      return true;
    });
    if (editing) chain.updateAttributes(type, attrs).run();
    else if (at !== undefined)
      chain
        .command(figureAt(at, type, attrs))
        .command(caretAfterFigure)
        .run();
    else chain.insertContent({ type, attrs }).command(caretAfterFigure).run();
    close();
  }

  return (
    <div
      className={`${bodyStyles} rounded-xl border border-border bg-bg focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30`}
    >
      <Toolbar
        editor={editor}
        onLink={() => setOpen({ kind: "link" })}
        onMedia={openMedia}
        onShowHtml={onShowHtml}
      />
      <div className="mx-auto max-w-[70ch]">
        <EditorContent editor={editor} />
      </div>
      {open?.kind === "link" && <LinkDialog editor={editor} onClose={close} />}
      {(open?.kind === "image" || open?.kind === "video") && (
        <MediaDialog
          kind={open.kind}
          initial={open.initial}
          file={open.file}
          note={open.note}
          pickMedia={pickMedia}
          onInsert={(values) => insertMedia(open.kind as MediaKind, values, Boolean(open.initial), open.at)}
          onClose={close}
        />
      )}
    </div>
  );
}
