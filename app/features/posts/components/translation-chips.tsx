import { Link } from "react-router";

/** A post's translation into one of the site's other languages, as the admin's lists show it. */
export type TranslationChip = { lang: string; state: "missing" | "draft" | "up to date" | "outdated" };

const ink: Record<TranslationChip["state"], string> = {
  missing: "border-border text-muted",
  draft: "border-accent/60 text-accent",
  "up to date": "border-secondary/60 text-secondary",
  outdated: "border-destructive/60 text-destructive",
};

/**
 * "GA · outdated": one chip a language of the site, each leading to where the translation is written
 * beside its source. Nothing on a site in one language.
 */
export function TranslationChips({
  postId,
  chips,
}: {
  postId: string;
  chips: TranslationChip[] | undefined;
}) {
  if (!chips?.length) return null;
  return (
    <ul aria-label="Translations" className="mt-2 flex flex-wrap gap-1">
      {chips.map((chip) => (
        <li key={chip.lang}>
          <Link
            to={`/admin/posts/${postId}/translate/${chip.lang}`}
            className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold hover:underline ${ink[chip.state]}`}
          >
            {chip.lang.toUpperCase()} · {chip.state}
          </Link>
        </li>
      ))}
    </ul>
  );
}
