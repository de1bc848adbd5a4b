export { changedFields } from "./content-audit.server";
export { getItem, listOrdered, moveItem, newPosition } from "./ordered-items.server";
export { publicClients, publicPackages, publicTeam, publicTestimonials } from "./site-content.server";
export {
  caseStudyAnswer,
  methodNotAllowed,
  PROJECT_LIMIT_BYTES,
  readAnswer,
  writeContent,
} from "./site-content-write.server";
