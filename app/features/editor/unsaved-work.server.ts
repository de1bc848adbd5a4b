import type { AutosaveKind } from "#db/schema";

import { type AutosaveValues, discardAutosave, getAutosave } from "./autosaves.server";
import { translationDraftKey } from "./schemas";
import { withTrailingParagraphs } from "./trailing-paragraphs";

/**
 * The admin's unsaved work on a post, case study or page, for its editor: put back into the form when asked
 * (?restore, each body with the empty paragraphs its editor ended with), else offered (`unsaved`, its time) when it is newer than what was last saved.
 */
export function unsavedWork<Values>(
  userId: string,
  kind: AutosaveKind,
  item: { id: string; updatedAt: Date } | undefined,
  url: URL,
  saved: Values,
  restore: (values: AutosaveValues, saved: Values) => Values,
): {
  values: Values;
  unsaved: { at: Date; title: string } | null;
  restored: boolean;
  /** Restored work typed on a version saved before the item's last save (its autosave says which). */
  typedOnEarlier: boolean;
} {
  const autosave = getAutosave(userId, kind, item?.id ?? "new");
  if (autosave && url.searchParams.has("restore")) {
    // The version it was typed on, as the editor's savedAt was then (an older autosave does not say).
    const typedOn = Number(autosave.values.savedAt) || undefined;
    return {
      values: restore(withTrailingParagraphs(autosave.values), saved),
      unsaved: null,
      restored: true,
      typedOnEarlier: item !== undefined && typedOn !== undefined && typedOn !== item.updatedAt.getTime(),
    };
  }
  const newer = autosave && (!item || autosave.updatedAt > item.updatedAt);
  return {
    values: saved,
    unsaved: newer ? { at: autosave.updatedAt, title: (autosave.values.title ?? "").trim() } : null,
    restored: false,
    typedOnEarlier: false,
  };
}

type TranslationKind = "post-translation" | "case-study-translation";

/** A translation's unsaved work for its screen, as unsavedWork (newer than the translation, or any before it is made). */
export function unsavedTranslation<Values>(
  userId: string,
  kind: TranslationKind,
  { sourceId, lang, translation }: { sourceId: string; lang: string; translation?: { updatedAt: Date } },
  url: URL,
  saved: Values,
  restore: (values: AutosaveValues, saved: Values) => Values,
) {
  const item = { id: translationDraftKey(sourceId, lang), updatedAt: translation?.updatedAt ?? new Date(0) };
  return unsavedWork(userId, kind, item, url, saved, restore);
}

/** The translation was saved (or its unsaved work refused): the work is no longer offered back. */
export const discardTranslationDraft = (
  userId: string,
  kind: TranslationKind,
  sourceId: string,
  lang: string,
) => discardAutosave(userId, kind, translationDraftKey(sourceId, lang));
