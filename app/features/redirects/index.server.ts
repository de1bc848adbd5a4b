export { notFoundJson, redirectJson } from "./redirect-json";
export {
  addImportedRedirects,
  countNewImportedRedirects,
  isOwnAddress,
  pruneNotFound,
  recordNotFound,
  redirectMovedPage,
  redirectsChanged,
  replaceRedirects,
  resolveRedirect,
} from "./redirects.server";
export { addRedirect, listNotFound, RedirectSchema } from "./redirects.server";
