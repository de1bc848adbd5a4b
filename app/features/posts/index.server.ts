export { ADMIN_POSTS_PER_PAGE, adminPostsPage, homePosts } from "./admin-post-lists.server";
export {
  checkLinksWith,
  checkPost,
  countUncheckedWith,
  postAddressesChangedWith,
  writingChecksTask,
} from "./post-checks.server";
export {
  type ImportedPost,
  importedPost,
  importPost,
  releaseImportedDraft,
  replaceImportedContent,
  setImportedCover,
} from "./post-import.server";
export { postJson, postRevisionJson, postRevisionSummaryJson } from "./post-json";
export { postSchedulerTask } from "./post-schedule.server";
export { getPostById, getPostBySlug, listNewestPosts, listPublishedPosts } from "./posts.server";
export { listPublishedPostAddresses } from "./posts.server";
export { listAllPosts, listPublishedTags, type PostDraft, savePost } from "./posts.server";
export {
  findRedirectedSlug,
  postAuthors,
  publishedPostAddress,
  publishedPostSlugSpelledAs,
} from "./posts.server";
export {
  everyPostVersion,
  liveTranslationAddresses,
  liveTranslations,
  liveTranslationsOf,
  postLanguagesInUse,
  savePostTranslation,
  translationAt,
} from "./translations/post-translations.server";
export {
  blogLanguages,
  postVersions,
  searchTranslatedPosts,
  translatedListing,
  translatedTopics,
} from "./translations/translated-blog.server";
export { PostTranslationApiSchema } from "./translations/translation-schema";
