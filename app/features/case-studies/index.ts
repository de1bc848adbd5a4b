export type { CaseStudySummary } from "./components/case-study-card";
export { toCaseStudySummary } from "./components/case-study-card";
