export { closestPage, type NotFoundData, type PageLink, pageNotFound } from "./closest-page.server";
export { type LinkTarget, sitePages } from "./site-pages.server";
