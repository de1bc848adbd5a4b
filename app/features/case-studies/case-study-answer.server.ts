import type { CaseStudy } from "#db/schema";

/** The largest case study taken: its approach is editor HTML, like a post's body. */
export const CASE_STUDY_LIMIT_BYTES = 600 * 1024;

/** A case study as the API shows it: without the emptied pre-editor markdown column nor the deletion mark. */
export function caseStudyAnswer({ legacyMarkdown: _old, deletedAt: _deleted, ...caseStudy }: CaseStudy) {
  return caseStudy;
}
