import { z } from "zod";

import { languageSettings } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { caseStudyLanguagesInUse } from "~/features/case-studies/index.server";
import { postLanguagesInUse } from "~/features/posts/index.server";
import { itemLanguagesInUse } from "~/features/site-content/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { ConflictError, FieldError } from "~/platform/http/errors.server";
import {
  isLanguage,
  type Language,
  LANGUAGE_CODES,
  LANGUAGES,
  type SiteLanguages,
} from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";

import { languagesInUse } from "./page-translations.server";

/** What PUT /api/languages and the settings form send: the default language and every language of the site. */
export const LanguagesInputSchema = z.strictObject({
  default: z.string({ error: "Name the default language" }).max(10, "Unknown language"),
  languages: z
    .array(z.string().max(10, "Unknown language"), { error: "List the site's languages" })
    .min(1, "List at least the default language")
    .max(LANGUAGE_CODES.length * 2, `The site can be in at most ${LANGUAGE_CODES.length} languages`),
});

const nameOf = (code: Language) => LANGUAGES[code].name;

/**
 * Sets the site's languages (the owner's, from Site settings or the API). Refused with nothing changed:
 * a language the product has no words for, one named twice, a default not among them, a language
 * dropped while pages are translated into it, and a new default while any translation exists (the
 * pages' own words are in the default language: the translations were made from them).
 */
export function saveSiteLanguages(input: z.infer<typeof LanguagesInputSchema>): SiteLanguages {
  const unknown = [input.default, ...input.languages].find((code) => !isLanguage(code));
  if (unknown !== undefined)
    throw new FieldError(
      unknown === input.default ? "default" : "languages",
      `Unknown language “${unknown.slice(0, 10)}”: the site has words for ${LANGUAGE_CODES.join(", ")}`,
    );
  const codes = input.languages as Language[];
  const twice = codes.find((code, index) => codes.indexOf(code) !== index);
  if (twice) throw new FieldError("languages", `${nameOf(twice)} is listed twice`);
  const chosen = input.default as Language;
  if (!codes.includes(chosen))
    throw new FieldError(
      "default",
      `The default language (${nameOf(chosen)}) must be one of the site's languages`,
    );
  const before = siteLanguages();
  // Pages', posts', case studies' and the site's items' translations alike: dropping their language
  // would leave them unreachable.
  const using = [
    { what: "Pages", langs: languagesInUse() },
    { what: "Posts", langs: postLanguagesInUse() },
    { what: "Case studies", langs: caseStudyLanguagesInUse() },
    { what: "Team members, testimonials or packages", langs: itemLanguagesInUse() },
  ];
  const inUse = [...new Set(using.flatMap((user) => user.langs))];
  const dropped = inUse.filter((code) => !codes.includes(code));
  if (dropped.length)
    throw new ConflictError(
      `${using.find((user) => user.langs.some((code) => dropped.includes(code)))!.what} are translated into ${dropped.map(nameOf).join(" and ")}: keep ${dropped.length > 1 ? "them" : "it"} while translations use ${dropped.length > 1 ? "them" : "it"}`,
    );
  if (chosen !== before.default && inUse.length)
    throw new ConflictError(
      `The pages' own words are in ${nameOf(before.default)} and translated from it: the default language cannot change while translations exist`,
    );
  const languages = [chosen, ...codes.filter((code) => code !== chosen)];
  getDb().transaction(
    (tx) => {
      tx.insert(languageSettings)
        .values({ id: 1, defaultLanguage: chosen, languages, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: languageSettings.id,
          set: { defaultLanguage: chosen, languages, updatedAt: new Date() },
        })
        .run();
      audit("languages.changed", `Default ${nameOf(chosen)}; ${languages.map(nameOf).join(", ")}`, tx);
    },
    { behavior: "immediate" },
  );
  // Every page names the site's languages (the switcher, hreflang): the whole page cache goes.
  contentChanged("site");
  return siteLanguages();
}

/** The site's languages as /api/languages answers: the default, the site's, and the ones it could add. */
export function languagesJson(site: SiteLanguages) {
  return {
    default: site.default,
    languages: site.languages,
    available: LANGUAGE_CODES.map((code) => ({
      code,
      name: LANGUAGES[code].name,
      native: LANGUAGES[code].native,
    })),
  };
}
