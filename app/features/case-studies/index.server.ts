export {
  getCaseStudyById,
  getCaseStudyBySlug,
  listCaseStudies,
  listCaseStudiesCrediting,
  listCaseStudyCategories,
  listFeaturedCaseStudies,
  saveCaseStudy,
  upgradeLegacyCaseStudies,
} from "./case-studies.server";
