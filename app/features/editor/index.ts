export { ChangedWords } from "./components/changed-words";
export type { EditedItem, EditedValues, EditorParts, EditorSetup, EditorTools } from "./components/editor";
export { Editor } from "./components/editor";
export { AutosaveNotice, UnsavedWorkBanner, useSavedToast } from "./components/editor-notices";
export {
  AddressField,
  CoverFields,
  EditorBar,
  editorPanel,
  outlineButton,
  TextArea,
  TextInput,
} from "./components/editor-parts";
export { EndFields } from "./components/end-fields";
export { PublishAskNotice, useFocusOnPublish } from "./components/publish-ask-notice";
export { RevisionHistory } from "./components/revision-history";
export {
  ConfirmRestore,
  pill,
  RestoreChanges,
  revisionColumns,
  RevisionList,
} from "./components/revision-parts";
export { SearchAndSharing } from "./components/search-and-sharing";
export {
  SourceBody,
  SourceChanges,
  TranslationBody,
  TranslationSaved,
  TranslationSource,
  useTranslationAutosave,
} from "./components/translation-parts";
export { useAutosave } from "./components/use-autosave";
export type { SavedCheckFacts } from "./components/writing-checks";
export { WritingChecks } from "./components/writing-checks";
export { editorShouldRevalidate } from "./editor-revalidation";
export { PUBLISH_AS_IT_IS, type PublishAsk, publishAskOf, publishesAsItIs } from "./publish-ask";
export type { ChangedField } from "./revision-changes";
export { ContentField } from "./rich-editor/content-field";
export { autosaveSchema, translationDraftKey } from "./schemas";
