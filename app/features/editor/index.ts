export { AutosaveNotice, LeaveDialog, UnsavedWorkBanner } from "./components/editor-notices";
export { AddressField, CoverFields, EditorBar, editorPanel, outlineButton } from "./components/editor-parts";
export type { EditorValues } from "./components/editor-values";
export { editorValuesFrom, editorValuesOf, EMPTY_EDITOR_VALUES } from "./components/editor-values";
export { RevisionHistory } from "./components/revision-history";
export { SearchAndSharing } from "./components/search-and-sharing";
export { useAutosave } from "./components/use-autosave";
export { ContentField } from "./rich-editor/content-field";
