export { addImportedRedirects, pruneNotFound } from "./redirects.server";
