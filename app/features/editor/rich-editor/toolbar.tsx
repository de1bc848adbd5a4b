import type { ChainedCommands, Editor } from "@tiptap/core";
import { closeHistory } from "@tiptap/pm/history";
import { useEditorState } from "@tiptap/react";
import { type KeyboardEvent, type ReactNode, useState } from "react";

import { Icon, type IconName } from "./icons";

/** Each toolbar action is one undo step of its own, even right after typing. */
function run(editor: Editor, command: (chain: ChainedCommands) => ChainedCommands) {
  command(
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        closeHistory(tr);
        return true;
      }),
  ).run();
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

type Action = {
  name: string;
  icon: IconName;
  /** aria-keyshortcuts form; shown in the tooltip with Ctrl or ⌘. */
  keys: string;
  active?: (e: Editor) => boolean;
  apply: (e: Editor) => void;
};

export function Toolbar({
  editor,
  onLink,
  onMedia,
  onShowHtml,
}: {
  editor: Editor;
  onLink: () => void;
  onMedia: (kind: "image" | "video") => void;
  onShowHtml: () => void;
}) {
  const groups: Action[][] = [
    [
      { name: "Undo", icon: "undo", keys: "Control+Z", apply: (e) => e.chain().focus().undo().run() },
      { name: "Redo", icon: "redo", keys: "Control+Shift+Z", apply: (e) => e.chain().focus().redo().run() },
    ],
    [
      {
        name: "Paragraph",
        icon: "paragraph",
        keys: "Control+Alt+0",
        active: (e) => e.isActive("paragraph") && !e.isActive("listItem") && !e.isActive("blockquote"),
        apply: (e) => run(e, (c) => c.setParagraph()),
      },
      {
        name: "H2, Heading 2",
        icon: "h2",
        keys: "Control+Alt+2",
        active: (e) => e.isActive("heading", { level: 2 }),
        apply: (e) => run(e, (c) => c.toggleHeading({ level: 2 })),
      },
      {
        name: "H3, Heading 3",
        icon: "h3",
        keys: "Control+Alt+3",
        active: (e) => e.isActive("heading", { level: 3 }),
        apply: (e) => run(e, (c) => c.toggleHeading({ level: 3 })),
      },
    ],
    [
      {
        name: "Bold",
        icon: "bold",
        keys: "Control+B",
        active: (e) => e.isActive("bold"),
        apply: (e) => run(e, (c) => c.toggleBold()),
      },
      {
        name: "Italic",
        icon: "italic",
        keys: "Control+I",
        active: (e) => e.isActive("italic"),
        apply: (e) => run(e, (c) => c.toggleItalic()),
      },
      {
        name: "Link",
        icon: "link",
        keys: "Control+K",
        active: (e) => e.isActive("link"),
        apply: () => onLink(),
      },
    ],
    [
      {
        name: "Bullet list",
        icon: "bulletList",
        keys: "Control+Shift+8",
        active: (e) => e.isActive("bulletList"),
        apply: (e) => run(e, (c) => c.toggleBulletList()),
      },
      {
        name: "Numbered list",
        icon: "orderedList",
        keys: "Control+Shift+7",
        active: (e) => e.isActive("orderedList"),
        apply: (e) => run(e, (c) => c.toggleOrderedList()),
      },
      {
        name: "Quote",
        icon: "quote",
        keys: "Control+Shift+B",
        active: (e) => e.isActive("blockquote"),
        apply: (e) => run(e, (c) => c.toggleBlockquote()),
      },
      {
        name: "Line break",
        icon: "lineBreak",
        keys: "Shift+Enter",
        // After the selection, never over it.
        apply: (e) => run(e, (c) => c.setTextSelection(e.state.selection.to).setHardBreak()),
      },
    ],
    [
      {
        name: "Image",
        icon: "image",
        keys: "",
        active: (e) => e.isActive("figureImage"),
        apply: () => onMedia("image"),
      },
      {
        name: "Video",
        icon: "video",
        keys: "",
        active: (e) => e.isActive("figureVideo"),
        apply: () => onMedia("video"),
      },
    ],
  ];

  const [current, setCurrent] = useState("Paragraph");
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: groups.flat().map((a) => a.active?.(e) ?? null),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  let index = 0;
  // One tab stop for the whole toolbar; the arrow keys, Home and End move along it (the ARIA toolbar pattern).
  const roving = (name: string) => ({ tabIndex: name === current ? 0 : -1, onFocus: () => setCurrent(name) });
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      // Wraps, a group at a time, where it is narrower than its buttons (a phone, a laptop beside the
      // settings): every tool stays in sight, which a row that scrolled sideways did not.
      className="sticky top-[var(--editor-toolbar-top,4rem)] z-10 flex flex-wrap items-center gap-1 rounded-t-xl border-b border-border bg-card/95 px-2 py-1.5 backdrop-blur"
    >
      {groups.map((group, g) => (
        <Group key={g} last={g === groups.length - 1}>
          {group.map((action) => {
            const pressed = state.active[index++] ?? null;
            const disabled =
              (action.name === "Undo" && !state.canUndo) || (action.name === "Redo" && !state.canRedo);
            return (
              <ToolbarButton
                key={action.name}
                action={action}
                pressed={pressed}
                disabled={disabled}
                onClick={() => action.apply(editor)}
                {...roving(action.name)}
              />
            );
          })}
        </Group>
      ))}
      <button
        type="button"
        onClick={onShowHtml}
        {...roving("HTML")}
        className="ml-auto shrink-0 rounded-md px-2.5 py-1.5 font-mono text-xs font-semibold text-muted hover:bg-bg hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
      >
        HTML
      </button>
    </div>
  );
}

function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ["ArrowLeft", "ArrowRight", "Home", "End"];
  if (!keys.includes(event.key)) return;
  const buttons = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)"),
  );
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? buttons.length - 1
        : (at + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

function Group({ children, last }: { children: ReactNode; last: boolean }) {
  return (
    <div className={`flex shrink-0 items-center gap-0.5 ${last ? "" : "border-r border-border pr-1"}`}>
      {children}
    </div>
  );
}

function shortcutText(keys: string) {
  if (!keys) return "";
  const mac = isMac();
  return keys
    .replace("Control", mac ? "⌘" : "Ctrl")
    .replace("Alt", mac ? "⌥" : "Alt")
    .replace("Shift", mac ? "⇧" : "Shift");
}

function ToolbarButton({
  action,
  pressed,
  disabled,
  onClick,
  tabIndex,
  onFocus,
}: {
  action: Action;
  pressed: boolean | null;
  disabled: boolean;
  onClick: () => void;
  tabIndex: number;
  onFocus: () => void;
}) {
  const shortcut = shortcutText(action.keys);
  const plainName = action.name.replace(/^H\d, /, "");
  return (
    <button
      type="button"
      aria-label={action.name}
      aria-pressed={pressed ?? undefined}
      aria-keyshortcuts={
        action.keys ? action.keys.replace("Control", isMac() ? "Meta" : "Control") : undefined
      }
      title={shortcut ? `${plainName} (${shortcut})` : plainName}
      disabled={disabled}
      tabIndex={tabIndex}
      onFocus={onFocus}
      // Keeps the editor's selection: a click on the toolbar must not take the focus first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="grid size-9 place-items-center rounded-md text-muted transition-colors hover:bg-bg hover:text-fg focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-35 disabled:hover:bg-transparent aria-pressed:bg-primary/15 aria-pressed:text-primary lg:size-8"
    >
      <Icon name={action.icon} />
    </button>
  );
}
