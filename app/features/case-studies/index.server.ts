export { listFeaturedProjects, listProjects, upgradeLegacyProjects } from "./projects.server";
