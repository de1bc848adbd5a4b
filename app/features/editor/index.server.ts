export type { Autosave, AutosaveValues } from "./autosaves.server";
export { discardAutosave, getAutosave, saveAutosave } from "./autosaves.server";
export type { ComparedField } from "./revision-changes";
export { revisionChanges } from "./revision-changes";
export type { Revision, RevisionSummary, Snapshot } from "./revisions.server";
export { getRevision, listRevisions, MAX_REVISIONS } from "./revisions.server";
export type { EditedDraft, EditedRow, EditedType, SaveOptions } from "./save.server";
export { saveEdited } from "./save.server";
export { unsavedWork } from "./unsaved-work.server";
