import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import pLimit from "p-limit";
import type { Metadata } from "sharp";

import { writeImageVariants } from "~/features/media/image-variants.server";
import { getEnv } from "~/platform/env.server";
import { NotFoundError, UploadError } from "~/platform/http/errors.server";
import { imagePublicUrl } from "~/platform/images";
import { loadSharp } from "~/platform/sharp.server";

import {
  AUDIO_MIME,
  DOCUMENT_MIME,
  getMedia,
  imageMime,
  type MediaItem,
  type MediaKind,
  registerExistingUploads,
  registerMedia,
  setMediaCaptions,
  VIDEO_MIME,
} from "./media.server";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const VIDEO_TOO_LARGE = "Video file size must be less than 100MB";
export const VIDEO_WRONG_TYPE = "Please upload a valid video file (MP4, WebM, or OGG)";
export const IMAGE_TOO_LARGE = "Image file size must be at most 10 MB";
export const IMAGE_WRONG_TYPE = "Please upload a JPEG, PNG, WebP, GIF or AVIF image";
export const MAX_IMAGE_PIXELS = 50_000_000;
export const IMAGE_TOO_MANY_PIXELS = "Images must be at most 50 megapixels (e.g. 8000×6000)";
export const IMAGE_UNREADABLE = "The image could not be read (is the file complete?)";
export const UPLOAD_CUT_OFF = "The upload was cut off before the end";
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const FILE_WRONG_TYPE = "not a PDF, audio or video file (judged by its bytes, not its name)";
export const MAX_CAPTIONS_BYTES = 512 * 1024;
export const CAPTIONS_TOO_LARGE = "Captions files must be at most 512 KB";
export const CAPTIONS_WRONG_TYPE = "Please upload a WebVTT captions file (.vtt, starting with WEBVTT)";

/**
 * Images decoded and encoded at once: each takes up to ~100 MB while its AVIF, WebP and JPEG are
 * written (and the three encoders keep both cores busy). More uploads wait their turn, up to
 * IMAGE_QUEUE of them; beyond that an upload is refused at once with 503 rather than piling up.
 */
export const IMAGE_WORKERS = 2;
export const IMAGE_QUEUE = 6;
export const IMAGE_BUSY = "The server is busy processing other images: please try again in a minute";

const uploadsRoot = () => path.resolve(getEnv().UPLOADS_DIR);
const newId = () => randomBytes(12).toString("hex");

/**
 * Creates the uploads folders at start-up, so a later read-only or full disk shows as that, not as a
 * missing folder, and removes what a stopped server left half-written in `.tmp` (one process serves
 * the site: nothing else writes there). Files uploaded before the media library existed are added to
 * it (those already there cost one query).
 */
export function ensureUploadFolders() {
  for (const folder of [".tmp", "images", "videos", "audio", "documents", "captions"])
    mkdirSync(path.join(uploadsRoot(), folder), { recursive: true });
  const tmpDir = path.join(uploadsRoot(), ".tmp");
  for (const name of readdirSync(tmpDir)) rmSync(path.join(tmpDir, name), { recursive: true, force: true });
  return registerExistingUploads(uploadsRoot());
}

/**
 * Streams `source` to a temporary file, failing with 413 as soon as it passes `limit` bytes. The
 * source is never destroyed: on a refusal it is left unread, for the caller to skip the rest of it
 * (a form's later fields) or to answer at once and stop reading (the connection is then closed).
 */
export async function streamToTemp(source: Readable, limit: number, tooLarge: string): Promise<string> {
  // The source can fail while the folder and file are opened below (a body cut off): its error is
  // listened to now, before the first await, and surfaces again when it is read (a 400 below).
  source.on("error", () => {});
  const tmpDir = path.join(uploadsRoot(), ".tmp");
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, newId());
  // Opened before anything is read: a stream that opened the file itself could create it after a
  // refusal had already removed it (a body over the limit in its first chunks), leaving it behind.
  const handle = await open(file, "wx");
  let size = 0;
  try {
    const chunks = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
    await pipeline(async function* () {
      try {
        for (;;) {
          let next: IteratorResult<Buffer>;
          try {
            next = await chunks.next();
          } catch (error) {
            // The request ended early or its body could not be read: the client's doing, not a fault here.
            if (error instanceof UploadError) throw error;
            throw new UploadError(400, UPLOAD_CUT_OFF, { cause: error });
          }
          if (next.done) return;
          size += next.value.length;
          if (size > limit) throw new UploadError(413, tooLarge);
          yield next.value;
        }
      } finally {
        await chunks.return?.();
      }
    }, handle.createWriteStream());
    if (size === 0) throw new UploadError(400, "The file is empty");
    return file;
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
}

async function firstBytes(file: string, count = 64): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The image type by its bytes, never by its name or the browser's say-so. */
export function sniffImage(head: Buffer): "jpeg" | "png" | "webp" | "gif" | "avif" | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.toString("ascii", 0, 4) === "RIFF" && head.toString("ascii", 8, 12) === "WEBP") return "webp";
  if (/^GIF8[79]a$/.test(head.toString("ascii", 0, 6))) return "gif";
  if (head.toString("ascii", 4, 8) === "ftyp" && /^avi[fs]$/.test(head.toString("ascii", 8, 12)))
    return "avif";
  return null;
}

export function sniffVideo(head: Buffer): "mp4" | "webm" | "ogg" | null {
  if (head.toString("ascii", 4, 8) === "ftyp" && !/^avi[fs]$/.test(head.toString("ascii", 8, 12)))
    return "mp4";
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return "webm";
  if (head.toString("ascii", 0, 4) === "OggS") return "ogg";
  return null;
}

/** A document by its bytes: only PDF ("%PDF-"). */
export function sniffDocument(head: Buffer): "pdf" | null {
  return head.toString("latin1", 0, 5) === "%PDF-" ? "pdf" : null;
}

/**
 * An audio file by its bytes: MP3 (an ID3 tag or a frame's sync bits), M4A, Ogg Vorbis or Opus, WAV
 * or FLAC. An Ogg file carrying a video (Theora) is a video, not audio.
 */
export function sniffAudio(head: Buffer): "mp3" | "m4a" | "oga" | "wav" | "flac" | null {
  if (head.toString("latin1", 0, 3) === "ID3") return "mp3";
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe6) === 0xe2) return "mp3";
  if (head.toString("latin1", 4, 8) === "ftyp" && /^M4[AB] $/.test(head.toString("latin1", 8, 12)))
    return "m4a";
  if (
    head.toString("latin1", 0, 4) === "OggS" &&
    /vorbis|OpusHead|FLAC/.test(head.toString("latin1", 28, 40))
  )
    return "oga";
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WAVE") return "wav";
  if (head.toString("latin1", 0, 4) === "fLaC") return "flac";
  return null;
}

/**
 * A file linked from elsewhere (an imported post's PDF, podcast episode or video), saved to the
 * library as what its bytes say it is, never its name: a PDF (25 MB at most) in documents/, audio
 * (50 MB) in audio/, a video (100 MB) in videos/, each under a random name. Anything else is refused
 * (415), an image too (the image pipeline takes those). Returns its public URL and kind.
 */
export async function saveLinkedFile(
  source: Readable,
  fileName = "",
): Promise<{ publicUrl: string; kind: "document" | "audio" | "video" }> {
  // Its kind is known only from its bytes: past the largest kind's size, it is "a file", not "a video".
  const tmpFile = await streamToTemp(
    source,
    MAX_VIDEO_BYTES,
    "The file is over 100 MB, more than any kept here",
  );
  try {
    const head = await firstBytes(tmpFile);
    const document = sniffDocument(head);
    const audio = document ? null : sniffAudio(head);
    const video = document || audio ? null : sniffVideo(head);
    const type = document ?? audio ?? video;
    if (!type) throw new UploadError(415, FILE_WRONG_TYPE);
    const [folder, kind, mime, max] = document
      ? (["documents", "document", DOCUMENT_MIME[type]!, MAX_DOCUMENT_BYTES] as const)
      : audio
        ? (["audio", "audio", AUDIO_MIME[type]!, MAX_AUDIO_BYTES] as const)
        : (["videos", "video", VIDEO_MIME[type]!, MAX_VIDEO_BYTES] as const);
    const bytes = (await stat(tmpFile)).size;
    if (bytes > max) throw new UploadError(413, `larger than ${max / 1024 / 1024} MB`);
    const dir = path.join(uploadsRoot(), folder);
    await mkdir(dir, { recursive: true });
    const name = `${newId()}.${type}`;
    await rename(tmpFile, path.join(dir, name));
    const publicUrl = `/uploads/${folder}/${name}`;
    await registerOrRemove(path.join(dir, name), async () => ({
      url: publicUrl,
      name: mediaName(fileName),
      kind,
      mime,
      bytes,
    }));
    return { publicUrl, kind };
  } finally {
    await rm(tmpFile, { force: true });
  }
}

let imagesAdmitted = 0; // being received, waiting for a worker or being processed
// IMAGE_WORKERS images are processed at once; admission (below) has already bounded the queue.
const imageWorkers = pLimit(IMAGE_WORKERS);

/**
 * Accepts an image: streamed to disk (10 MiB at most), typed by its bytes, re-encoded with sharp
 * (auto-rotated, metadata stripped) into responsive widths as AVIF, WebP and JPEG (PNG when it has
 * transparency), IMAGE_WORKERS at a time; with IMAGE_QUEUE more waiting, another is refused at once
 * (503). The variants are written to a temporary folder that is renamed into place only when all of
 * them exist, so a failure leaves nothing behind. Returns the public URL.
 */
export async function saveImage(
  source: Readable,
  fileName = "",
  /** Lighter encoding, for an import's thousands (see writeImageVariants). */
  { quick = false } = {},
): Promise<{ publicURL: string; width: number; height: number }> {
  if (imagesAdmitted >= IMAGE_WORKERS + IMAGE_QUEUE)
    throw new UploadError(503, IMAGE_BUSY, { retryAfterSeconds: 30 });
  imagesAdmitted++;
  try {
    const tmpFile = await streamToTemp(source, MAX_IMAGE_BYTES, IMAGE_TOO_LARGE);
    try {
      if (!sniffImage(await firstBytes(tmpFile))) throw new UploadError(415, IMAGE_WRONG_TYPE);
      return await imageWorkers(() => processImage(tmpFile, fileName, quick));
    } finally {
      await rm(tmpFile, { force: true });
    }
  } finally {
    imagesAdmitted--;
  }
}

/** The variants of a received image, moved into images/ once all are written. */
async function processImage(tmpFile: string, fileName: string, quick: boolean) {
  const workDir = `${tmpFile}.d`;
  try {
    const sharp = await loadSharp();
    const options = { failOn: "error", animated: false } as const;
    let meta: Metadata;
    try {
      // The header only: its size is checked here, with a clear answer, before anything is decoded.
      meta = await sharp(tmpFile, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw new UploadError(415, IMAGE_UNREADABLE);
    }
    const oriented = (meta.orientation ?? 1) >= 5;
    const width = (oriented ? meta.height : meta.width) ?? 0;
    const height = (oriented ? meta.width : meta.height) ?? 0;
    if (!width || !height) throw new UploadError(415, IMAGE_UNREADABLE);
    if (width * height > MAX_IMAGE_PIXELS) throw new UploadError(413, IMAGE_TOO_MANY_PIXELS);
    const fallback = meta.hasAlpha ? "png" : "jpg";
    await mkdir(workDir, { recursive: true });
    try {
      const base = sharp(tmpFile, { ...options, limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
      await writeImageVariants(base, width, fallback, workDir, { quick });
    } catch (error) {
      if (error instanceof UploadError) throw error;
      throw new UploadError(415, IMAGE_UNREADABLE);
    }
    const id = newId();
    const finalDir = path.join(uploadsRoot(), "images", `${id}-${width}x${height}`);
    await mkdir(path.dirname(finalDir), { recursive: true });
    await rename(workDir, finalDir);
    const publicURL = imagePublicUrl(id, width, height, fallback);
    await registerOrRemove(finalDir, async () => ({
      url: publicURL,
      name: mediaName(fileName),
      kind: "image",
      mime: imageMime(publicURL),
      width,
      height,
      bytes: (await stat(path.join(finalDir, path.basename(publicURL)))).size,
    }));
    return { publicURL, width, height };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Accepts a video (100 MB at most; MP4, WebM or Ogg by its bytes), streamed to disk and renamed into
 * place under a random name: the visitor's file name never becomes a path.
 */
export async function saveVideo(
  source: Readable,
  uploadedName = "",
): Promise<{ publicUrl: string; fileName: string }> {
  const tmpFile = await streamToTemp(source, MAX_VIDEO_BYTES, VIDEO_TOO_LARGE);
  try {
    const type = sniffVideo(await firstBytes(tmpFile));
    if (!type) throw new UploadError(415, VIDEO_WRONG_TYPE);
    const fileName = `${newId()}.${type}`;
    const dir = path.join(uploadsRoot(), "videos");
    await mkdir(dir, { recursive: true });
    const bytes = (await stat(tmpFile)).size;
    await rename(tmpFile, path.join(dir, fileName));
    const publicUrl = `/uploads/videos/${fileName}`;
    await registerOrRemove(path.join(dir, fileName), async () => ({
      url: publicUrl,
      name: mediaName(uploadedName),
      kind: "video",
      mime: VIDEO_MIME[type]!,
      bytes,
    }));
    return { publicUrl, fileName };
  } finally {
    await rm(tmpFile, { force: true });
  }
}

/** Adds a file now in place to the media library; if that fails, the file goes too (no file without its row). */
async function registerOrRemove(
  file: string,
  entry: () => Promise<Parameters<typeof registerMedia>[0]>,
): Promise<void> {
  try {
    registerMedia(await entry());
  } catch (error) {
    await rm(file, { recursive: true, force: true });
    throw error;
  }
}

/**
 * How an upload is named in the library: the file's own name as the browser sent it, without any
 * folder or control characters, at most 200 characters. Only ever shown, never a path.
 */
export function mediaName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  return base
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
}

/** Which saver a file goes to, by its name (its bytes are then checked by that saver). */
export function mediaKindOfName(fileName: string): MediaKind {
  return /\.(mp4|m4v|webm|ogv|ogg|mov)$/i.test(fileName) ? "video" : "image";
}

/** An image or a video for the library, told apart by its name; returns its public URL. */
export async function saveMediaFile(source: Readable, fileName: string): Promise<string> {
  if (mediaKindOfName(fileName) === "video") return (await saveVideo(source, fileName)).publicUrl;
  return (await saveImage(source, fileName)).publicURL;
}

/**
 * A video's WebVTT captions (512 KB at most, UTF-8, starting with "WEBVTT"), streamed to a temporary
 * file and renamed into captions/ under a random name. Returns its public URL.
 */
export async function saveCaptions(source: Readable): Promise<string> {
  const tmpFile = await streamToTemp(source, MAX_CAPTIONS_BYTES, CAPTIONS_TOO_LARGE);
  try {
    const text = await readFile(tmpFile);
    let decoded: string;
    try {
      decoded = new TextDecoder("utf-8", { fatal: true }).decode(text);
    } catch {
      throw new UploadError(400, CAPTIONS_WRONG_TYPE);
    }
    // The WebVTT signature: an optional byte order mark, "WEBVTT", then a space, tab or line end.
    if (!/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(decoded)) throw new UploadError(400, CAPTIONS_WRONG_TYPE);
    const fileName = `${newId()}.vtt`;
    const dir = path.join(uploadsRoot(), "captions");
    await mkdir(dir, { recursive: true });
    await rename(tmpFile, path.join(dir, fileName));
    return `/uploads/captions/${fileName}`;
  } finally {
    await rm(tmpFile, { force: true });
  }
}

/**
 * Gives the video `id` the captions that `read` receives (it calls `save` with the file's stream, as
 * readMultipart does, and returns what that returned). The video is checked before anything is read.
 */
export async function addCaptions(
  id: string,
  read: (save: (source: Readable) => Promise<string>) => Promise<string | undefined>,
): Promise<MediaItem> {
  const item = getMedia(id);
  if (!item) throw new NotFoundError("No media with that id");
  if (item.kind !== "video") throw new UploadError(400, "Captions can only be added to a video");
  const url = await read(saveCaptions);
  if (!url) throw new UploadError(400, "Choose a WebVTT file to upload (field 'captions')");
  const file = path.join(uploadsRoot(), "captions", path.basename(url));
  try {
    return setMediaCaptions(id, url);
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}
