/** Uploads through the site's existing endpoints (decision 007), reporting progress as a percentage. */

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg"];

type Progress = (percent: number) => void;

/** XMLHttpRequest is the one browser API that reports upload progress; `signal` cancels. */
function send(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit,
  onProgress: Progress,
  signal?: AbortSignal,
) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
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

/** Why a file cannot be uploaded as `kind`, or null when it can. */
export function fileProblem(file: File, kind: "image" | "video"): string | null {
  const [types, max, limit] =
    kind === "image" ? [IMAGE_TYPES, MAX_IMAGE_BYTES, "10 MB"] : [VIDEO_TYPES, MAX_VIDEO_BYTES, "100 MB"];
  if (!types.includes(file.type)) return `${file.name}: this file type is not allowed`;
  if (file.size > max) return `${file.name}: this file is too large (${limit} at most)`;
  if (file.size === 0) return `${file.name}: this file is empty`;
  return null;
}

/** One-time upload URL, the bytes, then registration: the public address of the image. */
export async function uploadImage(file: File, onProgress: Progress, signal?: AbortSignal): Promise<string> {
  const slot = await fetch("/api/images/upload", { method: "POST", credentials: "include", signal });
  if (!slot.ok) throw new Error("Failed to get upload URL");
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  const sent = await send("PUT", uploadURL, file, onProgress, signal);
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

export async function uploadVideo(file: File, onProgress: Progress, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append("video", file);
  const sent = await send("POST", "/api/videos/upload", body, onProgress, signal);
  if (sent.status !== 201) throw new Error(String(sent.body.error ?? "Failed to upload video"));
  return String(sent.body.publicUrl);
}
