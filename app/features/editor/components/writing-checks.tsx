import { useDeferredValue, useMemo } from "react";

import {
  bodyReadingEase,
  checkWriting,
  type WritingInput,
  type WritingProblem,
} from "~/platform/text/writing-checks";

/**
 * What only the server knows of the saved item, for the checks as one types: the title another item
 * already has (while the title is still that) and the internal links whose pages do not exist.
 */
export type SavedCheckFacts = { duplicateTitle: string | null; brokenLinks: string[] };

/**
 * The checks of what is in the form now: the same pure checks the server stores on save, run on a
 * deferred copy of the values so typing never waits for them.
 */
export function useWritingChecks(input: WritingInput, saved?: SavedCheckFacts) {
  const deferred = useDeferredValue(input);
  return useMemo(() => {
    const broken = new Set(saved?.brokenLinks ?? []);
    const title = deferred.title.trim().toLowerCase();
    const problems = checkWriting(deferred, {
      duplicateTitle: Boolean(saved?.duplicateTitle && title === saved.duplicateTitle.trim().toLowerCase()),
      pageExists: saved ? (path) => !broken.has(path) : undefined,
    });
    return { problems, ease: bodyReadingEase(deferred.html, deferred.lang) };
  }, [deferred, saved]);
}

/**
 * Takes the writer to the field a problem is in. The body's textarea is hidden behind the rich-text
 * editor, so its editable area takes the focus instead.
 */
function goTo(name: string) {
  const field = document.getElementsByName(name)[0];
  if (!field) return;
  const shown = field.getClientRects().length > 0;
  const target = shown
    ? field
    : field.closest("[data-body-field]")?.querySelector<HTMLElement>("[contenteditable='true']");
  (target ?? field).scrollIntoView({ block: "center" });
  (target ?? field).focus({ preventScroll: true });
}

const easeWords = (score: number) => {
  if (score >= 60) return "plain English";
  if (score >= 50) return "fairly hard";
  return "hard going";
};

/**
 * The checks beside the editor: a short list that follows what is typed, each problem a link to its
 * field. None blocks a save; publishing with problems open asks once (PublishAskNotice, on top).
 */
export function WritingChecks({
  problems,
  ease,
  fieldIds,
  bodyName,
}: {
  problems: WritingProblem[];
  ease: { score: number; words: number } | null;
  /** The form's id for each field name a problem names. */
  fieldIds: Record<string, string | undefined>;
  /** The body field's name in this kind's form ("content", "body"). */
  bodyName: string;
}) {
  return (
    <section
      aria-labelledby="writing-checks-heading"
      className="grid min-w-0 grid-cols-1 gap-3 rounded-2xl border border-border bg-card p-5"
    >
      <h2 id="writing-checks-heading" className="font-semibold">
        Checks {problems.length > 0 && <span className="text-destructive">({problems.length})</span>}
      </h2>
      {problems.length === 0 ? (
        <p className="text-sm text-secondary">
          Nothing to fix: alt text, headings, links and search all read well.
        </p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {problems.map((problem, index) => {
            const id = fieldIds[problem.field];
            return (
              <li key={`${problem.code}-${index}`} className="min-w-0 [overflow-wrap:anywhere]">
                {id ? (
                  <a
                    href={`#${id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      goTo(problem.field === "content" ? bodyName : problem.field);
                    }}
                    className="font-semibold text-primary hover:underline"
                  >
                    {problem.where}
                  </a>
                ) : (
                  <span className="font-semibold">{problem.where}</span>
                )}
                : {problem.message}
              </li>
            );
          })}
        </ul>
      )}
      {ease && (
        <p className="text-sm text-muted">
          Reading ease {ease.score} ({easeWords(ease.score)}; Flesch, from {ease.words} words).
        </p>
      )}
    </section>
  );
}
