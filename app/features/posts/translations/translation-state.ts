import type { Post, PostTranslation } from "#db/schema";

/** A translation's state beside its source: a draft, published and up to date, or outdated (the source was edited since). */
export type TranslationState = "draft" | "up to date" | "outdated";

export const stateOf = (
  translation: Pick<PostTranslation, "status" | "sourceUpdatedAt">,
  source: Pick<Post, "updatedAt">,
): TranslationState =>
  translation.status !== "published"
    ? "draft"
    : new Date(source.updatedAt).getTime() > new Date(translation.sourceUpdatedAt).getTime()
      ? "outdated"
      : "up to date";
