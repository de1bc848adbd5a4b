export {
  getCaseStudyById,
  getCaseStudyBySlug,
  listCaseStudies,
  listCaseStudiesCrediting,
  listCaseStudyCategories,
  listFeaturedCaseStudies,
  renameCredit,
  saveCaseStudy,
  upgradeLegacyCaseStudies,
} from "./case-studies.server";
export { listAllCaseStudies } from "./case-studies.server";
export { caseStudySlugRedirect, publishedCaseStudySlugSpelledAs } from "./case-studies.server";
export { checkCaseStudyLinksWith } from "./case-study-checks.server";
export { caseStudyEndTask, endedCaseStudyAt, listEndingCaseStudies } from "./case-study-end.server";
export { caseStudyJson } from "./case-study-json";
