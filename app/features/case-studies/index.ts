export type { CaseStudySummary } from "./components/case-study-card";
export { CaseStudyCard, toCaseStudySummary } from "./components/case-study-card";
