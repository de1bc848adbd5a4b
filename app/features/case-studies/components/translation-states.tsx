import { Link } from "react-router";

type State = { lang: string; language: string; state: "missing" | "draft" | "up to date" | "outdated" };

const tone: Record<State["state"], string> = {
  missing: "border-border text-muted",
  draft: "border-accent/40 text-accent",
  "up to date": "border-secondary/40 text-secondary",
  outdated: "border-destructive/50 text-destructive",
};

/** A case study's translations in the admin's list: one link a language, saying its state, to its form. */
export function TranslationStates({ id, title, states }: { id: string; title: string; states: State[] }) {
  if (!states.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Translations of ${title}`}>
      {states.map(({ lang, language, state }) => (
        <li key={lang}>
          <Link
            to={`/admin/case-studies/${id}/translate/${lang}`}
            className={`inline-flex min-h-8 items-center rounded-full border px-3 text-xs font-semibold hover:border-primary ${tone[state]}`}
          >
            {`${language}: ${state}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}
