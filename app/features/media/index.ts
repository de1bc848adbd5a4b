export { CoverImage } from "./components/cover-image";
export { ImagesUploadZone } from "./components/images-upload";
export { LibraryButton, useMediaPicker } from "./components/library-button";
export { ImageUploadButton, ImageUploadWidget, VideoUploadWidget } from "./components/upload-widgets";
export {
  fileProblem,
  IMAGE_TYPES,
  isCancelled,
  uploadImage,
  uploadVideo,
  VIDEO_TYPES,
} from "./components/uploads";
export type { MediaKind, PickedMedia, PickMedia } from "./picked-media";
