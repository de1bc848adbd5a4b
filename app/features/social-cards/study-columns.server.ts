import { caseStudies } from "#db/schema";

/**
 * What a study's drawn cover and its card are made from: never its write-up, which may hold 100 kB,
 * for every live study at start-up.
 */
export const studySubjectColumns = {
  id: caseStudies.id,
  title: caseStudies.title,
  clientName: caseStudies.clientName,
  category: caseStudies.category,
  tags: caseStudies.tags,
  credits: caseStudies.credits,
  metrics: caseStudies.metrics,
  gallery: caseStudies.gallery,
  coverImage: caseStudies.coverImage,
};
