import type { CaseStudy } from "#db/schema";

/**
 * A case study as /api/work answers it. Every field is named here (the emptied pre-editor markdown
 * column and the deletion mark are not among them), so a column added to the table stays out of the
 * public answer until someone decides it belongs in it (and lists it in docs/product.md).
 */
export function caseStudyJson(caseStudy: CaseStudy) {
  return {
    id: caseStudy.id,
    title: caseStudy.title,
    slug: caseStudy.slug,
    clientName: caseStudy.clientName,
    excerpt: caseStudy.excerpt,
    challenge: caseStudy.challenge,
    body: caseStudy.body,
    outcome: caseStudy.outcome,
    category: caseStudy.category,
    coverImage: caseStudy.coverImage,
    coverAlt: caseStudy.coverAlt,
    gallery: caseStudy.gallery,
    metrics: caseStudy.metrics,
    tags: caseStudy.tags,
    credits: caseStudy.credits,
    testimonialId: caseStudy.testimonialId,
    featured: caseStudy.featured,
    status: caseStudy.status,
    position: caseStudy.position,
    publishedAt: caseStudy.publishedAt,
    unpublishAt: caseStudy.unpublishAt,
    endedAt: caseStudy.endedAt,
    endRedirect: caseStudy.endRedirect,
    createdAt: caseStudy.createdAt,
    updatedAt: caseStudy.updatedAt,
  };
}
