import { listCaseStudies, studiesInLanguage } from "~/features/case-studies/index.server";
import { contentVersion, type Db, getDb } from "~/platform/db.server";
import { prefixOf } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import type { FeaturedWork } from "~/platform/pages/not-found.server";

const kept = new WeakMap<Db, { version: string; work: Map<string, FeaturedWork | null> }>();

/**
 * The piece of work a 404 shows: the first featured case study (else the first published one), in the
 * language of the address asked for: under a prefix the first one translated into it, in its words, or
 * none (untranslated means absent). Kept until the case studies change, as a 404 is what scanners ask
 * for most.
 */
export function featuredWork(pathname = "/"): FeaturedWork | null {
  const db = getDb();
  const lang = prefixOf(pathname)?.lang ?? siteLanguages().default;
  const version = contentVersion("case-studies", db);
  let found = kept.get(db);
  if (found?.version !== version) kept.set(db, (found = { version, work: new Map() }));
  if (found.work.has(lang)) return found.work.get(lang)!;
  // Only studies readers of `lang` can read are looked at, and only the first is read whole.
  const translatedInto = lang === siteLanguages().default ? undefined : lang;
  const shown =
    listCaseStudies({ featured: true, translatedInto, limit: 1 })[0] ??
    listCaseStudies({ translatedInto, limit: 1 })[0];
  const study = shown && studiesInLanguage([shown], lang)[0];
  const first = study?.metrics[0];
  const work = study
    ? {
        path: study.href,
        title: study.title,
        client: study.clientName,
        cover: study.coverImage,
        result: first ? `${first.value} ${first.label}` : null,
      }
    : null;
  found.work.set(lang, work);
  return work;
}
