export { listCaseStudies, listFeaturedCaseStudies, upgradeLegacyCaseStudies } from "./case-studies.server";
