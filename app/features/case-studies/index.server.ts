export {
  getCaseStudyBySlug,
  listCaseStudies,
  listCaseStudiesCrediting,
  listFeaturedCaseStudies,
  upgradeLegacyCaseStudies,
} from "./case-studies.server";
