import { listCaseStudies, listFeaturedCaseStudies } from "~/features/case-studies/index.server";
import { contentVersion, type Db, getDb } from "~/platform/db.server";
import type { FeaturedWork } from "~/platform/pages/not-found.server";

const kept = new WeakMap<Db, { version: string; work: FeaturedWork | null }>();

/**
 * The piece of work a 404 shows: the first featured case study (else the first published one). Kept
 * until the case studies change, as a 404 is what scanners ask for most.
 */
export function featuredWork(): FeaturedWork | null {
  const db = getDb();
  const version = contentVersion("case-studies", db);
  const found = kept.get(db);
  if (found?.version === version) return found.work;
  const study = listFeaturedCaseStudies()[0] ?? listCaseStudies()[0];
  const first = study?.metrics[0];
  const work = study
    ? {
        path: `/work/${study.slug}`,
        title: study.title,
        client: study.clientName,
        cover: study.coverImage,
        result: first ? `${first.value} ${first.label}` : null,
      }
    : null;
  kept.set(db, { version, work });
  return work;
}
