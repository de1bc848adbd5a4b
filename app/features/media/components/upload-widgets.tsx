import { useEffect, useRef, useState } from "react";

import { ProgressBar } from "./media-upload";
import {
  fileProblem,
  IMAGE_TYPES,
  isCancelled,
  refusalOf,
  uploadImage,
  uploadVideo,
  VIDEO_TYPES,
} from "./uploads";
const COPIED_MS = 2000;
const PROGRESS_RESET_MS = 1000;

/** Puts a value into one of the editor's (uncontrolled) inputs, as if it had been typed. */
function setField(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement | null;
  if (!input) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

type Upload = {
  key: string;
  name: string;
  progress: number;
  url?: string;
  error?: string;
  abort?: () => void;
};

/**
 * One image uploaded from the field it is for ("Upload a cover", a gallery row's "Upload an image"):
 * sent with a progress bar and Cancel, and put in place as soon as it is in (it is kept in the media
 * library too). `onUploaded` gets its address.
 */
export function ImageUploadButton({
  label,
  onUploaded,
  className,
}: {
  label: string;
  onUploaded: (url: string) => void;
  className: string;
}) {
  const [upload, setUpload] = useState<{ name: string; progress: number; abort?: () => void } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function send(file: File) {
    setMessage(null);
    const problem = fileProblem(file, "image");
    if (problem) return setMessage(problem);
    const controller = new AbortController();
    setUpload({ name: file.name, progress: 0, abort: () => controller.abort() });
    try {
      const url = await uploadImage(
        file,
        (progress) => setUpload((now) => now && { ...now, progress }),
        controller.signal,
      );
      onUploaded(url);
    } catch (error) {
      if (!isCancelled(error)) setMessage(error instanceof Error ? error.message : "Upload failed");
    } finally {
      setUpload(null);
    }
  }

  return (
    <>
      <label className={`${className} cursor-pointer focus-within:ring-2 focus-within:ring-primary`}>
        {label}
        <input
          type="file"
          accept={IMAGE_TYPES.join(",")}
          className="sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void send(file);
          }}
        />
      </label>
      {upload && (
        <div className="basis-full">
          <ProgressBar
            label={`Uploading ${upload.name}`}
            percent={upload.progress}
            processing={upload.progress >= 100}
            onCancel={upload.progress < 100 ? upload.abort : undefined}
          />
        </div>
      )}
      {message && (
        <p role="alert" className="basis-full text-sm text-destructive">
          {message}
        </p>
      )}
    </>
  );
}

/**
 * Images for the post's body, sent with a progress bar and Cancel; each address can be copied
 * ('Copied!' for 2 s). Every upload is also in the media library (the old five-a-session cap is gone).
 */
export function ImageUploadWidget() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const seen = useRef(new Set<string>());

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function upload(file: File) {
    const key = `${file.name}:${file.size}:${file.lastModified}`;
    if (seen.current.has(key)) return setMessage(`${file.name}: this file has already been uploaded`);
    const problem = fileProblem(file, "image");
    if (problem) return setMessage(problem);
    if (!navigator.onLine) return setMessage("No internet connection");
    seen.current.add(key);
    const controller = new AbortController();
    setUploads((all) => [...all, { key, name: file.name, progress: 0, abort: () => controller.abort() }]);
    try {
      const url = await uploadImage(
        file,
        (progress) => update(key, progress >= 100 ? { progress, abort: undefined } : { progress }),
        controller.signal,
      );
      update(key, { progress: 100, url, abort: undefined });
    } catch (error) {
      seen.current.delete(key);
      if (isCancelled(error)) return setUploads((all) => all.filter((u) => u.key !== key));
      update(key, { error: error instanceof Error ? error.message : "Upload failed", abort: undefined });
    }
  }

  return (
    <div className="js-only rounded-xl border border-dashed border-border p-4">
      <label className="block text-sm font-medium">
        Upload images{" "}
        <span className="font-normal text-muted">
          (JPEG, PNG, WebP, GIF or AVIF, 10 MB each; they are kept in the media library)
        </span>
        <input
          type="file"
          accept={IMAGE_TYPES.join(",")}
          multiple
          className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-fg"
          onChange={(event) => {
            setMessage(null);
            for (const file of Array.from(event.currentTarget.files ?? [])) void upload(file);
            event.currentTarget.value = "";
          }}
        />
      </label>
      {message && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {message}
        </p>
      )}
      {uploads.length > 0 && (
        <ul aria-label="Uploaded images" className="mt-3 grid gap-2">
          {uploads.map((u) => (
            <li key={u.key} className="rounded-lg bg-bg p-3 text-sm">
              <span className="block truncate font-medium">{u.name}</span>
              {!u.url && !u.error && (
                <div className="mt-2">
                  <ProgressBar
                    label={`Uploading ${u.name}`}
                    percent={u.progress}
                    processing={u.progress >= 100}
                    onCancel={u.abort}
                  />
                </div>
              )}
              {u.error && <p className="mt-1 text-destructive">{u.error}</p>}
              {u.url && (
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <code className="truncate text-xs text-muted">{u.url}</code>
                  <button
                    type="button"
                    onClick={() =>
                      navigator.clipboard
                        .writeText(new URL(u.url!, location.origin).href)
                        .then(() => setCopied(u.key))
                    }
                    className="rounded-full border border-border px-3 py-1 text-xs font-semibold"
                  >
                    {copied === u.key ? "Copied!" : "Copy URL"}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A video for the post: checked here, streamed to the server with real progress (reset after 1 s). */
export function VideoUploadWidget({ videoInputId }: { videoInputId: string }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [cancel, setCancel] = useState<{ run: () => void } | null>(null);

  async function upload(file: File) {
    setMessage(null);
    const problem = refusalOf(file, "video");
    if (problem) return setMessage({ text: problem, error: true });
    setProgress(0);
    const controller = new AbortController();
    setCancel({ run: () => controller.abort() });
    try {
      const url = await uploadVideo(
        file,
        (percent) => {
          if (percent >= 100) setCancel(null);
          setProgress(percent);
        },
        controller.signal,
      );
      setProgress(100);
      setField(videoInputId, url);
      setMessage({ text: `Uploaded ${file.name}`, error: false });
    } catch (error) {
      if (isCancelled(error)) setMessage({ text: "Upload cancelled", error: false });
      else
        setMessage({
          text: `Failed to upload video: ${error instanceof Error ? error.message : "Unknown error"}`,
          error: true,
        });
    } finally {
      setCancel(null);
      setTimeout(() => setProgress(null), PROGRESS_RESET_MS);
    }
  }

  return (
    <div className="js-only rounded-xl border border-dashed border-border p-4">
      <label className="block text-sm font-medium">
        Upload a video <span className="font-normal text-muted">(MP4, WebM or OGG, under 100 MB)</span>
        <input
          type="file"
          accept={VIDEO_TYPES.join(",")}
          className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-fg"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
            event.currentTarget.value = "";
          }}
        />
      </label>
      {progress !== null && (
        <div className="mt-3">
          <ProgressBar
            label="Video upload progress"
            percent={progress}
            processing={progress >= 100 && !message}
            done={progress >= 100 && Boolean(message && !message.error)}
            onCancel={cancel?.run}
          />
        </div>
      )}
      {message && (
        <p
          role={message.error ? "alert" : "status"}
          className={`mt-2 text-sm ${message.error ? "text-destructive" : "text-secondary"}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
