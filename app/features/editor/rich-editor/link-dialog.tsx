import type { Editor } from "@tiptap/core";
import { useId, useState } from "react";

import {
  isFullAddress,
  LinkSuggestions,
  type LinkTarget,
  useActiveTarget,
  useLinkTargets,
} from "./link-suggestions";
import { dialogInput, Modal, primaryButton, secondaryButton, submitOnEnter } from "./modal";

/** Addresses a post may link to: this site's paths and the web, mail and phone. */
export function linkProblem(href: string): string | null {
  if (!href) return "Enter the link's address";
  if (/^(\/(?!\/)|#)/.test(href)) return null;
  if (/^(https?:\/\/[^\s/]+\.[^\s]+|mailto:\S+@\S+|tel:[+\d][\d\s-]*)$/i.test(href)) return null;
  return "Use a path on this site (/blog/…) or a full address (https://…, mailto:, tel:)";
}

/** A bare domain is taken as a web address, as people type it. */
function normalise(href: string) {
  const trimmed = href.trim();
  return /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed) ? `https://${trimmed}` : trimmed;
}

export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const existing = (editor.getAttributes("link").href as string | undefined) ?? "";
  const needsText = editor.state.selection.empty && !existing;
  const [href, setHref] = useState(existing);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  // What the suggestions are asked for; null while the list is closed.
  const [query, setQuery] = useState<string | null>(null);
  const targets = useLinkTargets(query);
  const active = useActiveTarget(targets);
  const expanded = query !== null && targets.length > 0 && !isFullAddress(href);
  const highlighted = expanded ? targets[active.index] : undefined;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  function choose(target: LinkTarget) {
    setHref(target.path);
    if (needsText && !text.trim()) setText(target.title);
    setError(null);
    setQuery(null);
    active.move(null);
  }

  /** The combobox's keys; anything else (Enter with nothing highlighted) goes on to the dialog. */
  function onAddressKey(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      handled();
      if (expanded && !event.altKey) active.move(event.key === "ArrowDown" ? 1 : -1);
      else if (!expanded && event.key === "ArrowDown") setQuery(href);
      else if (event.altKey && event.key === "ArrowUp") setQuery(null);
    } else if (event.key === "Enter" && highlighted) {
      handled();
      choose(highlighted);
    } else if (event.key === "Escape" && expanded) {
      // The first Escape closes the list; the next closes the dialog.
      handled();
      setQuery(null);
      active.move(null);
    }
  }

  function apply() {
    const url = normalise(href);
    const problem = linkProblem(url) ?? (needsText && !text.trim() ? "Enter the text to show" : null);
    if (problem) return setError(problem);
    const chain = editor.chain();
    if (needsText)
      chain.insertContent({
        type: "text",
        text: text.trim(),
        marks: [{ type: "link", attrs: { href: url } }],
      });
    else chain.extendMarkRange("link").setLink({ href: url });
    chain.run();
    onClose();
  }

  function remove() {
    editor.chain().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <Modal title={existing ? "Edit link" : "Add link"} onClose={onClose}>
      <div role="group" onKeyDown={submitOnEnter(apply)} className="grid gap-4">
        <div className="text-sm font-medium">
          <label htmlFor={`${id}-href`}>Address</label>
          <input
            id={`${id}-href`}
            type="text"
            inputMode="url"
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={highlighted ? optionId(active.index) : undefined}
            value={href}
            placeholder="Search pages and posts, or /blog/… or https://…"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${error ? `${id}-error` : ""}`}
            onChange={(e) => {
              setHref(e.target.value);
              setQuery(e.target.value);
              active.move(null);
            }}
            onKeyDown={onAddressKey}
            onBlur={() => setQuery(null)}
            className={dialogInput}
            autoFocus
          />
          <LinkSuggestions
            id={listId}
            targets={targets}
            open={expanded}
            activeIndex={expanded ? active.index : -1}
            optionId={optionId}
            onChoose={choose}
          />
          <span id={`${id}-hint`} className="mt-1 block text-xs font-normal text-muted">
            Type to search this site’s pages and posts, a path (/blog/…) or a full web address.
          </span>
        </div>
        {needsText && (
          <label htmlFor={`${id}-text`} className="text-sm font-medium">
            Text to show
            <input
              id={`${id}-text`}
              type="text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className={dialogInput}
            />
          </label>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div
          // While the suggestions are open, pressing a button must not take the focus from the address:
          // its blur closed the list, the buttons moved up from under the pointer, and the click was lost.
          onMouseDown={(event) => {
            if (expanded && event.target instanceof Element && event.target.closest("button"))
              event.preventDefault();
          }}
          className="flex flex-wrap justify-end gap-2"
        >
          {existing && (
            <button type="button" onClick={remove} className={`${secondaryButton} mr-auto text-destructive`}>
              Remove link
            </button>
          )}
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="button" onClick={apply} className={primaryButton}>
            {existing ? "Update link" : "Add link"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
