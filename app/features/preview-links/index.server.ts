export {
  createPreviewLink,
  listPreviewLinks,
  openPreviewLink,
  previewExpiry,
  revokePreviewLink,
} from "./preview-links.server";
export { rememberShareOutcome, sharePanel } from "./share-panel.server";
export { openingRefused, sharedPreview, sharedPreviewRibbon } from "./shared-preview.server";
