import { useEffect } from "react";
import { Link } from "react-router";

import { momentInDublin } from "~/platform/text/dates";
import { toast } from "~/ui/feedback/toast";

import type { AutosaveState } from "./use-autosave";

const clock = new Intl.DateTimeFormat("en-IE", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Dublin",
});
/** The admin's one way of writing a moment. */
const dayAndClock = { format: (at: Date) => momentInDublin(at) };

/** Beside the editor's title: whether what is typed is safe. */
export function AutosaveNotice({ state }: { state: AutosaveState }) {
  const text = {
    clean: "",
    dirty: "Unsaved changes",
    saving: "Saving draft copy…",
    saved: state.kind === "saved" ? `Draft copy saved ${clock.format(state.at)}` : "",
    failed: "Could not save a draft copy: check your connection",
  }[state.kind];
  return (
    <p
      aria-live="polite"
      className={`hidden text-sm sm:block ${state.kind === "failed" ? "text-destructive" : "text-muted"}`}
    >
      {text}
    </p>
  );
}

/**
 * Work typed after the last save (the tab was closed, the browser crashed): offered back, named by its
 * title. A new post or case study has one such copy: typing a new one replaces it, so the banner says so.
 */
export function UnsavedWorkBanner({
  at,
  title,
  restoreTo,
  what,
  isNew,
}: {
  at: Date;
  title: string;
  restoreTo: string;
  what: string;
  isNew: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent px-4 py-3 text-sm"
    >
      {/* Beside its buttons where there is room for both, above them on a phone. */}
      <p className="min-w-64 flex-1">
        {isNew ? (
          <>
            You have an unsaved new {what}
            {title ? <>, “{title}”,</> : ""} from {dayAndClock.format(new Date(at))}. Restore it to go on with
            it: typing a new one here replaces it.
          </>
        ) : (
          <>
            You have unsaved changes{title ? <> (“{title}”)</> : ""} from {dayAndClock.format(new Date(at))}{" "}
            that were never saved to the {what}.
          </>
        )}
      </p>
      <div className="flex shrink-0 gap-2">
        <Link to={restoreTo} className="rounded-full bg-primary px-4 py-2 font-semibold text-primary-fg">
          {isNew ? "Restore it" : "Restore them"}
        </Link>
        <button
          type="submit"
          name="intent"
          value="discard-autosave"
          formNoValidate
          className="rounded-full border border-border px-4 py-2 font-semibold hover:border-primary"
        >
          Discard
        </button>
      </div>
    </div>
  );
}

/**
 * After a save the editor opens on the saved item (?saved=<slug>): a toast says so, with the address
 * (`title` says what happened: created, updated, scheduled).
 */
export function useSavedToast(
  saved: string | null | undefined,
  title: string,
  prefix: string,
  description?: string,
) {
  useEffect(() => {
    if (saved) toast({ title, description: description ?? `${prefix}${saved}` });
  }, [saved, title, prefix, description]);
}
