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
export { checkCaseStudyLinksWith, checkUncheckedCaseStudies } from "./case-study-checks.server";
export {
  caseStudyEndTask,
  endedCaseStudyAt,
  listEndedCaseStudies,
  listEndingCaseStudies,
} from "./case-study-end.server";
export { caseStudyJson } from "./case-study-json";
export {
  creditedTestimonialIds,
  publishedCaseStudyAddresses,
  serviceProofCards,
  signaturePlaces,
} from "./case-study-lists.server";
export { studiesInLanguage } from "./studies-shown.server";
export {
  caseStudyLanguagesInUse,
  caseStudyTranslationAt,
  everyCaseStudyVersion,
  liveCaseStudyTranslations,
  saveCaseStudyTranslation,
} from "./translations/case-study-translations.server";
export {
  caseStudyFinder,
  caseStudyVersions,
  translatedCaseStudyPages,
} from "./translations/case-study-versions.server";
export { type StudyInLanguage } from "./translations/studies-in-language.server";
export { caseStudyTranslationJson } from "./translations/translation-json";
export type { CaseStudyTranslationInput } from "./translations/translation-schema";
export { CaseStudyTranslationSchema } from "./translations/translation-schema";
