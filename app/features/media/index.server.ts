export { writeImageVariants } from "./image-variants.server";
export { focalPoints } from "./media.server";
export { readMultipart } from "./multipart.server";
export { saveImage } from "./uploads.server";
