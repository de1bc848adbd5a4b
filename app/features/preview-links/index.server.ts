export {
  createPreviewLink,
  listPreviewLinks,
  MAX_DEAD_LINKS_KEPT,
  openPreviewLink,
  previewExpiry,
  revokePreviewLink,
} from "./preview-links.server";
export { openingRefused, sharedPreview, sharedPreviewRibbon } from "./shared-preview.server";
