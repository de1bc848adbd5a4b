import { useEffect, useId, useRef, useState } from "react";

import type { MediaKind, PickMedia } from "~/features/media";
import {
  fileProblem,
  IMAGE_TYPES,
  isCancelled,
  uploadImage,
  uploadVideo,
  VIDEO_TYPES,
} from "~/features/media";
import { isSiteFile } from "~/platform/text/schemas";

import { dialogInput, Modal, primaryButton, secondaryButton, submitOnEnter } from "./modal";

export type MediaValues = { src: string; alt: string; caption: string; captions: string };

const words = {
  image: { title: "image", limit: "JPEG, PNG, WebP, GIF or AVIF, 10 MB at most", types: IMAGE_TYPES },
  video: { title: "video", limit: "MP4, WebM or OGG, 100 MB at most", types: VIDEO_TYPES },
};

/**
 * Asks for an image or video: uploaded here, picked from the media library (when `pickMedia` is
 * given) or an address on this site; an image needs its alt text before it goes in. A `file` dropped or
 * pasted into the editor starts uploading as the dialog opens (`note` says why others were left out).
 */
export function MediaDialog({
  kind,
  initial,
  file,
  note,
  pickMedia,
  onInsert,
  onClose,
}: {
  kind: MediaKind;
  initial?: MediaValues;
  file?: File;
  note?: string;
  pickMedia?: PickMedia;
  onInsert: (values: MediaValues) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<MediaValues>(
    initial ?? { src: "", alt: "", caption: "", captions: "" },
  );
  // A dropped or pasted file is refused, or shown uploading, from the first render.
  const refused = file && fileProblem(file, kind);
  const [progress, setProgress] = useState<number | null>(file && !refused ? 0 : null);
  const [errors, setErrors] = useState<Partial<Record<keyof MediaValues | "file", string>>>(
    refused ? { file: refused } : {},
  );
  const upload = useRef<AbortController | null>(null);
  const set = (change: Partial<MediaValues>) => setValues((v) => ({ ...v, ...change }));

  function send(file: File) {
    const problem = fileProblem(file, kind);
    if (problem) return setErrors({ file: problem });
    setErrors({});
    setProgress(0);
    void transfer(file);
  }

  async function transfer(file: File) {
    const controller = new AbortController();
    upload.current = controller;
    try {
      const send = kind === "image" ? uploadImage : uploadVideo;
      const src = await send(
        file,
        (percent) => upload.current === controller && setProgress(percent),
        controller.signal,
      );
      if (upload.current === controller) set({ src });
    } catch (error) {
      // An upload given up for a newer one, or because the dialog closed, says nothing.
      if (upload.current !== controller) return;
      const cancelled = isCancelled(error);
      setErrors({
        file: cancelled ? "Upload cancelled" : error instanceof Error ? error.message : "Upload failed",
      });
    } finally {
      if (upload.current === controller) {
        setProgress(null);
        upload.current = null;
      }
    }
  }

  // The dropped or pasted file uploads at once, and the alt text, which it still needs, has the focus
  // (this runs after the modal has opened and focused its first field). Closing stops the upload.
  const altInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (file && !fileProblem(file, kind)) {
      void transfer(file);
      altInput.current?.focus();
    }
    return () => {
      const running = upload.current;
      upload.current = null;
      running?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the file the dialog opened with
  }, [file]);

  async function pick() {
    const picked = await pickMedia?.(kind);
    if (picked)
      set({
        src: picked.url,
        alt: picked.alt ?? values.alt,
        caption: picked.caption ?? values.caption,
        captions: picked.captions ?? values.captions,
      });
  }

  function insert() {
    const found: typeof errors = {};
    if (!values.src) found.src = `Upload or choose the ${kind} first`;
    else if (!isSiteFile(values.src.trim()))
      found.src = "Use a file uploaded to this site (an address starting with /uploads/ or /images/)";
    if (kind === "image" && !values.alt.trim())
      found.alt = "Describe the image for people who cannot see it (alt text is required)";
    if (values.captions && !(isSiteFile(values.captions.trim()) && /\.vtt$/i.test(values.captions.trim())))
      found.captions = "Captions must be a WebVTT file (.vtt) uploaded to this site";
    setErrors(found);
    if (Object.keys(found).length) return;
    onInsert({
      src: values.src.trim(),
      alt: values.alt.trim(),
      caption: values.caption.trim(),
      captions: values.captions.trim(),
    });
  }

  const field = (name: keyof MediaValues) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [name]: e.target.value }),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    className: dialogInput,
  });
  const error = (name: keyof typeof errors) =>
    errors[name] && (
      <span
        id={`${id}-${name}-error`}
        role="alert"
        className="mt-1 block text-sm font-normal text-destructive"
      >
        {errors[name]}
      </span>
    );

  return (
    <Modal title={`${initial ? "Edit" : "Insert"} ${words[kind].title}`} onClose={onClose}>
      <div role="group" onKeyDown={submitOnEnter(insert)} className="grid gap-4">
        {note && (
          <p className="rounded-lg border border-border bg-bg px-3 py-2 text-sm" role="note">
            {note}
          </p>
        )}
        <div className="grid gap-3 rounded-xl border border-dashed border-border bg-bg p-4">
          {values.src && kind === "image" && isSiteFile(values.src) && (
            <img src={values.src} alt="" className="max-h-40 w-auto justify-self-start rounded-lg" />
          )}
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            Upload {words[kind].title === "image" ? "an image" : "a video"}{" "}
            <span className="font-normal text-muted">({words[kind].limit})</span>
            <input
              id={`${id}-file`}
              type="file"
              accept={words[kind].types.join(",")}
              disabled={progress !== null}
              aria-describedby={errors.file ? `${id}-file-error` : undefined}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                if (file) void send(file);
                e.currentTarget.value = "";
              }}
              className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-fg"
            />
            {error("file")}
          </label>
          {progress !== null && (
            <div className="flex items-center gap-3" role="status">
              <div className="h-2 flex-1 overflow-hidden rounded-full bg-border">
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${progress}%` }}
                />
              </div>
              <span className="w-20 text-sm tabular-nums">Uploading {progress}%</span>
              <button type="button" onClick={() => upload.current?.abort()} className={secondaryButton}>
                Cancel upload
              </button>
            </div>
          )}
          {pickMedia && (
            <button
              type="button"
              onClick={() => void pick()}
              className={`${secondaryButton} justify-self-start`}
            >
              Choose from the media library
            </button>
          )}
          <label htmlFor={`${id}-src`} className="text-sm font-medium">
            Or its address on this site
            <input {...field("src")} type="text" placeholder="/uploads/…" autoComplete="off" />
            {error("src")}
          </label>
        </div>
        {kind === "image" && (
          <label htmlFor={`${id}-alt`} className="text-sm font-medium">
            Alt text <span className="font-normal text-muted">(required: what the image shows)</span>
            <input {...field("alt")} ref={altInput} type="text" required />
            {error("alt")}
          </label>
        )}
        {kind === "video" && (
          <label htmlFor={`${id}-captions`} className="text-sm font-medium">
            Captions file <span className="font-normal text-muted">(optional, WebVTT .vtt on this site)</span>
            <input {...field("captions")} type="text" placeholder="/uploads/….vtt" autoComplete="off" />
            {error("captions")}
          </label>
        )}
        <label htmlFor={`${id}-caption`} className="text-sm font-medium">
          Caption <span className="font-normal text-muted">(optional, shown under the {kind})</span>
          <input {...field("caption")} type="text" />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="button" onClick={insert} disabled={progress !== null} className={primaryButton}>
            {initial ? "Update" : "Insert"} {kind}
          </button>
        </div>
      </div>
    </Modal>
  );
}
