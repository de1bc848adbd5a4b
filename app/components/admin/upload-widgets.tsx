import { useEffect, useRef, useState } from "react";

import { ProgressBar, sendWithProgress, UploadCancelled } from "./media-upload";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg"];
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
 * Images for the post, sent with a progress bar and Cancel; each can be copied ('Copied!' for 2 s) or
 * chosen as the cover. Every upload is also in the media library (the old five-a-session cap is gone).
 */
export function ImageUploadWidget({ coverInputId }: { coverInputId: string }) {
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
    if (!file.type.startsWith("image/") || file.type === "image/svg+xml")
      return setMessage(`${file.name}: this file type is not allowed`);
    if (file.size > MAX_IMAGE_BYTES)
      return setMessage(`${file.name}: this file is too large (10 MB at most)`);
    if (file.size === 0) return setMessage(`${file.name}: this file is too small (it is empty)`);
    if (!navigator.onLine) return setMessage("No internet connection");
    seen.current.add(key);
    setUploads((all) => [...all, { key, name: file.name, progress: 0 }]);
    try {
      const slot = await fetch("/api/images/upload", { method: "POST", credentials: "include" });
      if (!slot.ok) throw new Error("Failed to get upload URL");
      const { uploadURL } = (await slot.json()) as { uploadURL: string };
      const sending = sendWithProgress("PUT", uploadURL, file, (progress) =>
        update(key, progress >= 100 ? { progress, abort: undefined } : { progress }),
      );
      update(key, { abort: sending.abort });
      const sent = await sending.done;
      if (sent.status !== 200) throw new Error(String(sent.body.error ?? `Upload failed (${sent.status})`));
      const registered = await fetch("/api/images", {
        method: "PUT",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ imageURL: uploadURL }),
      });
      const { publicURL, error } = (await registered.json()) as { publicURL?: string; error?: string };
      if (!registered.ok || !publicURL) throw new Error(error ?? "The upload could not be registered");
      update(key, { progress: 100, url: publicURL, abort: undefined });
    } catch (error) {
      seen.current.delete(key);
      if (error instanceof UploadCancelled) return setUploads((all) => all.filter((u) => u.key !== key));
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
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
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
                  <button
                    type="button"
                    onClick={() => setField(coverInputId, u.url!)}
                    className="rounded-full border border-primary px-3 py-1 text-xs font-semibold text-primary"
                  >
                    Use as cover
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
    if (!VIDEO_TYPES.includes(file.type))
      return setMessage({ text: "Please upload a valid video file (MP4, WebM, or OGG)", error: true });
    if (file.size > MAX_VIDEO_BYTES)
      return setMessage({ text: "Video file size must be less than 100MB", error: true });
    setProgress(0);
    const body = new FormData();
    body.append("video", file);
    try {
      const sending = sendWithProgress("POST", "/api/videos/upload", body, (percent) => {
        if (percent >= 100) setCancel(null);
        setProgress(percent);
      });
      setCancel({ run: sending.abort });
      const sent = await sending.done;
      if (sent.status !== 201) throw new Error(String(sent.body.error ?? "Failed to upload video"));
      setProgress(100);
      setField(videoInputId, String(sent.body.publicUrl));
      setMessage({ text: `Uploaded ${file.name}`, error: false });
    } catch (error) {
      if (error instanceof UploadCancelled) setMessage({ text: "Upload cancelled", error: false });
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
          accept="video/mp4,video/webm,video/ogg"
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
