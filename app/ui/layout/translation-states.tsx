import { Link } from "react-router";

import { isLanguage, LANGUAGES } from "~/platform/i18n/languages";

/** An item's translation into one of the site's other languages, as the admin's lists show it. */
export type TranslationState = { lang: string; state: "missing" | "draft" | "up to date" | "outdated" };

const tone: Record<TranslationState["state"], string> = {
  missing: "border-border text-muted",
  draft: "border-accent/40 text-accent",
  "up to date": "border-secondary/40 text-secondary",
  outdated: "border-destructive/50 text-destructive",
};

/**
 * "Irish: outdated": one link a language of the site, saying its state, to where the translation is
 * written beside its source. Nothing on a site in one language.
 */
export function TranslationStates({
  title,
  states,
  hrefOf,
}: {
  title: string;
  states: TranslationState[] | undefined;
  hrefOf: (lang: string) => string;
}) {
  if (!states?.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Translations of ${title}`}>
      {states.map(({ lang, state }) => (
        <li key={lang}>
          <Link
            to={hrefOf(lang)}
            className={`inline-flex min-h-8 items-center rounded-full border px-3 text-xs font-semibold hover:border-primary ${tone[state]}`}
          >
            {`${isLanguage(lang) ? LANGUAGES[lang].name : lang.toUpperCase()}: ${state}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}
