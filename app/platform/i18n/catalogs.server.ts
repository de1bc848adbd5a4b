import { de } from "./catalogs/de";
import { type Catalog, en } from "./catalogs/en";
import { fr } from "./catalogs/fr";
import { ga } from "./catalogs/ga";
import type { Language } from "./languages";
import { type Translate, translator } from "./translate";

const CATALOGS: Record<Language, Catalog> = { en, ga, de, fr };

/** A language's interface words (every id; the server's copy, sent to pages by the root loader). */
export const catalogOf = (lang: Language): Catalog => CATALOGS[lang];

/** `t()` in `lang`, for a loader's or action's words (form errors, e-mails). */
export const translatorFor = (lang: Language): Translate => translator(lang, CATALOGS[lang]);
