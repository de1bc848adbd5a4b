export { changedFields } from "./content-audit.server";
export { getItem, listOrdered, type Move, moveItem, moveOf, newPosition } from "./ordered-items.server";
export {
  publicClients,
  publicMilestones,
  publicPackages,
  publicTeam,
  publicTestimonials,
} from "./site-content.server";
export {
  CASE_STUDY_LIMIT_BYTES,
  methodNotAllowed,
  readAnswer,
  writeContent,
} from "./site-content-write.server";
