import { useId, useRef, useState } from "react";

import { isSiteFile } from "~/lib/schemas";

import { dialogInput, Modal, primaryButton, secondaryButton, submitOnEnter } from "./modal";
import type { MediaKind, PickMedia } from "./types";
import { fileProblem, IMAGE_TYPES, uploadImage, uploadVideo, VIDEO_TYPES } from "./upload";

export type MediaValues = { src: string; alt: string; caption: string; captions: string };

const words = {
  image: { title: "image", limit: "JPEG, PNG, WebP, GIF or AVIF, 10 MB at most", types: IMAGE_TYPES },
  video: { title: "video", limit: "MP4, WebM or OGG, 100 MB at most", types: VIDEO_TYPES },
};

/**
 * Asks for an image or video: uploaded here, picked from the media library (when `pickMedia` is
 * given) or an address on this site; an image needs its alt text before it goes in.
 */
export function MediaDialog({
  kind,
  initial,
  pickMedia,
  onInsert,
  onClose,
}: {
  kind: MediaKind;
  initial?: MediaValues;
  pickMedia?: PickMedia;
  onInsert: (values: MediaValues) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<MediaValues>(
    initial ?? { src: "", alt: "", caption: "", captions: "" },
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof MediaValues | "file", string>>>({});
  const upload = useRef<AbortController | null>(null);
  const set = (change: Partial<MediaValues>) => setValues((v) => ({ ...v, ...change }));

  async function send(file: File) {
    const problem = fileProblem(file, kind);
    if (problem) return setErrors({ file: problem });
    setErrors({});
    upload.current = new AbortController();
    setProgress(0);
    try {
      const send = kind === "image" ? uploadImage : uploadVideo;
      set({ src: await send(file, setProgress, upload.current.signal) });
    } catch (error) {
      const cancelled = error instanceof DOMException && error.name === "AbortError";
      setErrors({
        file: cancelled ? "Upload cancelled" : error instanceof Error ? error.message : "Upload failed",
      });
    } finally {
      setProgress(null);
      upload.current = null;
    }
  }

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
            <input {...field("alt")} type="text" required />
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
