import { useRouteLoaderData } from "react-router";

import { type Catalog, en } from "./catalogs/en";
import {
  ENGLISH_ONLY,
  type Language,
  LANGUAGES,
  type LanguageVersion,
  pathIn,
  type SiteLanguages,
} from "./languages";
import { type Translate, translator } from "./translate";

/** What the root loader says of the page's language (see pageLanguage in features/pages). */
export type PageLanguage = {
  lang: Language;
  /** The interface's words in it (only this language's catalog goes to the page). */
  words: Catalog;
  site: SiteLanguages;
  /** The default language's paths of the pages translated into `lang`: links to these stay in it. */
  translated: string[];
  /** This page in each of the site's languages (hreflang, the switcher). */
  versions: LanguageVersion[];
};

const ENGLISH: PageLanguage = { lang: "en", words: en, site: ENGLISH_ONLY, translated: [], versions: [] };

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The page's language from the root loader's data (meta functions get `matches`, components the hook). */
export function pageLanguageFrom(matches: MatchWithData[]): PageLanguage {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { language?: PageLanguage } | undefined;
  return root?.language ?? ENGLISH;
}

export type Words = {
  lang: Language;
  /** The language's tag for `lang` attributes and Intl ("ga-IE"). */
  tag: string;
  t: Translate;
  /** A link to a page of the site, in the page's language where that page is translated, else the default's. */
  localPath: (path: string) => string;
};

export function wordsOf(language: PageLanguage): Words {
  const { lang, site, translated } = language;
  return {
    lang,
    tag: LANGUAGES[lang].tag,
    t: translator(lang, language.words),
    localPath: (path) => {
      const [pathname = "/", rest = ""] = path.split(/(?=[?#])/, 2);
      return translated.includes(pathname) ? `${pathIn(lang, pathname, site)}${rest}` : path;
    },
  };
}

/** The interface's words in the page's language, for a component of a public page. */
export function useWords(): Words {
  const root = useRouteLoaderData("root") as { language?: PageLanguage } | undefined;
  return wordsOf(root?.language ?? ENGLISH);
}
