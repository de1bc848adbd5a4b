export { type ImportedPost, importedPost, importPost, replaceImportedContent } from "./post-import.server";
export { getPostById, getPostBySlug, listPublishedPosts } from "./posts.server";
export { listAllPosts } from "./posts.server";
