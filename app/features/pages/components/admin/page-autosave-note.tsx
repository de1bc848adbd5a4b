import type { useAutosave } from "~/features/editor";

type AutosaveState = ReturnType<typeof useAutosave>["state"];

const clock = new Intl.DateTimeFormat("en-IE", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Dublin",
});

/**
 * What the page form says of typing not yet saved. The page itself has a "draft" (Save draft), so the
 * safety copy the autosave keeps is never called one: first that the page is not saved, then that the
 * typing is safe.
 */
export function autosaveWords(state: AutosaveState): string {
  switch (state.kind) {
    case "clean":
      return "";
    case "dirty":
      return "Unsaved changes";
    case "saving":
      return "Unsaved changes · keeping a copy…";
    case "saved":
      return `Unsaved changes · a copy is kept (${clock.format(state.at)})`;
    case "failed":
      return "Unsaved changes · no copy kept: check your connection";
  }
}

/** Beside the page's buttons: whether what is typed is saved, and safe. */
export function PageAutosaveNote({ state, className = "" }: { state: AutosaveState; className?: string }) {
  return (
    <p
      aria-live="polite"
      className={`text-sm ${state.kind === "failed" ? "text-destructive" : "text-muted"} ${className}`}
    >
      {autosaveWords(state)}
    </p>
  );
}
