import type { CaseStudy, CaseStudyTranslation } from "#db/schema";

/**
 * A case study as readers of a translation's language see it: the translation's words over the
 * source's images, figures, client and credits. A result whose label is not translated keeps the
 * source's.
 */
export function translatedStudy(source: CaseStudy, translation: CaseStudyTranslation): CaseStudy {
  return {
    ...source,
    title: translation.title,
    slug: translation.slug,
    category: translation.category,
    excerpt: translation.excerpt,
    challenge: translation.challenge,
    body: translation.body,
    outcome: translation.outcome,
    coverAlt: translation.coverAlt ?? source.coverAlt,
    tags: translation.tags,
    metrics: source.metrics.map((metric, index) => ({
      ...metric,
      label: translation.metricLabels[index] || metric.label,
    })),
  };
}
