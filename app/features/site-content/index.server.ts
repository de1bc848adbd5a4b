export { changedFields } from "./content-audit.server";
export {
  removeSettingsTranslation,
  saveSettingsTranslation,
  settingsTranslationJson,
  SiteWordsSchema,
} from "./settings-translations.server";
export {
  publicClients,
  publicMilestones,
  publicPackages,
  publicTeam,
  publicTestimonial,
  publicTestimonials,
} from "./site-content.server";
export { saveSiteItem } from "./site-content.server";
export { siteSettingsJson, teamMemberJson, testimonialJson } from "./site-content-json";
export { methodNotAllowed, readAnswer, writeContent } from "./site-content-write.server";
export { saveSiteSettings } from "./site-settings.server";
export {
  getItemTranslation,
  itemLanguagesInUse,
  itemTranslationJson,
} from "./translations/item-translations.server";
export { isTranslatedList, ITEM_WORDS_SCHEMAS } from "./translations/item-words";
