/**
 * Uploads from the admin, one mechanism for every screen (the media library, its picker, the post's
 * upload fields and the body editor's dialogs): the accepted types and sizes, the checks made before
 * sending (the server checks again), and the requests, each reporting progress and stopped by `signal`.
 */

/** A library item as /api/media sends it (dates as ISO strings). */
export type MediaItemJson = {
  id: string;
  url: string;
  /** The uploaded file's own name ("" for files from before names were kept). */
  name: string;
  kind: "image" | "video" | "audio" | "document";
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number;
  alt: string;
  caption: string;
  captionsUrl: string | null;
  /** The focal point, in % across and down. */
  focalX: number;
  focalY: number;
  createdAt: string;
  /** Where it is shown: posts, case studies, people, quotes and clients, each with where to edit it. */
  usedBy: { id: string; title: string; slug: string; href: string }[];
};

type Kind = "image" | "video";
export type Progress = (percent: number) => void;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg"];
export const ACCEPT_MEDIA = [...IMAGE_TYPES, ...VIDEO_TYPES].join(",");
const MAX_BYTES = { image: 10 * 1024 * 1024, video: 100 * 1024 * 1024 };

/** True for an upload stopped by its signal (the request's or a fetch's AbortError). */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

type Sent = { status: number; body: Record<string, unknown> };

/**
 * Sends a body with XMLHttpRequest, the one browser API that reports upload progress (fetch does
 * not). Resolves with the status and the JSON answer whatever the status.
 */
function sendWithProgress(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit,
  onProgress: Progress,
  signal?: AbortSignal,
) {
  return new Promise<Sent>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let parsed: Record<string, unknown> = {};
      try {
        parsed = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // not JSON: the status says enough
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () =>
      reject(new Error(navigator.onLine ? "The upload did not reach the server" : "No internet connection"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Why the library would refuse this file (in the server's words, so both say the same), or null. */
export function refusalOf(file: File, only?: Kind): string | null {
  const video = VIDEO_TYPES.includes(file.type);
  const image = IMAGE_TYPES.includes(file.type);
  if (only === "image" && !image) return "Please upload a JPEG, PNG, WebP, GIF or AVIF image";
  if (only === "video" && !video) return "Please upload a valid video file (MP4, WebM, or OGG)";
  if (!image && !video)
    return "Please upload an image (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, WebM, OGG)";
  if (file.size === 0) return "The file is empty";
  if (image && file.size > MAX_BYTES.image) return "Image file size must be at most 10 MB";
  if (video && file.size > MAX_BYTES.video) return "Video file size must be less than 100MB";
  return null;
}

/** Why a file cannot go into a post as `kind`, named (several may be on their way), or null. */
export function fileProblem(file: File, kind: Kind): string | null {
  const types = kind === "image" ? IMAGE_TYPES : VIDEO_TYPES;
  if (!types.includes(file.type)) return `${file.name}: this file type is not allowed`;
  if (file.size > MAX_BYTES[kind])
    return `${file.name}: this file is too large (${kind === "image" ? "10 MB" : "100 MB"} at most)`;
  if (file.size === 0) return `${file.name}: this file is empty`;
  return null;
}

/** One-time upload URL, the bytes, then registration (decision 007): the image's public address. */
export async function uploadImage(file: File, onProgress: Progress, signal?: AbortSignal): Promise<string> {
  const slot = await fetch("/api/images/upload", { method: "POST", credentials: "include", signal });
  if (!slot.ok) throw new Error("Failed to get upload URL");
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  // The file's own name goes along: the library lists the image by it.
  const named = `${uploadURL}?name=${encodeURIComponent(file.name)}`;
  const sent = await sendWithProgress("PUT", named, file, onProgress, signal);
  if (sent.status !== 200) throw new Error(String(sent.body.error ?? `Upload failed (${sent.status})`));
  const registered = await fetch("/api/images", {
    method: "PUT",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ imageURL: uploadURL }),
    signal,
  });
  const { publicURL, error } = (await registered.json()) as { publicURL?: string; error?: string };
  if (!registered.ok || !publicURL) throw new Error(error ?? "The upload could not be registered");
  return publicURL;
}

/** The video streamed to the server: its public address. */
export async function uploadVideo(file: File, onProgress: Progress, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append("video", file);
  const sent = await sendWithProgress("POST", "/api/videos/upload", body, onProgress, signal);
  if (sent.status !== 201) throw new Error(String(sent.body.error ?? "Failed to upload video"));
  return String(sent.body.publicUrl);
}

/** One file into the media library (POST /api/media): its library item. */
export async function uploadToLibrary(
  file: File,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<MediaItemJson> {
  const body = new FormData();
  body.append("file", file, file.name);
  const sent = await sendWithProgress("POST", "/api/media", body, onProgress, signal);
  if (sent.status !== 201) throw new Error(String(sent.body.error ?? `Upload failed (${sent.status})`));
  return sent.body as unknown as MediaItemJson;
}
