export { pageFormSpec } from "./components/admin/copy-spec";
export { checkPageCopy } from "./components/admin/page-checks";
export { DraftPreviewBar } from "./components/draft-preview-bar";
export { legalPages } from "./content/legal";
export { services } from "./content/services";
export { STORY_ART_SIZE, STORY_MOTIFS, storyArtUrl, type StoryMotif, storyMotif } from "./content/story-art";
export { LEGAL_PAGE_MAX } from "./copy/page-schemas";
export { kindOfKey } from "./copy/page-schemas";
export { startingCopy } from "./copy/starting-copy";
