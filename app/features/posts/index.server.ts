export { getPostById, listPublishedPosts } from "./posts.server";
