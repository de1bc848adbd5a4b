export {
  createPreviewLink,
  listPreviewLinks,
  openPreviewLink,
  previewExpiry,
  revokePreviewLink,
} from "./preview-links.server";
export { sharedPreview, sharedPreviewRibbon } from "./shared-preview.server";
