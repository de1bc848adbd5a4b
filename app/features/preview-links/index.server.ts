export {
  createPreviewLink,
  listPreviewLinks,
  openPreviewLink,
  previewExpiry,
  revokePreviewLink,
} from "./preview-links.server";
export { openingRefused, sharedPreview, sharedPreviewRibbon } from "./shared-preview.server";
