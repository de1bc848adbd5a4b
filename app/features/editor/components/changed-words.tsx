import type { ChangedField } from "../revision-changes";

/** A changed field's words: removed ones struck through, added ones highlighted, the rest as they were. */
export function ChangedWords({ parts }: { parts: ChangedField["parts"] }) {
  return parts.map((part, index) =>
    part.removed ? (
      <del key={index} className="bg-destructive/10 text-destructive">
        {part.text}
      </del>
    ) : part.added ? (
      <ins key={index} className="bg-secondary/15 text-fg no-underline">
        {part.text}
      </ins>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
