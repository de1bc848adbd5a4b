export { getPostById, listPublishedPosts } from "./posts.server";
export { listAllPosts } from "./posts.server";
