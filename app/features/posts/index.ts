export { newsletter } from "./content";
export { parseTags } from "./tags";
