import { type Editor, Extension } from "@tiptap/core";
import HardBreak from "@tiptap/extension-hard-break";
import Link from "@tiptap/extension-link";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";

import { FigureImage, FigureVideo, KeptBlock } from "./media-nodes";

/** A line break after the selection: unlike ProseMirror's default, it never replaces selected text. */
export function insertLineBreak(editor: Editor) {
  return editor.chain().focus().setTextSelection(editor.state.selection.to).setHardBreak().run();
}

const SafeHardBreak = HardBreak.extend({
  addKeyboardShortcuts() {
    return {
      "Shift-Enter": () => insertLineBreak(this.editor),
      "Mod-Enter": () => insertLineBreak(this.editor),
    };
  },
});

/**
 * The editor's schema is the sanitizer's allowlist (app/platform/text/sanitize.server.ts): what it cannot store,
 * the editor cannot make. Code, strike, underline, h4 and rules have no button but are kept so that
 * older posts written as HTML load without losing anything.
 */
export function editorExtensions({
  onLinkShortcut,
  placeholder = "Write your post…",
}: {
  onLinkShortcut: () => void;
  placeholder?: string;
}) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      hardBreak: false,
      link: false,
    }),
    // A link ends where it ends: what is typed after it is not part of it, as in Ghost and WordPress
    // (Tiptap makes the mark inclusive whenever it autolinks). The server adds target/rel to external
    // links itself; internal paths (/blog/…) are allowed.
    Link.extend({ inclusive: false }).configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      HTMLAttributes: { target: null, rel: null },
    }),
    SafeHardBreak,
    FigureImage,
    FigureVideo,
    KeptBlock,
    Placeholder.configure({ placeholder }),
    Extension.create({
      name: "linkShortcut",
      addKeyboardShortcuts: () => ({
        "Mod-k": () => {
          onLinkShortcut();
          return true;
        },
      }),
    }),
  ];
}
