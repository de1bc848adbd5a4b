export {
  listCaseStudies,
  listCaseStudiesCrediting,
  listFeaturedCaseStudies,
  upgradeLegacyCaseStudies,
} from "./case-studies.server";
