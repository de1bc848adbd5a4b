/** A translation's state beside its source: the rule every translated kind of content shares. */
export {
  translationStateOf as stateOf,
  type TranslationState,
} from "~/platform/i18n/translation-rules.server";
