export { seedProjects } from "./data/projects";
