export { closestPage } from "./closest-page.server";
export { layerCopyWith } from "./copy/copy-layers.server";
export { saveSiteLanguages } from "./copy/language-settings.server";
export {
  checkArchivedCopy,
  getPage,
  listPages,
  publishPage,
  readPublishedCopy,
  savePageDraft,
  seedPageCopy,
} from "./copy/page-copy.server";
export { listServices } from "./copy/page-copy.server";
export { PageCopyInvalid, pathsShowing } from "./copy/page-copy.server";
export { pageJson, pageListedJson, pageRevisionJson } from "./copy/page-json";
export { draftPreview, draftPreviewOf, readCopyForRequest } from "./copy/page-preview.server";
export { checkUncheckedPages, countPageProblemsWith, markPagesUncounted } from "./copy/page-problems.server";
export { listRevisionsOfPage } from "./copy/page-revisions.server";
export {
  getTranslation,
  languagesInUse,
  languageVersions,
  pageLanguage,
  pageVersions,
  publishTranslation,
  saveTranslationDraft,
  translationLanguage,
  translationsOf,
  translationsOfPages,
} from "./copy/page-translations.server";
export {
  addService,
  followMovedPageKeysWith,
  listAllServices,
  moveService,
  readdressService,
  redirectMovedPagesWith,
  setServiceHidden,
} from "./copy/services.server";
export {
  checkFieldText,
  type PlainField,
  plainFieldsOf,
  publishFieldText,
  textAt,
  withTextAt,
} from "./copy-fields.server";
export { featuredWork } from "./featured-work.server";
export { findLinkTargets, linkTargetJson } from "./link-targets.server";
export { checkStoredPage, storedPageChecks } from "./page-checks.server";
export { pageEntries } from "./page-entries.server";
export { type LinkTarget, pageChecker, pageExistsAt, sitePages } from "./site-pages.server";
export { publicSlugSpelling } from "./slug-spelling.server";
