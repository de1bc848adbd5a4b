export { altTextOf, bodyWithAltText, shareAltText } from "./alt-text.server";
export { writeImageVariants } from "./image-variants.server";
export { focalPoints } from "./media.server";
export { MULTIPART_OVERHEAD_BYTES, readMultipart } from "./multipart.server";
export { saveImage, streamToTemp } from "./uploads.server";
