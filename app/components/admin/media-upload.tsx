import { useCallback, useRef, useState } from "react";

import { parseUploadedImage } from "~/lib/images";

/** A library item as /api/media sends it (dates as ISO strings). */
export type MediaItemJson = {
  id: string;
  url: string;
  kind: "image" | "video";
  mime: string;
  width: number | null;
  height: number | null;
  bytes: number;
  alt: string;
  caption: string;
  captionsUrl: string | null;
  createdAt: string;
  usedBy: { id: string; title: string; slug: string }[];
};

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg"];
export const ACCEPT_MEDIA = [...IMAGE_TYPES, ...VIDEO_TYPES].join(",");
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export type Sent = { status: number; body: Record<string, unknown> };
export type Sending = { done: Promise<Sent>; abort: () => void };

export class UploadCancelled extends Error {
  override name = "UploadCancelled";
}

/**
 * Sends a body with XMLHttpRequest, the one browser API that reports upload progress (fetch does
 * not), and can be aborted. Resolves with the status and the JSON answer whatever the status.
 */
export function sendWithProgress(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit,
  onProgress: (percent: number) => void,
): Sending {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Sent>((resolve, reject) => {
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
    xhr.onabort = () => reject(new UploadCancelled("Upload cancelled"));
    xhr.onerror = () =>
      reject(new Error(navigator.onLine ? "The upload did not reach the server" : "No internet connection"));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** Why the library would refuse this file, checked before sending it (the server checks again). */
export function refusalOf(file: File, only?: "image" | "video"): string | null {
  const video = VIDEO_TYPES.includes(file.type);
  const image = IMAGE_TYPES.includes(file.type);
  if (only === "image" && !image) return "Please upload a JPEG, PNG, WebP, GIF or AVIF image";
  if (only === "video" && !video) return "Please upload a valid video file (MP4, WebM, or OGG)";
  if (!image && !video)
    return "Please upload an image (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, WebM, OGG)";
  if (file.size === 0) return "The file is empty";
  if (image && file.size > MAX_IMAGE_BYTES) return "Image file size must be at most 10 MB";
  if (video && file.size > MAX_VIDEO_BYTES) return "Video file size must be less than 100MB";
  return null;
}

/** Uploads one file into the media library (POST /api/media) with progress; resolves with its item. */
export function uploadToLibrary(file: File, onProgress: (percent: number) => void) {
  const body = new FormData();
  body.append("file", file, file.name);
  const sending = sendWithProgress("POST", "/api/media", body, onProgress);
  const done = sending.done.then(({ status, body }) => {
    if (status !== 201) throw new Error(String(body.error ?? `Upload failed (${status})`));
    return body as unknown as MediaItemJson;
  });
  return { done, abort: sending.abort };
}

export type UploadState = {
  key: string;
  name: string;
  percent: number;
  /** sending → processing (all bytes sent, the server is encoding) → done | failed. */
  stage: "sending" | "processing" | "done" | "failed";
  error?: string;
  abort?: () => void;
};

/**
 * The uploads under way on a screen: `start` runs one (`send` reports progress and returns the
 * promise and its abort), `cancel` aborts it, and a cancelled one disappears. Finished ones stay until
 * dismissed or `clearDone`, failed ones until dismissed (their error is the server's words).
 */
export function useUploads() {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const counter = useRef(0);
  const update = useCallback(
    (key: string, change: Partial<UploadState>) =>
      setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u))),
    [],
  );
  const dismiss = useCallback((key: string) => setUploads((all) => all.filter((u) => u.key !== key)), []);

  const start = useCallback(
    async <T,>(
      name: string,
      send: (onProgress: (percent: number) => void) => { done: Promise<T>; abort: () => void },
      refusal?: string | null,
    ): Promise<T | undefined> => {
      const key = `upload-${++counter.current}`;
      if (refusal) {
        setUploads((all) => [...all, { key, name, percent: 0, stage: "failed", error: refusal }]);
        return undefined;
      }
      // Once every byte is sent the server is at work: cancelling then would not undo the upload.
      const sending = send((percent) =>
        update(key, percent >= 100 ? { percent, stage: "processing", abort: undefined } : { percent }),
      );
      setUploads((all) => [...all, { key, name, percent: 0, stage: "sending", abort: sending.abort }]);
      try {
        const result = await sending.done;
        update(key, { percent: 100, stage: "done", abort: undefined });
        return result;
      } catch (error) {
        if (error instanceof UploadCancelled) dismiss(key);
        else update(key, { stage: "failed", abort: undefined, error: (error as Error).message });
        return undefined;
      }
    },
    [update, dismiss],
  );
  const clearDone = useCallback(() => setUploads((all) => all.filter((u) => u.stage !== "done")), []);
  return { uploads, start, dismiss, clearDone };
}

/**
 * A styled upload bar: the percentage beside it and, while sending, a Cancel button. `percent` null
 * with `processing` shows the server still working after the last byte.
 */
export function ProgressBar({
  label,
  percent,
  processing = false,
  done = false,
  onCancel,
}: {
  label: string;
  percent: number;
  processing?: boolean;
  done?: boolean;
  onCancel?: () => void;
}) {
  const text = processing ? "Processing…" : done ? "Uploaded" : `${percent}%`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-border"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-200 ${done ? "bg-secondary" : "bg-primary"} ${processing ? "animate-pulse" : ""}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span
        className={`min-w-10 shrink-0 text-right text-xs font-semibold tabular-nums ${done ? "text-secondary" : "text-muted"}`}
      >
        {text}
      </span>
      {onCancel && (
        <button
          type="button"
          onClick={onCancel}
          className="shrink-0 rounded-full border border-border px-3 py-1 text-xs font-semibold hover:border-destructive hover:text-destructive"
        >
          Cancel<span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      )}
    </div>
  );
}

/** One upload of a list: its name, its bar (or its error, in the server's words) and Dismiss. */
export function UploadProgress({ upload, onDismiss }: { upload: UploadState; onDismiss: () => void }) {
  const failed = upload.stage === "failed";
  const finished = failed || upload.stage === "done";
  return (
    <li
      className={`rounded-xl border bg-card p-3 text-sm ${failed ? "border-destructive/60" : "border-border"}`}
      data-upload={upload.stage}
    >
      <div className="mb-2 flex items-center justify-between gap-3">
        <span className="min-w-0 truncate font-medium" title={upload.name}>
          {upload.name}
        </span>
        {finished && (
          <button
            type="button"
            onClick={onDismiss}
            className="shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold text-muted hover:text-fg"
          >
            Dismiss<span className="sr-only"> {upload.name}</span>
          </button>
        )}
      </div>
      {failed ? (
        <p role="alert" className="text-destructive">
          {upload.error}
        </p>
      ) : (
        <ProgressBar
          label={`Uploading ${upload.name}`}
          percent={upload.percent}
          processing={upload.stage === "processing"}
          done={upload.stage === "done"}
          onCancel={upload.abort}
        />
      )}
    </li>
  );
}

export function UploadList({
  uploads,
  onDismiss,
  label = "Uploads",
}: {
  uploads: UploadState[];
  onDismiss: (key: string) => void;
  label?: string;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {uploads.map((u) => (
        <UploadProgress key={u.key} upload={u} onDismiss={() => onDismiss(u.key)} />
      ))}
    </ul>
  );
}

const units = ["B", "KB", "MB", "GB"];
/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A small preview of an image: its smallest width, as WebP (every variant exists in every upload). */
export function thumbnailUrl(url: string): string {
  const image = parseUploadedImage(url);
  return image ? `${image.dir}/${image.widths[0]}.webp` : url;
}
