import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";

import { toast } from "~/ui/feedback/toast";

import { type CardResult, MediaCard } from "./media-card";
import { UploadList, useUploads } from "./media-upload";
import { ACCEPT_MEDIA, type MediaItemJson, refusalOf, uploadToLibrary } from "./uploads";

/** The library's tabs: by kind, and the files used nowhere on the site. */
const kinds = [
  { value: null, label: "All" },
  { value: "image", label: "Images" },
  { value: "video", label: "Videos" },
  { value: "audio", label: "Audio" },
  { value: "document", label: "Documents" },
  { value: "unused", label: "Not used" },
] as const;

export function UploadIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className={className}
    >
      <path
        d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Files dropped anywhere on the page or pasted (outside a text field that takes the paste), for as
 * long as the component is shown. `dragging` is true while files are held over the page.
 */
export function useDropAndPaste(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  useEffect(() => {
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current++;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      onFiles(Array.from(e.dataTransfer?.files ?? []));
    };
    const paste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []);
      if (files.length === 0) return;
      e.preventDefault();
      onFiles(files);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    window.addEventListener("paste", paste);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
      window.removeEventListener("paste", paste);
    };
  }, [onFiles]);
  return dragging;
}

type Props = {
  items: MediaItemJson[];
  total: number;
  kind: MediaItemJson["kind"] | null;
  /** Only the files used nowhere. */
  unused: boolean;
  q: string;
  result?: CardResult;
  notice: string | null;
  uploadError: string | null;
  searchForm: ReactNode;
  pager: ReactNode;
};

/** The media library page: upload (button, drop, paste), filters, and the grid of files. */
export function MediaLibrary({
  items,
  total,
  kind,
  unused,
  q,
  result,
  notice,
  uploadError,
  searchForm,
  pager,
}: Props) {
  const { uploads, start, dismiss } = useUploads();
  const revalidator = useRevalidator();
  const picker = useRef<HTMLInputElement>(null);

  const upload = useCallback(
    (files: File[]) => {
      for (const file of files) {
        void start(
          file.name,
          (onProgress, signal) => uploadToLibrary(file, onProgress, signal),
          refusalOf(file),
        ).then((item) => {
          if (!item) return;
          toast({ title: "Uploaded", description: file.name });
          void revalidator.revalidate();
        });
      }
    },
    [start, revalidator],
  );
  const dragging = useDropAndPaste(upload);
  const filtered = Boolean(kind || q || unused);
  const tab = unused ? "unused" : kind;
  const kindLink = (value: string | null) => {
    const params = new URLSearchParams();
    if (value === "unused") params.set("unused", "1");
    else if (value) params.set("kind", value);
    if (q) params.set("q", q);
    const search = params.toString();
    return search ? `/admin/media?${search}` : "/admin/media";
  };

  return (
    <section aria-labelledby="media-heading" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="media-heading" className="text-3xl font-bold tracking-tight">
            Media library
          </h1>
          <p className="mt-2 text-muted">
            {total === 0 ? "No files yet" : `${total} ${total === 1 ? "file" : "files"}`} · images up to 10 MB
            (JPEG, PNG, WebP, GIF, AVIF), videos up to 100 MB (MP4, WebM, OGG)
          </p>
        </div>
        <div className="js-only">
          <button
            type="button"
            onClick={() => picker.current?.click()}
            className="inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2.5 font-semibold text-primary-fg shadow-sm hover:opacity-90"
          >
            <UploadIcon />
            Upload files
          </button>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ACCEPT_MEDIA}
            aria-label="Upload files"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              upload(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = "";
            }}
          />
        </div>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        className="no-js-only mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-dashed border-border bg-card p-4"
      >
        <label className="grow text-sm font-semibold">
          Upload a file
          <input
            type="file"
            name="file"
            accept={ACCEPT_MEDIA}
            required
            className="mt-2 block w-full text-sm font-normal file:mr-3 file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-fg"
          />
        </label>
        <button type="submit" className="rounded-full bg-primary px-5 py-2 font-semibold text-primary-fg">
          Upload
        </button>
      </Form>
      {uploadError && (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-destructive/50 px-4 py-3 text-sm text-destructive"
        >
          {uploadError}
        </p>
      )}
      {notice && (
        <p
          role="status"
          className="no-js-only mt-4 rounded-xl border border-secondary px-4 py-3 text-sm text-secondary"
        >
          {notice}
        </p>
      )}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <nav
          aria-label="Filter by kind"
          // Six tabs and the search are wider than a phone or a tablet: they wrap instead of pushing the
          // page sideways (one line of tabs still reads as a pill).
          className="flex flex-wrap gap-1 rounded-3xl border border-border p-1"
        >
          {kinds.map((k) => (
            <Link
              key={k.label}
              to={kindLink(k.value)}
              aria-current={tab === k.value ? "true" : undefined}
              className={`rounded-full px-4 py-1.5 text-sm font-semibold ${tab === k.value ? "bg-primary text-primary-fg" : "text-muted hover:text-fg"}`}
            >
              {k.label}
            </Link>
          ))}
        </nav>
        {searchForm}
      </div>

      <p className="js-only mt-4 hidden text-sm text-muted sm:block">
        Tip: drop files anywhere on this page, or paste an image, to upload it.
      </p>
      <div className="mt-4">
        <UploadList uploads={uploads} onDismiss={dismiss} />
      </div>

      {items.length === 0 ? (
        filtered ? (
          <div className="mt-8 rounded-2xl border border-dashed border-border p-10 text-center">
            <p className="font-semibold">Nothing matches</p>
            <p className="mt-1 text-sm text-muted">
              Try other words, or{" "}
              <Link to="/admin/media" className="text-primary underline">
                show every file
              </Link>
              .
            </p>
          </div>
        ) : (
          <div className="mt-8 grid place-items-center gap-3 rounded-2xl border border-dashed border-border bg-card px-6 py-14 text-center">
            <span className="grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
              <UploadIcon className="size-7" />
            </span>
            <p className="text-lg font-semibold">No media yet</p>
            <p className="max-w-md text-sm text-muted">
              Images and videos you upload here, or in the post editor, are kept in this library with their
              alt text and captions.
            </p>
            <button
              type="button"
              onClick={() => picker.current?.click()}
              className="js-only mt-2 inline-flex items-center gap-2 rounded-full bg-primary px-5 py-2.5 font-semibold text-primary-fg hover:opacity-90"
            >
              <UploadIcon />
              Upload your first file
            </button>
          </div>
        )
      ) : (
        <ul aria-label="Media" className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => (
            <MediaCard key={item.id} item={item} result={result} />
          ))}
        </ul>
      )}
      {pager}

      {dragging && (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-bg/80 backdrop-blur-sm"
        >
          <div className="grid place-items-center gap-3 rounded-3xl border-2 border-dashed border-primary bg-card px-16 py-12 text-center shadow-xl">
            <UploadIcon className="size-10 text-primary" />
            <p className="text-xl font-semibold">Drop to upload</p>
            <p className="text-sm text-muted">Images up to 10 MB, videos up to 100 MB</p>
          </div>
        </div>
      )}
    </section>
  );
}
