import { useCallback, useRef, useState } from "react";

import { parseUploadedImage } from "~/platform/images";

import { isCancelled, type Progress } from "./uploads";

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
 * The uploads under way on a screen: `start` runs one (`send` is given a progress callback and
 * the signal that stops it), an upload's `abort` cancels it, and a cancelled one disappears. Finished ones stay until
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
      send: (onProgress: Progress, signal: AbortSignal) => Promise<T>,
      refusal?: string | null,
    ): Promise<T | undefined> => {
      const key = `upload-${++counter.current}`;
      if (refusal) {
        setUploads((all) => [...all, { key, name, percent: 0, stage: "failed", error: refusal }]);
        return undefined;
      }
      const controller = new AbortController();
      const abort = () => controller.abort();
      setUploads((all) => [...all, { key, name, percent: 0, stage: "sending", abort }]);
      try {
        const result = await send(
          // Once every byte is sent the server is at work: cancelling then would not undo the upload.
          (percent) =>
            update(key, percent >= 100 ? { percent, stage: "processing", abort: undefined } : { percent }),
          controller.signal,
        );
        update(key, { percent: 100, stage: "done", abort: undefined });
        return result;
      } catch (error) {
        if (isCancelled(error)) dismiss(key);
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
