import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";

import { caseStudies,type CaseStudy, caseStudySlugRedirects, testimonials } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { splitLegacyWriteUp } from "~/features/case-studies/legacy-case-study";
import type { CaseStudyInput } from "~/features/site-content/index";
import { changedFields } from "~/features/site-content/index.server";
import { newPosition } from "~/features/site-content/index.server";
import { queueArtwork } from "~/features/social-cards/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, type Db, getDb } from "~/platform/db.server";
import { ConflictError, FieldError, isUniqueViolation, NotFoundError } from "~/platform/http/errors.server";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { chooseSlug } from "~/platform/text/slug";

const notDeleted = isNull(caseStudies.deletedAt);
const isPublished = and(notDeleted, eq(caseStudies.status, "published"));
const inOrder = [asc(caseStudies.position), asc(caseStudies.createdAt)];

/** Published case studies in the agency's order, optionally only those in one category. */
export function listCaseStudies({ category }: { category?: string } = {}): CaseStudy[] {
  const where = category ? and(isPublished, eq(caseStudies.category, category)) : isPublished;
  return getDb()
    .select()
    .from(caseStudies)
    .where(where)
    .orderBy(...inOrder)
    .all();
}

/** Every case study, drafts too: the admin's list. */
export function listAllCaseStudies(): CaseStudy[] {
  return getDb()
    .select()
    .from(caseStudies)
    .where(notDeleted)
    .orderBy(...inOrder)
    .all();
}

/** Each category that has at least one published case study, alphabetically: /work's filter. */
export function listCaseStudyCategories(): string[] {
  return getDb()
    .selectDistinct({ category: caseStudies.category })
    .from(caseStudies)
    .where(isPublished)
    .orderBy(asc(caseStudies.category))
    .all()
    .map((row) => row.category);
}

export function listFeaturedCaseStudies(limit = 3): CaseStudy[] {
  return getDb()
    .select()
    .from(caseStudies)
    .where(and(isPublished, eq(caseStudies.featured, true)))
    .orderBy(...inOrder)
    .limit(limit)
    .all();
}

export function getCaseStudyBySlug(
  slug: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): CaseStudy | undefined {
  return getDb()
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.slug, slug), includeDrafts ? notDeleted : isPublished))
    .get();
}

export function getCaseStudyById(id: string): CaseStudy | undefined {
  return getDb()
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.id, id), notDeleted))
    .get();
}

/** Where an old address of a case study now lives, if it was ever renamed. */
export function caseStudySlugRedirect(oldSlug: string): string | undefined {
  return getDb()
    .select({ slug: caseStudies.slug })
    .from(caseStudySlugRedirects)
    .innerJoin(caseStudies, eq(caseStudies.id, caseStudySlugRedirects.caseStudyId))
    .where(and(eq(caseStudySlugRedirects.oldSlug, oldSlug), isPublished))
    .get()?.slug;
}

/** The published case study after `project` in the agency's order (after the last, the first). */
export function nextCaseStudy(caseStudy: Pick<CaseStudy, "id">): CaseStudy | undefined {
  const all = listCaseStudies();
  if (all.length < 2) return undefined;
  const at = all.findIndex((p) => p.id === caseStudy.id);
  return all[(at + 1) % all.length];
}

/**
 * Saves a case study in one transaction: its address follows the title until it is first published,
 * then changes only when the admin changes it (the old one answers with a 301); the approach is
 * sanitized like a post's body; a new study goes first in the order. A taken address is a
 * ConflictError, an unknown testimonial a FieldError.
 */
export function saveCaseStudy(id: string | undefined, input: CaseStudyInput, now = new Date()): CaseStudy {
  const saved = getDb().transaction((tx) => {
    const before = id
      ? tx
          .select()
          .from(caseStudies)
          .where(and(eq(caseStudies.id, id), notDeleted))
          .get()
      : undefined;
    if (id && !before) throw new NotFoundError("Case study not found");
    const chosen = chooseSlug(
      input.slug,
      input.title,
      before?.publishedAt ? before.slug : null,
      "case study",
    );
    if ("error" in chosen) throw new FieldError(chosen.error.field, chosen.error.message);
    if (
      input.testimonialId &&
      !tx
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(eq(testimonials.id, input.testimonialId))
        .get()
    )
      throw new FieldError("testimonialId", "That testimonial no longer exists: choose another or none");
    const { slug: _given, ...fields } = input;
    const values = {
      ...fields,
      slug: chosen.slug,
      body: sanitizePostHtml(input.body),
      publishedAt: before?.publishedAt ?? (input.status === "published" ? now : null),
    };
    let caseStudy: CaseStudy;
    try {
      caseStudy = before
        ? tx
            .update(caseStudies)
            .set({ ...values, updatedAt: now })
            .where(eq(caseStudies.id, before.id))
            .returning()
            .get()!
        : tx
            .insert(caseStudies)
            .values({
              ...values,
              position: newPosition(tx, caseStudies, "first"),
              createdAt: now,
              updatedAt: now,
            })
            .returning()
            .get();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = `Another case study already uses the address /work/${chosen.slug}.`;
      throw new ConflictError(
        `${taken} Please choose a different ${chosen.field === "slug" ? "address" : "title"}.`,
        chosen.field,
      );
    }
    tx.delete(caseStudySlugRedirects).where(eq(caseStudySlugRedirects.oldSlug, caseStudy.slug)).run();
    if (before && before.slug !== caseStudy.slug) {
      tx.insert(caseStudySlugRedirects)
        .values({ oldSlug: before.slug, caseStudyId: caseStudy.id })
        .onConflictDoUpdate({ target: caseStudySlugRedirects.oldSlug, set: { caseStudyId: caseStudy.id } })
        .run();
    }
    if (before) audit("case-study.edited", `“${caseStudy.title}”: ${changedFields(before, caseStudy)}`, tx);
    else audit("case-study.added", `“${caseStudy.title}”`, tx);
    if (before?.status !== caseStudy.status && (before || caseStudy.status === "published")) {
      const action = caseStudy.status === "published" ? "case-study.published" : "case-study.unpublished";
      audit(action, `“${caseStudy.title}”`, tx);
    }
    return caseStudy;
  });
  contentChanged("case-studies");
  void queueArtwork("work", saved.id);
  refreshSocialCard("study", saved.id);
  return saved;
}

/**
 * Case studies written before the editor (their write-up still in the old markdown column) get their
 * challenge, approach and outcome fields from it, once: the seed's and an older database's alike.
 */
export function upgradeLegacyCaseStudies(db: Db): number {
  const legacy = db
    .select({ id: caseStudies.id, markdown: caseStudies.legacyMarkdown })
    .from(caseStudies)
    .where(ne(caseStudies.legacyMarkdown, ""))
    .all();
  db.transaction((tx) => {
    for (const { id, markdown } of legacy) {
      tx.update(caseStudies)
        .set({ ...splitLegacyWriteUp(markdown), legacyMarkdown: "" })
        .where(eq(caseStudies.id, id))
        .run();
    }
  });
  if (legacy.length) contentChanged("case-studies", db);
  return legacy.length;
}

/** Publishes or hides a case study from the list; first published now, its address stays put from then on. */
export function setCaseStudyStatus(id: string, status: "draft" | "published", now = new Date()) {
  const changed = getDb()
    .update(caseStudies)
    .set({
      status,
      updatedAt: now,
      ...(status === "published" && {
        publishedAt: sql`coalesce(${caseStudies.publishedAt}, ${now.getTime()})`,
      }),
    })
    .where(and(eq(caseStudies.id, id), notDeleted))
    .run().changes;
  if (!changed) throw new NotFoundError("Case study not found");
  const { title } = getCaseStudyById(id)!;
  audit(status === "published" ? "case-study.published" : "case-study.unpublished", `“${title}”`);
  contentChanged("case-studies");
  refreshSocialCard("study", id);
}
