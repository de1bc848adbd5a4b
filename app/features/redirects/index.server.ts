export {
  addImportedRedirects,
  isOwnAddress,
  pruneNotFound,
  recordNotFound,
  redirectsChanged,
  replaceRedirects,
  resolveRedirect,
} from "./redirects.server";
