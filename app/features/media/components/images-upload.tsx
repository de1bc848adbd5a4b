import { useId, useRef, useState } from "react";

import { ProgressBar } from "./media-upload";
import { fileProblem, IMAGE_TYPES, isCancelled, uploadImage } from "./uploads";

type Sending = { id: number; name: string; progress: number; error?: string };

/**
 * Several images at once, chosen or dropped: each goes through the one upload pipeline in the order
 * given, and `onUploaded` hears of each as it lands. A file refused or failed is listed with its own
 * reason; the others go on, and nothing already uploaded or typed is lost.
 */
export function ImagesUploadZone({
  label,
  hint,
  onUploaded,
}: {
  label: string;
  hint: string;
  onUploaded: (url: string, file: File) => void;
}) {
  const inputId = useId();
  const [sending, setSending] = useState<Sending[]>([]);
  const [over, setOver] = useState(false);
  const queue = useRef(Promise.resolve());
  const next = useRef(0);
  const cancel = useRef<AbortController | null>(null);

  const update = (id: number, change: Partial<Sending>) =>
    setSending((all) => all.map((one) => (one.id === id ? { ...one, ...change } : one)));

  async function sendOne(id: number, file: File) {
    const problem = fileProblem(file, "image");
    if (problem) return update(id, { error: problem });
    const controller = new AbortController();
    cancel.current = controller;
    try {
      const url = await uploadImage(file, (progress) => update(id, { progress }), controller.signal);
      onUploaded(url, file);
      setSending((all) => all.filter((one) => one.id !== id));
    } catch (error) {
      const reason = isCancelled(error)
        ? "cancelled"
        : error instanceof Error
          ? error.message
          : "the upload failed";
      update(id, { error: `${file.name}: ${reason}` });
    }
  }

  function add(files: FileList | File[]) {
    const list = [...files];
    if (list.length === 0) return;
    const entries = list.map((file) => ({ id: next.current++, file }));
    setSending((all) => [
      ...all.filter((one) => !one.error),
      ...entries.map(({ id, file }) => ({ id, name: file.name, progress: 0 })),
    ]);
    // One after another, in the order given, so the gallery keeps that order.
    for (const { id, file } of entries) queue.current = queue.current.then(() => sendOne(id, file));
  }

  const failed = sending.filter((one) => one.error);
  const waiting = sending.filter((one) => !one.error);
  return (
    <div className="js-only grid gap-2">
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setOver(false);
          add(event.dataTransfer.files);
        }}
        className={`grid justify-items-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center text-sm ${
          over ? "border-primary bg-primary/5" : "border-border"
        }`}
      >
        <label
          htmlFor={inputId}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-full bg-primary px-4 font-semibold text-primary-fg focus-within:ring-2 focus-within:ring-primary"
        >
          {label}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_TYPES.join(",")}
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            add(files);
          }}
        />
        <p className="text-muted">{hint}</p>
      </div>
      {waiting.map((one) => (
        <ProgressBar
          key={one.id}
          label={`Uploading ${one.name}`}
          percent={one.progress}
          processing={one.progress >= 100}
          onCancel={one.progress > 0 && one.progress < 100 ? () => cancel.current?.abort() : undefined}
        />
      ))}
      {failed.length > 0 && (
        <div role="alert" className="grid gap-1 text-sm text-destructive">
          <p className="font-semibold">
            {failed.length === 1 ? "One image was not added:" : `${failed.length} images were not added:`}
          </p>
          <ul className="list-disc pl-5">
            {failed.map((one) => (
              <li key={one.id} className="break-words">
                {one.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
