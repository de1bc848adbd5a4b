export { seedCaseStudies } from "./data/case-studies";
