import { useEffect, useRef } from "react";
import { type useBlocker } from "react-router";

/**
 * Leaving a page with unsaved changes for another admin page: asked first (a blocker from the page's
 * useBlocker). `children` says what is lost, or kept.
 */
export function LeaveDialog({
  blocker,
  children,
}: {
  blocker: ReturnType<typeof useBlocker>;
  children: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (blocker.state === "blocked") dialog.current?.showModal();
    else dialog.current?.close();
  }, [blocker.state]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="leave-heading"
      onCancel={() => blocker.reset?.()}
      className="m-auto max-w-md rounded-2xl border border-border bg-card p-6 text-fg backdrop:bg-black/60"
    >
      <h2 id="leave-heading" className="text-lg font-semibold">
        Leave without saving?
      </h2>
      <p className="mt-2 text-sm text-muted">{children}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => blocker.reset?.()}
          className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
        >
          Stay
        </button>
        <button
          type="button"
          onClick={() => blocker.proceed?.()}
          className="rounded-full bg-destructive px-4 py-2 text-sm font-semibold text-destructive-fg"
        >
          Leave
        </button>
      </div>
    </dialog>
  );
}
