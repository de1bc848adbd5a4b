import { open, readFile } from "node:fs/promises";

import {
  MAX_AUDIO_BYTES,
  MAX_CAPTIONS_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  sniffAudio,
  sniffDocument,
  sniffImage,
  sniffVideo,
} from "~/features/media/index.server";

/**
 * The files of an archive's uploads/ folder this site takes: only what its own media library writes,
 * under the names it gives them, so every file is served as the type its name says. An image is a
 * variant the library or the artwork drew (AVIF, WebP, JPEG, PNG or GIF in images/, art/ or cards/), a
 * video an MP4, WebM or Ogg file, audio an MP3, M4A, Ogg, WAV or FLAC file, a document a PDF, captions a
 * WebVTT file. Anything else (a script, a page, an SVG, a
 * name of the archive's choosing) is left out.
 */
const UPLOADS: {
  pattern: RegExp;
  kind: "image" | "video" | "audio" | "document" | "captions";
  maxBytes: number;
}[] = [
  {
    pattern: /^(images|art)\/[a-z0-9-]{1,120}-\d{1,5}x\d{1,5}\/\d{1,5}\.(avif|webp|jpg|png|gif)$/,
    kind: "image",
    // A re-encoded variant can be larger than the upload it came from (a PNG of a photograph).
    maxBytes: 3 * MAX_IMAGE_BYTES,
  },
  { pattern: /^cards\/[a-z0-9-]{1,120}\.jpg$/, kind: "image", maxBytes: MAX_IMAGE_BYTES },
  { pattern: /^videos\/[A-Za-z0-9_-]{1,100}\.(mp4|webm|ogg)$/, kind: "video", maxBytes: MAX_VIDEO_BYTES },
  {
    pattern: /^audio\/[A-Za-z0-9_-]{1,100}\.(mp3|m4a|oga|wav|flac)$/,
    kind: "audio",
    maxBytes: MAX_AUDIO_BYTES,
  },
  { pattern: /^documents\/[A-Za-z0-9_-]{1,100}\.pdf$/, kind: "document", maxBytes: MAX_DOCUMENT_BYTES },
  { pattern: /^captions\/[A-Za-z0-9_-]{1,100}\.vtt$/, kind: "captions", maxBytes: MAX_CAPTIONS_BYTES },
];

/** How an upload at `relative` (under uploads/) is taken, or null when this site never writes such a file. */
export function uploadRule(relative: string) {
  return UPLOADS.find((rule) => rule.pattern.test(relative)) ?? null;
}

const IMAGE_TYPES: Record<string, string> = {
  avif: "avif",
  webp: "webp",
  jpg: "jpeg",
  png: "png",
  gif: "gif",
};

/**
 * Whether a file unpacked to `file` is what its name says, by its bytes (as the upload pipeline
 * checks an upload): an image or video of its extension's type, captions in UTF-8 starting "WEBVTT".
 */
export async function uploadIsWhatItSays(file: string, relative: string): Promise<boolean> {
  const rule = uploadRule(relative);
  const extension = relative.split(".").pop()!;
  if (!rule) return false;
  if (rule.kind === "captions") {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(await readFile(file));
      return /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text);
    } catch {
      return false;
    }
  }
  const handle = await open(file, "r");
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (rule.kind === "video") return sniffVideo(head) === extension;
  if (rule.kind === "audio") return sniffAudio(head) === extension;
  if (rule.kind === "document") return sniffDocument(head) === extension;
  return sniffImage(head) === IMAGE_TYPES[extension];
}
