import type { CaseStudy, CaseStudyTranslation } from "#db/schema";
import { translationStateOf } from "~/platform/i18n/translation-rules.server";

/**
 * A case study's translation as /api/work answers it: its source (`translationOf`), language and state
 * beside its own words. Every field is named here, as for a case study.
 */
export function caseStudyTranslationJson(
  translation: CaseStudyTranslation,
  source: Pick<CaseStudy, "updatedAt">,
) {
  return {
    id: translation.id,
    translationOf: translation.caseStudyId,
    lang: translation.lang,
    state: translationStateOf(translation, source),
    title: translation.title,
    slug: translation.slug,
    category: translation.category,
    excerpt: translation.excerpt,
    challenge: translation.challenge,
    body: translation.body,
    outcome: translation.outcome,
    coverAlt: translation.coverAlt,
    metricLabels: translation.metricLabels,
    tags: translation.tags,
    seoTitle: translation.seoTitle,
    seoDescription: translation.seoDescription,
    status: translation.status,
    publishedAt: translation.publishedAt,
    createdAt: translation.createdAt,
    updatedAt: translation.updatedAt,
  };
}
