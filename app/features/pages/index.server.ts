export { closestPage } from "./closest-page.server";
export { listLegalPages, listServices, readPublishedCopy, seedPageCopy } from "./copy/page-copy.server";
export { featuredWork } from "./featured-work.server";
export { findLinkTargets, linkTargetJson } from "./link-targets.server";
export { pageEntries } from "./page-entries.server";
export { type LinkTarget, pageExistsAt, sitePages } from "./site-pages.server";
export { publicSlugSpelling } from "./slug-spelling.server";
