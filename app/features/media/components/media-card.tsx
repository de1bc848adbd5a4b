import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";

import { dayInDublin } from "~/platform/text/dates";
import { toast } from "~/ui/feedback/toast";

import { formatBytes, thumbnailUrl } from "./media-upload";
import type { MediaItemJson } from "./uploads";

const typeName = (mime: string) => mime.split("/")[1]?.toUpperCase().replace("JPEG", "JPG") ?? mime;

/** What the page's action answers to a form of a card. */
export type CardResult = {
  id?: string;
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[] | undefined>;
};

export function AltMissingBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:text-amber-300">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-current">
        <path d="M8 1.5 15 14H1L8 1.5Zm0 4a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 8 5.5Zm0 7.25a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8Z" />
      </svg>
      Alt text missing
    </span>
  );
}

export function PlayIcon({ className = "size-12" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`grid place-items-center rounded-full bg-black/55 text-white ring-1 ring-white/30 backdrop-blur ${className}`}
    >
      <svg viewBox="0 0 24 24" className="ml-0.5 size-1/2 fill-current">
        <path d="M8 5.5v13l11-6.5-11-6.5Z" />
      </svg>
    </span>
  );
}

/** The picture of a file: an image's smallest variant, or a video's first frame with a play mark. */
/**
 * The point of the image every crop keeps in view: a click on the picture sets it (with JavaScript),
 * or the two numbers do; beside it, the image cropped as a wide card and as a square tile.
 */
function FocalPoint({ item, errors }: { item: MediaItemJson; errors: string[] }) {
  const [point, setPoint] = useState({ x: item.focalX, y: item.focalY });
  const position = `${point.x}% ${point.y}%`;
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = (offset: number, size: number) =>
      Math.round(Math.min(100, Math.max(0, (offset / size) * 100)));
    setPoint({ x: at(event.clientX - box.left, box.width), y: at(event.clientY - box.top, box.height) });
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="text-xs font-semibold text-muted">Focal point: kept in view when cropped</legend>
      <div className="grid grid-cols-[1fr_auto] items-start gap-3">
        <button
          type="button"
          onClick={pick}
          className="relative block cursor-crosshair overflow-hidden rounded-lg"
          aria-label={`Set the focal point of ${item.alt || "this image"} by clicking on it`}
        >
          <img src={thumbnailUrl(item.url)} alt="" loading="lazy" className="block w-full" />
          <span
            aria-hidden="true"
            className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgb(0_0_0/0.5)]"
            style={{ left: `${point.x}%`, top: `${point.y}%` }}
          />
        </button>
        <div className="grid gap-1.5" aria-hidden="true">
          <img
            src={thumbnailUrl(item.url)}
            alt=""
            loading="lazy"
            className="aspect-video w-20 rounded object-cover"
            style={{ objectPosition: position }}
          />
          <img
            src={thumbnailUrl(item.url)}
            alt=""
            loading="lazy"
            className="aspect-square w-12 rounded object-cover"
            style={{ objectPosition: position }}
          />
        </div>
      </div>
      <div className="flex gap-3">
        <label className="text-xs font-semibold text-muted">
          Across (%)
          <input
            name="focalX"
            type="number"
            min={0}
            max={100}
            value={point.x}
            onChange={(event) => setPoint({ ...point, x: Number(event.target.value) })}
            className={`${inputClass} w-20 font-normal text-fg`}
          />
        </label>
        <label className="text-xs font-semibold text-muted">
          Down (%)
          <input
            name="focalY"
            type="number"
            min={0}
            max={100}
            value={point.y}
            onChange={(event) => setPoint({ ...point, y: Number(event.target.value) })}
            className={`${inputClass} w-20 font-normal text-fg`}
          />
        </label>
      </div>
      {errors[0] && <p className="text-xs text-destructive">{errors[0]}</p>}
    </fieldset>
  );
}

export function MediaThumb({ item }: { item: MediaItemJson }) {
  return (
    <div className="relative aspect-[4/3] overflow-hidden bg-gradient-to-br from-primary/25 via-card to-secondary/25">
      {item.kind === "image" ? (
        <img
          src={thumbnailUrl(item.url)}
          alt={item.alt}
          width={item.width ?? undefined}
          height={item.height ?? undefined}
          loading="lazy"
          decoding="async"
          style={{ objectPosition: `${item.focalX}% ${item.focalY}%` }}
          className="size-full object-cover"
        />
      ) : item.kind === "video" ? (
        <>
          <video
            src={`${item.url}#t=0.1`}
            preload="metadata"
            muted
            playsInline
            aria-hidden="true"
            tabIndex={-1}
            className="size-full object-cover"
          />
          <span className="absolute inset-0 grid place-items-center">
            <PlayIcon />
          </span>
        </>
      ) : (
        // A PDF or a sound has no picture of its own: its type, large, and a link to open it.
        <a
          href={item.url}
          className="grid size-full place-items-center text-3xl font-bold tracking-wide text-fg/70 uppercase"
        >
          {item.url.split(".").pop()}
          <span className="sr-only"> file: open {item.name || "it"}</span>
        </a>
      )}
      <span className="absolute top-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
        {item.kind}
      </span>
    </div>
  );
}

const inputClass =
  "mt-1 w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm focus:border-primary focus:outline-none aria-[invalid=true]:border-destructive";

/**
 * One file of the library: its picture, facts, the posts it is in, and forms for its alt text and
 * caption (and captions file for a video). Plain forms to the page's action; with JavaScript they are
 * sent by a fetcher (no reload) and a toast says how it went.
 */
export function MediaCard({ item, result }: { item: MediaItemJson; result?: CardResult }) {
  const text = useFetcher<CardResult>({ key: `media-text-${item.id}` });
  const captions = useFetcher<CardResult>({ key: `media-captions-${item.id}` });
  const captionsForm = useRef<HTMLFormElement>(null);
  const shown = text.data ?? (result?.id === item.id ? result : undefined);
  const errors = shown && !shown.ok ? (shown.fieldErrors ?? {}) : {};
  const captionsResult = captions.data;

  useEffect(() => {
    if (!text.data || text.state !== "idle") return;
    toast(
      text.data.ok
        ? { title: "Saved", description: text.data.message }
        : { title: "Not saved", description: text.data.message, variant: "destructive" },
    );
  }, [text.data, text.state]);
  useEffect(() => {
    if (!captionsResult || captions.state !== "idle") return;
    toast(
      captionsResult.ok
        ? { title: "Captions added", description: captionsResult.message }
        : { title: "Captions not added", description: captionsResult.message, variant: "destructive" },
    );
    if (captionsResult.ok) captionsForm.current?.reset();
  }, [captionsResult, captions.state]);

  const name = item.name || item.url.split("/").slice(-2).join("/");
  const label =
    item.alt ||
    ({ image: "Image", video: "Video", audio: "Audio", document: "Document" }[item.kind] ?? "File") +
      ` ${name}`;
  return (
    <li>
      <article
        aria-label={label}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:border-primary/50"
      >
        <a
          href={item.url}
          target="_blank"
          rel="noreferrer"
          className="block focus-visible:outline-offset-[-4px]"
        >
          <MediaThumb item={item} />
          <span className="sr-only">Open {label} in a new tab</span>
        </a>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <p className="-mb-2 truncate text-sm font-semibold" title={name}>
            {name}
          </p>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted">
            {[
              <span key="type" className="font-semibold text-fg">
                {typeName(item.mime)}
              </span>,
              item.width && item.height ? <span key="size">{`${item.width}×${item.height}`}</span> : null,
              <span key="bytes">{formatBytes(item.bytes)}</span>,
              <time key="date" dateTime={item.createdAt}>
                {dayInDublin(item.createdAt)}
              </time>,
            ]
              .filter(Boolean)
              .flatMap((part, i) =>
                i === 0
                  ? [part]
                  : [
                      <span key={`dot-${i}`} aria-hidden="true">
                        ·
                      </span>,
                      part,
                    ],
              )}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {item.kind === "image" && !item.alt && <AltMissingBadge />}
            {item.kind === "video" && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${item.captionsUrl ? "bg-secondary/10 text-secondary" : "bg-border text-muted"}`}
              >
                {item.captionsUrl ? "Captions on" : "No captions"}
              </span>
            )}
            <UsedIn item={item} />
          </div>

          <text.Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="text" />
            <input type="hidden" name="id" value={item.id} />
            <label className="text-xs font-semibold text-muted">
              Alt text
              <textarea
                name="alt"
                rows={2}
                defaultValue={item.alt}
                key={`alt-${item.alt}`}
                maxLength={300}
                placeholder={
                  item.kind === "image" ? "Describe the image for people who cannot see it" : "Optional"
                }
                aria-invalid={errors.alt ? true : undefined}
                className={`${inputClass} resize-y font-normal text-fg`}
              />
            </label>
            {errors.alt && <p className="text-xs text-destructive">{errors.alt[0]}</p>}
            {item.kind === "image" && (
              <p className="text-xs text-muted">
                Shared: shown wherever the image has no words of its own, and a change reaches every place
                that used these words.
              </p>
            )}
            <label className="text-xs font-semibold text-muted">
              Caption
              <input
                name="caption"
                defaultValue={item.caption}
                key={`caption-${item.caption}`}
                maxLength={1000}
                aria-invalid={errors.caption ? true : undefined}
                className={`${inputClass} font-normal text-fg`}
              />
            </label>
            {errors.caption && <p className="text-xs text-destructive">{errors.caption[0]}</p>}
            {item.kind === "image" && (
              <FocalPoint item={item} errors={[...(errors.focalX ?? []), ...(errors.focalY ?? [])]} />
            )}
            {shown && !text.data && (
              <p
                role={shown.ok ? "status" : "alert"}
                className={`text-xs ${shown.ok ? "text-secondary" : "text-destructive"}`}
              >
                {shown.message}
              </p>
            )}
            <button
              type="submit"
              disabled={text.state !== "idle"}
              className="justify-self-start rounded-full bg-primary px-4 py-1.5 text-sm font-semibold text-primary-fg hover:opacity-90 disabled:opacity-60"
            >
              {text.state !== "idle" ? "Saving…" : "Save"}
              <span className="sr-only"> alt text and caption of {label}</span>
            </button>
          </text.Form>

          {item.kind === "video" && (
            <captions.Form
              ref={captionsForm}
              method="post"
              action={`/admin/media?captions=${item.id}`}
              encType="multipart/form-data"
              className="grid gap-2 border-t border-border pt-3"
            >
              <label className="text-xs font-semibold text-muted">
                Captions (WebVTT, 512 KB at most)
                <input
                  type="file"
                  name="captions"
                  accept=".vtt,text/vtt"
                  required
                  className="mt-1 block w-full text-xs text-fg file:mr-2 file:rounded-full file:border file:border-border file:bg-bg file:px-3 file:py-1 file:text-xs file:font-semibold file:text-fg"
                />
              </label>
              {item.captionsUrl && (
                <a href={item.captionsUrl} className="text-xs text-primary underline">
                  Current captions file
                </a>
              )}
              <button
                type="submit"
                disabled={captions.state !== "idle"}
                className="justify-self-start rounded-full border border-border px-4 py-1.5 text-sm font-semibold hover:border-primary hover:text-primary disabled:opacity-60"
              >
                {captions.state !== "idle"
                  ? "Uploading…"
                  : item.captionsUrl
                    ? "Replace captions"
                    : "Add captions"}
              </button>
            </captions.Form>
          )}
        </div>
      </article>
    </li>
  );
}

function UsedIn({ item }: { item: MediaItemJson }) {
  const n = item.usedBy.length;
  if (n === 0)
    return <span className="rounded-full bg-border px-2 py-0.5 text-xs text-muted">Not used yet</span>;
  return (
    <details className="group text-xs">
      <summary className="cursor-pointer list-none rounded-full bg-primary/10 px-2 py-0.5 font-semibold text-primary">
        Used in {n} {n === 1 ? "place" : "places"}
      </summary>
      <ul className="mt-2 grid gap-1">
        {item.usedBy.map((use) => (
          <li key={use.href}>
            <Link to={use.href} className="text-primary underline">
              {use.title}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
