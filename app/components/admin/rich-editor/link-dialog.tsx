import type { Editor } from "@tiptap/core";
import { useId, useState } from "react";

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

  function apply() {
    const url = normalise(href);
    const problem = linkProblem(url) ?? (needsText && !text.trim() ? "Enter the text to show" : null);
    if (problem) return setError(problem);
    const chain = editor.chain().focus();
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
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <Modal title={existing ? "Edit link" : "Add link"} onClose={onClose}>
      <div role="group" onKeyDown={submitOnEnter(apply)} className="grid gap-4">
        <label htmlFor={`${id}-href`} className="text-sm font-medium">
          Address
          <input
            id={`${id}-href`}
            type="text"
            inputMode="url"
            autoComplete="off"
            value={href}
            placeholder="/blog/… or https://…"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${error ? `${id}-error` : ""}`}
            onChange={(e) => setHref(e.target.value)}
            className={dialogInput}
            autoFocus
          />
          <span id={`${id}-hint`} className="mt-1 block text-xs font-normal text-muted">
            A page of this site (/services/…, /blog/…) or a full web address.
          </span>
        </label>
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
        <div className="flex flex-wrap justify-end gap-2">
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
