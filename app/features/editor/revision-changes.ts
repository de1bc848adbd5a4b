import { type ChangeObject, diffLines, diffWords } from "diff";

import { htmlToText } from "~/platform/text/html-text";

/** A field of a post or case study as the revisions screen names it; `html` fields are compared as text. */
export type ComparedField = { name: string; label: string; html?: boolean };

export type ChangedField = {
  label: string;
  /** The words as they are now and as the revision has them: `removed` goes, `added` comes back. */
  parts: { text: string; added?: true; removed?: true }[];
};

/** A field's value as words: lists joined, rows (results, gallery) one per line. */
function wordsOf(value: unknown, html = false): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return html ? htmlToText(value, { lines: true }) : value;
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === "object"
          ? Object.values(item as Record<string, unknown>)
              .filter((part) => typeof part === "string" && part)
              .join(" · ")
          : String(item),
      )
      .join(typeof value[0] === "object" ? "\n" : ", ");
  return String(value);
}

/**
 * How far a comparison may go. Word by word takes time in the length times the number of changes: two
 * versions of 8,000 words each, every word changed, held the site's thread 8.9 s. Past these it
 * compares paragraph by paragraph, and past that shows the field as it is now and as it was.
 */
const BOUNDS = { maxEditLength: 2_000, timeout: 100 };

function partsOf(before: string, after: string): ChangeObject<string>[] {
  return (
    diffWords(before, after, BOUNDS) ??
    diffLines(before, after, BOUNDS) ?? [
      { value: before, removed: true, added: false, count: 1 },
      { value: after, added: true, removed: false, count: 1 },
    ]
  );
}

/**
 * What restoring a revision would change: every compared field whose words differ between now and the
 * revision, word by word (from now to the revision).
 */
export function revisionChanges(
  now: Record<string, unknown>,
  revision: Record<string, unknown>,
  fields: ComparedField[],
): ChangedField[] {
  const changed: ChangedField[] = [];
  for (const { name, label, html } of fields) {
    const before = wordsOf(now[name], html);
    const after = wordsOf(revision[name], html);
    if (before === after) continue;
    changed.push({
      label,
      parts: partsOf(before, after).map(({ value, added, removed }) => ({
        text: value,
        ...(added ? { added: true as const } : {}),
        ...(removed ? { removed: true as const } : {}),
      })),
    });
  }
  return changed;
}
