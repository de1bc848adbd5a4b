export type { ProjectSummary } from "./components/project-card";
export { toProjectSummary } from "./components/project-card";
