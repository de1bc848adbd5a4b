export { listFeaturedCaseStudies, listCaseStudies, upgradeLegacyCaseStudies } from "./case-studies.server";
