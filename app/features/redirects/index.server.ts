export { addImportedRedirects, pruneNotFound, redirectsChanged } from "./redirects.server";
