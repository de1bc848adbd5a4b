export type { CaseStudyInput } from "./case-study-schema";
export { CaseStudySchema } from "./case-study-schema";
export type { CaseStudySummary } from "./components/case-study-card";
export { CaseStudyCard, toCaseStudySummary } from "./components/case-study-card";
