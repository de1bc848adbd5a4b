export { pruneNotFound } from "./redirects.server";
