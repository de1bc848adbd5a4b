export { newsletter } from "./content";
export { PostApiSchema } from "./schemas";
export { parseTags } from "./tags";
