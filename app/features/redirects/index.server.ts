export {
  addImportedRedirects,
  isOwnAddress,
  pruneNotFound,
  redirectsChanged,
  replaceRedirects,
} from "./redirects.server";
