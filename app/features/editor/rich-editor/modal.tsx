import { type ReactNode, useLayoutEffect, useRef } from "react";

/**
 * A native modal <dialog>: the browser traps focus, Escape closes it and focus returns to what opened
 * it. It is a <div role=form> rather than a <form>, since it sits inside the post's form.
 */
export function Modal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A layout effect, so the dialog is closed (and the browser has handed the focus back) during the
  // commit, before the editor takes the focus with its selection: a passive cleanup ran later, and its
  // focus restoring could overtake a key typed after closing (End then Enter replaced the selected word).
  useLayoutEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="rich-editor-dialog-title"
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-0 text-fg shadow-2xl backdrop:bg-black/50"
    >
      <div className="grid gap-4 p-6">
        <h2 id="rich-editor-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

export const dialogInput =
  "mt-1 block w-full rounded-lg border border-border bg-bg px-3 py-2 text-base text-fg focus-visible:outline-2 focus-visible:outline-primary";
export const primaryButton =
  "rounded-full bg-primary px-5 py-2 text-sm font-semibold text-primary-fg hover:opacity-90 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
export const secondaryButton =
  "rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary focus-visible:outline-2 focus-visible:outline-primary";

/** Enter in a dialog's field submits the dialog, not the post's form around it. */
export function submitOnEnter(submit: () => void) {
  return (event: React.KeyboardEvent) => {
    if (event.key === "Enter" && !(event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      submit();
    }
  };
}
