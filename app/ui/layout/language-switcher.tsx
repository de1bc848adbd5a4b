import { useRouteLoaderData } from "react-router";

import { LANGUAGES } from "~/platform/i18n/languages";
import { type PageLanguage, useWords } from "~/platform/i18n/use-words";

/**
 * The site's languages, each a plain link (no JavaScript): to this page's version in it, or where the
 * page is not translated, to that language's home page, saying so. Each name is written in its own
 * language and marked as such (`lang`). Only on a site in more than one language.
 */
export function LanguageSwitcher() {
  const { t, lang } = useWords();
  const root = useRouteLoaderData("root") as { language?: PageLanguage } | undefined;
  const versions = root?.language?.versions ?? [];
  if (versions.length < 2) return null;
  return (
    <nav aria-label={t("language.label")}>
      <ul className="flex flex-wrap gap-x-4">
        {versions.map((version) => {
          const { native, tag } = LANGUAGES[version.lang];
          const current = version.lang === lang;
          return (
            <li key={version.lang}>
              <a
                href={version.exists ? version.path : version.home}
                hrefLang={version.lang}
                lang={tag}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center hover:text-fg md:min-h-0 ${current ? "font-semibold text-fg" : ""}`}
              >
                {native}
                {!version.exists && (
                  <>
                    {/* Seen: where the link goes instead; heard: the whole reason. */}
                    <span aria-hidden="true" lang={LANGUAGES[lang].tag} className="ml-1 text-xs">
                      {`(${t("language.toHome")})`}
                    </span>
                    <span className="sr-only" lang={LANGUAGES[lang].tag}>
                      {" "}
                      {t("language.notTranslated", { language: native })}
                    </span>
                  </>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
