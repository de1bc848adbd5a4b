export type { Autosave, AutosaveValues } from "./autosaves.server";
export { discardAutosave, getAutosave, saveAutosave } from "./autosaves.server";
export {
  checkEnd,
  checkEndRedirect,
  checkEndTargetsWith,
  type EndDraft,
  followEndRedirect,
} from "./content-end.server";
export type { EditorFormResult, EditorRoute } from "./editor-action.server";
export { editedId, editorAction } from "./editor-action.server";
export { autosaveJson, autosaveKeptJson } from "./editor-json";
export type { ComparedField } from "./revision-changes";
export { revisionChanges } from "./revision-changes";
export { restoreFromForm, revisionScreen } from "./revision-screen.server";
export type { Revision, RevisionSummary, Snapshot } from "./revisions.server";
export { changesSince, countRevisions, getRevision, listRevisions, MAX_REVISIONS } from "./revisions.server";
export type { EditedDraft, EditedRow, EditedType, SaveOptions } from "./save.server";
export { EditedSince, saveEdited } from "./save.server";
export { discardTranslationDraft, unsavedTranslation, unsavedWork } from "./unsaved-work.server";
