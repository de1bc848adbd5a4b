import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";

import { caseStudies, type CaseStudy, oldAddresses, testimonials } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { splitLegacyWriteUp } from "~/features/case-studies/legacy-case-study";
import {
  checkEnd,
  checkEndRedirect,
  type EditedType,
  getRevision,
  saveEdited,
  type SaveOptions,
} from "~/features/editor/index.server";
import { shareAltText } from "~/features/media/index.server";
import { changedFields } from "~/features/site-content/index.server";
import { queueArtwork } from "~/features/social-cards/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, type Db, getDb, type Tx } from "~/platform/db.server";
import { FieldError, NotFoundError } from "~/platform/http/errors.server";
import type { Language } from "~/platform/i18n/languages";
import { newPosition } from "~/platform/ordered-lists.server";
import { excerptFromBody, shortenText } from "~/platform/text/excerpt";
import { checkBody, sanitizePostHtml } from "~/platform/text/sanitize.server";
import { caseStudySlugOf, likeAnyCase, spellingAmong } from "~/platform/text/slug";

import { countMarkedCaseStudies, recordCaseStudyChecks } from "./case-study-checks.server";
import { auditCaseStudyEnd, caseStudySlugIn, wakeCaseStudyEnds } from "./case-study-end.server";
import {
  crediting,
  publishedCaseStudies,
  publishedCaseStudyAddresses,
  translatedInto,
} from "./case-study-lists.server";
import type { CaseStudyInput } from "./case-study-schema";

const notDeleted = isNull(caseStudies.deletedAt);
const isPublished = and(notDeleted, eq(caseStudies.status, "published"));
const inOrder = [asc(caseStudies.position), asc(caseStudies.createdAt)];

/** The published case studies that credit a service (by its title), in the agency's order. */
export function listCaseStudiesCrediting(service: string, limit?: number): CaseStudy[] {
  return publishedCaseStudies({ where: crediting(service), limit });
}

/**
 * Case studies credit a service by its title: when a service is published under a new title, every
 * study (drafts and deleted ones too) credits the new one, in the publish's own transaction, so the
 * service page keeps its proof and the credits keep their links. Returns how many studies changed (the
 * caller marks the case studies changed once its transaction is done).
 */
export function renameCredit(from: string, to: string, tx: Tx): number {
  const crediting = tx
    .select({ id: caseStudies.id, credits: caseStudies.credits })
    .from(caseStudies)
    .all()
    .filter((study) => study.credits.includes(from));
  for (const study of crediting) {
    const credits = [...new Set(study.credits.map((credit) => (credit === from ? to : credit)))];
    tx.update(caseStudies).set({ credits }).where(eq(caseStudies.id, study.id)).run();
  }
  return crediting.length;
}

/**
 * Published case studies in the agency's order, whole: at most `limit`, only those of `category`, only
 * those with a live translation into `translatedInto` (featured ones if asked). Lists that show a few name how many.
 */
export function listCaseStudies({
  category,
  limit,
  translatedInto: lang,
  featured,
}: { category?: string; limit?: number; translatedInto?: Language; featured?: boolean } = {}): CaseStudy[] {
  return publishedCaseStudies({
    where: and(
      featured === undefined ? undefined : eq(caseStudies.featured, featured),
      category === undefined ? undefined : eq(caseStudies.category, category),
      lang === undefined ? undefined : translatedInto(lang),
    ),
    limit,
  });
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
/** The categories of the published case studies, the one with most studies first (then by name). */
export function listCaseStudyCategories(): string[] {
  // Grouped in the category index's order (no sort of the studies); the few groups are ordered here.
  return getDb()
    .select({ category: caseStudies.category, studies: sql<number>`count(*)` })
    .from(caseStudies)
    .where(isPublished)
    .groupBy(caseStudies.category)
    .orderBy(asc(caseStudies.category))
    .all()
    .sort((a, b) => b.studies - a.studies)
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

/**
 * The slug of the published case study that `sent` names in another case, or undefined when one has
 * `sent` as it is or none has it in any case.
 */
export function publishedCaseStudySlugSpelledAs(sent: string): string | undefined {
  const stored = getDb()
    .select({ slug: caseStudies.slug })
    .from(caseStudies)
    .where(and(isPublished, sql`${caseStudies.slug} like ${likeAnyCase(sent)} escape '\\'`))
    .all();
  return spellingAmong(
    sent,
    stored.map((row) => row.slug),
  );
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
    .from(oldAddresses)
    .innerJoin(caseStudies, eq(caseStudies.id, oldAddresses.caseStudyId))
    .where(and(eq(oldAddresses.kind, "case-study"), eq(oldAddresses.oldSlug, oldSlug), isPublished))
    .get()?.slug;
}

/** The published case study after `caseStudy` in the agency's order (after the last, the first). */
export function nextCaseStudy(caseStudy: Pick<CaseStudy, "id">): CaseStudy | undefined {
  const all = publishedCaseStudyAddresses();
  if (all.length < 2) return undefined;
  const at = all.findIndex((p) => p.id === caseStudy.id);
  return getCaseStudyById(all[(at + 1) % all.length]!.id);
}

/** A case study's editable fields as saved (the snapshot a revision keeps). */
export type CaseStudySnapshot = CaseStudyInput & { slug: string };

export function caseStudySnapshotOf(caseStudy: CaseStudy): CaseStudySnapshot {
  return {
    title: caseStudy.title,
    slug: caseStudy.slug,
    clientName: caseStudy.clientName,
    category: caseStudy.category,
    excerpt: caseStudy.excerpt,
    challenge: caseStudy.challenge,
    body: caseStudy.body,
    outcome: caseStudy.outcome,
    coverImage: caseStudy.coverImage,
    coverAlt: caseStudy.coverAlt,
    gallery: caseStudy.gallery.map((image) => ({ ...image, caption: image.caption ?? "" })),
    metrics: caseStudy.metrics,
    tags: caseStudy.tags,
    credits: caseStudy.credits,
    testimonialId: caseStudy.testimonialId,
    featured: caseStudy.featured,
    status: caseStudy.status,
    unpublishAt: caseStudy.unpublishAt,
    endRedirect: caseStudy.endRedirect,
  };
}

/** How the editor keeps a case study. */
const caseStudyType: EditedType<CaseStudy, CaseStudyInput> = {
  kind: "case-study",
  noun: "case study",
  prefix: "/work/",
  find: (tx, id) =>
    tx
      .select()
      .from(caseStudies)
      .where(and(eq(caseStudies.id, id), notDeleted))
      .get(),
  slugOfTitle: caseStudySlugOf,
  wentLive: (caseStudy) => caseStudy?.publishedAt ?? null,
  write(tx, { before, draft, slug, now }) {
    if (
      draft.testimonialId &&
      !tx
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(eq(testimonials.id, draft.testimonialId))
        .get()
    )
      throw new FieldError("testimonialId", "That testimonial no longer exists: choose another or none");
    checkEndRedirect(draft, slug, caseStudySlugIn, "case study");
    const { slug: _given, newQuote, ...fields } = draft;
    if (newQuote?.quote && newQuote.name) {
      const quote = tx
        .insert(testimonials)
        .values({
          quote: newQuote.quote,
          name: newQuote.name,
          role: newQuote.role ?? "",
          company: draft.clientName,
          status: "published",
          position: newPosition(tx, testimonials),
        })
        .returning({ id: testimonials.id })
        .get();
      audit("testimonial.added", `“${newQuote.name}”, with the case study “${draft.title}”`, tx);
      fields.testimonialId = quote.id;
    }
    const values = {
      ...fields,
      slug,
      body: sanitizePostHtml(draft.body),
      publishedAt: before?.publishedAt ?? (draft.status === "published" ? now : null),
      unpublishAt: draft.unpublishAt ?? null,
      endRedirect: draft.endRedirect ?? null,
      // Live again: it has not ended (yet).
      endedAt: draft.status === "draft" ? (before?.endedAt ?? null) : null,
    };
    shareAltText(tx, values.body, [{ url: values.coverImage, alt: values.coverAlt }, ...values.gallery]);
    const saved = before
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
            position: newPosition(tx, caseStudies),
            createdAt: now,
            updatedAt: now,
          })
          .returning()
          .get();
    return recordCaseStudyChecks(tx, saved, before?.title);
  },
  snapshotOf: caseStudySnapshotOf,
  audit(tx, before, caseStudy) {
    if (before) audit("case-study.edited", `“${caseStudy.title}”: ${changedFields(before, caseStudy)}`, tx);
    else audit("case-study.added", `“${caseStudy.title}”`, tx);
    if (before?.status !== caseStudy.status && (before || caseStudy.status === "published")) {
      const action = caseStudy.status === "published" ? "case-study.published" : "case-study.unpublished";
      audit(action, `“${caseStudy.title}”`, tx);
    }
    auditCaseStudyEnd(tx, before, caseStudy);
  },
  saved(caseStudy) {
    contentChanged("case-studies");
    void queueArtwork("work", caseStudy.id);
    refreshSocialCard("study", caseStudy.id);
    if (caseStudy.unpublishAt) wakeCaseStudyEnds();
  },
};

/**
 * Saves a case study (the editor's one save): its address follows the title until it is first
 * published, then changes only when the admin changes it (the old one answers with a 301); the
 * approach is sanitized like a post's body; a new study goes first in the order; a revision is kept
 * once it has been live. A taken address is a ConflictError, an unknown testimonial a FieldError.
 */
export function saveCaseStudy(
  id: string | undefined,
  input: CaseStudyInput,
  options: SaveOptions = {},
): CaseStudy {
  checkEnd(input, options.now ?? new Date(), "case study");
  checkBody("body", "The approach", input.body);
  const excerpt = input.excerpt.trim() || madeSummary(input);
  if (!excerpt)
    throw new FieldError("excerpt", "Write a summary, or the challenge or approach to make one from");
  const saved = saveEdited(caseStudyType, id, { ...input, excerpt }, options);
  void countMarkedCaseStudies();
  return saved;
}

/** A summary left empty: the first words of the challenge, else of the approach, else of the outcome. */
const madeSummary = (input: CaseStudyInput) =>
  shortenText(input.challenge) || excerptFromBody(sanitizePostHtml(input.body)) || shortenText(input.outcome);

/**
 * Puts a revision's words, images and results back (a save like any other, so it keeps a revision
 * too). The address, the status, the place on the home page and the end stay as they are now.
 */
export function restoreCaseStudyRevision(
  id: string,
  revisionId: string,
  options: SaveOptions = {},
): CaseStudy {
  const { snapshot } = getRevision<CaseStudySnapshot>("case-study", id, revisionId);
  const current = getCaseStudyById(id);
  if (!current) throw new NotFoundError("Case study not found");
  return saveCaseStudy(
    id,
    {
      ...snapshot,
      slug: current.slug,
      status: current.status,
      featured: current.featured,
      unpublishAt: current.unpublishAt,
      endRedirect: current.endRedirect,
    },
    options,
  );
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
