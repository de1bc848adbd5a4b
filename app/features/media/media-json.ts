import type { MediaItem, MediaUse } from "./media.server";

// The answers of /api/media and /api/videos/upload. Every field is named here, so a column added to the
// table stays out of the answer until someone decides it belongs in it (and lists it in docs/product.md).

export const mediaUseJson = (use: MediaUse) => ({
  id: use.id,
  title: use.title,
  slug: use.slug,
  href: use.href,
});

/** A library item with the posts that show it. */
export function mediaJson(item: MediaItem) {
  return {
    id: item.id,
    url: item.url,
    name: item.name,
    kind: item.kind,
    mime: item.mime,
    width: item.width,
    height: item.height,
    bytes: item.bytes,
    alt: item.alt,
    caption: item.caption,
    captionsUrl: item.captionsUrl,
    focalX: item.focalX,
    focalY: item.focalY,
    createdAt: item.createdAt,
    usedBy: item.usedBy.map(mediaUseJson),
  };
}

/** POST /api/videos/upload's answer: where the video is now and the name it was sent with. */
export function uploadedVideoJson(video: { publicUrl: string; fileName: string }) {
  return { publicUrl: video.publicUrl, fileName: video.fileName };
}

/** POST /api/images/upload's answer: the one-time address to PUT the image to. */
export const uploadSlotJson = (uploadURL: string) => ({ uploadURL });

/** The answer of every image upload (/api/images, /api/images/put/{token}): where the image is now. */
export const uploadedImageJson = (image: { publicURL: string }) => ({ publicURL: image.publicURL });
