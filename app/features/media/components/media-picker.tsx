/**
 * MediaPicker: a modal dialog to choose a file from the media library (or upload one into it).
 *
 *   <MediaPicker
 *     kind="image"              // "image" | "video": what it lists and accepts
 *     open={open}               // shows the dialog (a native <dialog>, modal: Esc and the × close it)
 *     onChoose={(item) => …}    // the chosen MediaItemJson ({ id, url, alt, caption, width, height,
 *                               //   captionsUrl, … }); the dialog does not close by itself
 *     onClose={() => …}         // Esc, the × button or Cancel: set `open` to false
 *     title="Choose a cover"    // optional heading (default "Choose an image" / "Choose a video")
 *   />
 *
 * An image can only be chosen once it has alt text: choosing one without asks for it right there and
 * saves it to the library (PUT /api/media/{id}) before `onChoose`. Uploads (button, drop onto the
 * dialog, paste) go into the library with a progress bar and Cancel, and the new file is selected.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";

import { AltMissingBadge, MediaThumb } from "./media-card";
import { UploadIcon } from "./media-library";
import { formatBytes, UploadList, useUploads } from "./media-upload";
import { IMAGE_TYPES, type MediaItemJson, refusalOf, uploadToLibrary, VIDEO_TYPES } from "./uploads";

export type MediaPickerProps = {
  kind: "image" | "video";
  open: boolean;
  onChoose: (item: MediaItemJson) => void;
  onClose: () => void;
  title?: string;
};

const SEARCH_DELAY_MS = 250;

export function MediaPicker({ kind, open, onChoose, onClose, title }: MediaPickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [q, setQ] = useState("");
  const [items, setItems] = useState<MediaItemJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsAlt, setNeedsAlt] = useState<MediaItemJson | null>(null);
  const { uploads, start, dismiss } = useUploads();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        const params = new URLSearchParams({ kind, limit: "48" });
        if (q.trim()) params.set("q", q.trim());
        fetch(`/api/media?${params}`, { signal: controller.signal, credentials: "include" })
          .then(async (response) => {
            if (!response.ok) throw new Error(`The library could not be loaded (${response.status})`);
            setItems((await response.json()) as MediaItemJson[]);
            setError(null);
          })
          .catch((e: unknown) => {
            if (!controller.signal.aborted) setError((e as Error).message);
          });
      },
      q ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, q, kind]);

  const choose = useCallback(
    (item: MediaItemJson) => {
      if (item.kind === "image" && !item.alt.trim()) return setNeedsAlt(item);
      setNeedsAlt(null);
      onChoose(item);
    },
    [onChoose],
  );

  const upload = (files: File[]) => {
    for (const file of files) {
      void start(
        file.name,
        (onProgress, signal) => uploadToLibrary(file, onProgress, signal),
        refusalOf(file, kind),
      ).then((item) => {
        if (!item) return;
        setItems((all) => [item, ...(all ?? []).filter((i) => i.id !== item.id)]);
        if (item.kind === "image") setNeedsAlt(item);
      });
    }
  };

  const heading = title ?? (kind === "image" ? "Choose an image" : "Choose a video");
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        upload(Array.from(e.dataTransfer.files));
      }}
      onPaste={(e) => {
        const files = Array.from(e.clipboardData.files);
        if (files.length === 0) return;
        e.preventDefault();
        upload(files);
      }}
      className="m-auto max-h-[min(90vh,56rem)] w-[min(64rem,calc(100vw-2rem))] overflow-hidden rounded-2xl border border-border bg-bg p-0 text-fg shadow-2xl backdrop:bg-black/60 backdrop:backdrop-blur-sm"
    >
      <div className="flex max-h-[min(90vh,56rem)] flex-col">
        <header className="grid gap-3 border-b border-border p-4 sm:px-6">
          <div className="flex items-center gap-2 sm:gap-3">
            <h2 id={headingId} className="mr-auto min-w-0 truncate text-lg font-bold sm:text-xl">
              {heading}
            </h2>
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="inline-flex shrink-0 items-center gap-2 rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-fg hover:opacity-90"
            >
              <UploadIcon className="size-4" />
              Upload
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={(kind === "image" ? IMAGE_TYPES : VIDEO_TYPES).join(",")}
              aria-label={`Upload ${kind === "image" ? "images" : "videos"}`}
              className="sr-only"
              tabIndex={-1}
              onChange={(event) => {
                upload(Array.from(event.currentTarget.files ?? []));
                event.currentTarget.value = "";
              }}
            />
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="grid size-9 shrink-0 place-items-center rounded-full border border-border text-lg leading-none hover:border-primary"
            >
              ×
            </button>
          </div>
          <label className="block">
            <span className="sr-only">Search the library</span>
            <input
              type="search"
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              placeholder="Search alt text, captions, file names"
              className="w-full rounded-full border border-border bg-bg px-4 py-2 text-sm focus:border-primary focus:outline-none"
            />
          </label>
        </header>

        <div className="overflow-y-auto p-4 sm:px-6">
          {needsAlt && (
            <AltPrompt
              key={needsAlt.id}
              item={needsAlt}
              onSaved={(item) => {
                setItems((all) => (all ?? []).map((i) => (i.id === item.id ? item : i)));
                setNeedsAlt(null);
                onChoose(item);
              }}
              onCancel={() => setNeedsAlt(null)}
            />
          )}
          <UploadList uploads={uploads} onDismiss={dismiss} />
          {error && (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {error}
            </p>
          )}
          {items === null && !error ? (
            <p className="py-10 text-center text-sm text-muted">Loading the library…</p>
          ) : items && items.length === 0 ? (
            <div className="grid place-items-center gap-2 py-12 text-center">
              <p className="font-semibold">{q ? "Nothing matches" : `No ${kind}s in the library yet`}</p>
              <p className="text-sm text-muted">Upload one, drop it here, or paste it.</p>
            </div>
          ) : (
            <ul aria-label="Library" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {items?.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => choose(item)}
                    aria-pressed={needsAlt?.id === item.id}
                    className="group block w-full overflow-hidden rounded-xl border border-border bg-card text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:ring-2 aria-pressed:ring-primary"
                  >
                    <MediaThumb item={item} />
                    <span className="block p-2 text-xs">
                      <span className="line-clamp-1 font-medium text-fg">
                        {item.alt || item.caption || item.url.split("/").slice(-2).join("/")}
                      </span>
                      <span className="mt-1 flex flex-wrap items-center gap-1 text-muted">
                        {item.width && item.height ? `${item.width}×${item.height} · ` : ""}
                        {formatBytes(item.bytes)}
                        {item.kind === "image" && !item.alt && <AltMissingBadge />}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <footer className="flex justify-end border-t border-border p-3 sm:px-6">
          <button
            type="button"
            onClick={onClose}
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
          >
            Cancel
          </button>
        </footer>
      </div>
    </dialog>
  );
}

/** Asks for the alt text an image needs before it is used, and saves it to the library. */
function AltPrompt({
  item,
  onSaved,
  onCancel,
}: {
  item: MediaItemJson;
  onSaved: (item: MediaItemJson) => void;
  onCancel: () => void;
}) {
  const [alt, setAlt] = useState(item.alt);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = useId();

  async function save() {
    if (!alt.trim()) return setError("Describe the image first: alt text is required to use it");
    setSaving(true);
    try {
      const response = await fetch(`/api/media/${item.id}`, {
        method: "PUT",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ alt }),
      });
      const body = (await response.json()) as MediaItemJson & { error?: string };
      if (!response.ok) throw new Error(body.error ?? `Not saved (${response.status})`);
      onSaved(body);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mb-4 grid grid-cols-[6rem_1fr] gap-4 rounded-2xl border border-primary/50 bg-card p-4 sm:grid-cols-[10rem_1fr]">
      <div className="overflow-hidden rounded-xl">
        <MediaThumb item={item} />
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="grid content-start gap-2"
      >
        <label htmlFor={fieldId} className="text-sm font-semibold">
          Alt text{" "}
          <span className="font-normal text-muted">
            (required: what the image shows, for people who cannot see it)
          </span>
        </label>
        <textarea
          id={fieldId}
          rows={2}
          value={alt}
          maxLength={300}
          autoFocus
          onChange={(e) => {
            setAlt(e.currentTarget.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm focus:border-primary focus:outline-none aria-[invalid=true]:border-destructive"
        />
        {error && (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={saving}
            className="rounded-full bg-primary px-4 py-2 text-sm font-semibold text-primary-fg hover:opacity-90 disabled:opacity-60"
          >
            {saving ? "Saving…" : "Save alt text and use this image"}
          </button>
          <button
            type="button"
            onClick={onCancel}
            className="rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-primary"
          >
            Choose another
          </button>
        </div>
      </form>
    </div>
  );
}
