/** What a media picker (the media library) hands the image or video dialog. */
export type PickedMedia = { url: string; alt?: string; caption?: string; captions?: string };

/**
 * Lets the admin choose an already uploaded file in the image and video dialogs; resolves null when
 * the admin closes the picker without choosing.
 */
export type PickMedia = (kind: "image" | "video") => Promise<PickedMedia | null>;

export type MediaKind = "image" | "video";
