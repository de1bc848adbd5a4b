export { altTextOf, bodyWithAltText, libraryAltText, shareAltText } from "./alt-text.server";
export { writeImageVariants } from "./image-variants.server";
export { describeLibraryImage, focalPoints, isLibraryImage } from "./media.server";
export { ALT_MAX, CAPTION_MAX, imageMime, VIDEO_MIME } from "./media.server";
export { getMedia, registerMedia } from "./media.server";
export { mediaJson, mediaUseJson, uploadedImageJson, uploadedVideoJson, uploadSlotJson } from "./media-json";
export { MULTIPART_OVERHEAD_BYTES, readMultipart } from "./multipart.server";
export { createUploadSlot, uploadUrlFor } from "./upload-slots.server";
export { saveImage, saveLinkedFile, streamToTemp } from "./uploads.server";
export {
  MAX_AUDIO_BYTES,
  MAX_CAPTIONS_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  mediaName,
  sniffAudio,
  sniffDocument,
  sniffImage,
  sniffVideo,
} from "./uploads.server";
export { ensureUploadFolders, MAX_IMAGE_PIXELS } from "./uploads.server";
