export { closestPage, type NotFoundData, type PageLink, pageNotFound } from "./closest-page.server";
export { type LinkTarget, pageExistsAt, sitePages } from "./site-pages.server";
