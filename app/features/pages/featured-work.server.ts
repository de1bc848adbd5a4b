import { createHash } from "node:crypto";

import { listCaseStudies, studiesInLanguage } from "~/features/case-studies/index.server";
import { contentVersion, type Db, getDb } from "~/platform/db.server";
import { type Language, prefixOf } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { FeaturedWork } from "~/platform/pages/not-found.server";

const kept = new WeakMap<Db, { version: string; choices: Map<string, FeaturedWork[]> }>();

/** How many featured studies a 404 chooses among. */
const CHOICES = 6;

/**
 * The piece of work a 404 shows: one of the featured case studies (else the first published one), in
 * the language of the address asked for (under a prefix only those translated into it, in its words).
 * Which one follows from the address, so the same wrong address always shows the same piece while the
 * site's 404s show its range of work rather than one study everywhere; never the page the 404 offers
 * (`except`). The choices are kept until the case studies change, as a 404 is what scanners ask for
 * most.
 */
export function featuredWork(pathname = "/", except?: string): FeaturedWork | null {
  const db = getDb();
  const lang = prefixOf(pathname)?.lang ?? siteLanguages().default;
  const version = contentVersion("case-studies", db);
  let found = kept.get(db);
  if (found?.version !== version) kept.set(db, (found = { version, choices: new Map() }));
  let choices = found.choices.get(lang);
  if (!choices) found.choices.set(lang, (choices = choicesIn(lang)));
  const open = choices.filter((work) => work.path !== except);
  if (open.length === 0) return null;
  return open[createHash("sha1").update(pathname).digest().readUInt32BE(0) % open.length]!;
}

/** The featured studies readers of `lang` can read (else the first published one), as a 404 shows them. */
function choicesIn(lang: Language): FeaturedWork[] {
  const translatedInto = lang === siteLanguages().default ? undefined : lang;
  const featured = listCaseStudies({ featured: true, translatedInto, limit: CHOICES });
  const shown = featured.length > 0 ? featured : listCaseStudies({ translatedInto, limit: 1 });
  return studiesInLanguage(shown, lang).map((study) => {
    const first = study.metrics[0];
    return {
      path: study.href,
      title: study.title,
      client: study.clientName,
      cover: study.coverImage,
      result: first ? `${first.value} ${first.label}` : null,
    };
  });
}
