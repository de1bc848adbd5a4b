import {
  type DefaultValue,
  type FieldMetadata,
  getInputProps,
  getTextareaProps,
  useFormMetadata,
} from "@conform-to/react";
import type { ReactNode } from "react";

import { LibraryButton, useMediaPicker } from "~/features/media";
import { parseUploadedImage } from "~/platform/images";
import { Field, inputClass } from "~/ui/forms/field";

import { IMAGE_FILE_FIELD } from "./notice";

type TextMeta = FieldMetadata<string>;

/** The site's input, with a placeholder that cannot be taken for a value. */
const inputStyle = `${inputClass} placeholder:text-muted/60`;

const smallButton =
  "inline-flex min-h-9 items-center rounded-full border border-border px-3 text-xs font-semibold hover:border-primary hover:text-primary disabled:pointer-events-none disabled:opacity-35";

/** What is typed in a field, as text (conform's value is undefined before anything is typed). */
export const typed = (field: { value?: unknown }) => (typeof field.value === "string" ? field.value : "");

/** An address a preview may show: a file of this site (the others are refused when saved). */
export const siteImage = (url: string) => (/^\/(uploads|images)\//.test(url.trim()) ? url.trim() : null);

/** A one-line input or (rows) a text area, with its label, hint and error beside it. */
export function TextField({
  field,
  label,
  hint,
  placeholder,
  rows,
  prefix,
  type = "text",
  inputMode,
  large = false,
}: {
  field: TextMeta;
  label: ReactNode;
  hint?: string;
  placeholder?: string;
  /** A text area of this many rows. */
  rows?: number;
  /** Set before the input, e.g. "€". */
  prefix?: string;
  type?: "text" | "url";
  inputMode?: "numeric" | "url";
  large?: boolean;
}) {
  const control = rows ? (
    <textarea
      {...getTextareaProps(field)}
      key={field.key}
      rows={rows}
      placeholder={placeholder}
      className={inputStyle}
    />
  ) : prefix ? (
    <div className="mt-1 flex items-center rounded-xl border border-border bg-bg focus-within:border-primary has-[[aria-invalid]]:border-destructive">
      <span className="pl-4 font-semibold text-muted">{prefix}</span>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        inputMode={inputMode}
        placeholder={placeholder}
        className="min-w-0 flex-1 rounded-xl bg-transparent py-2.5 pr-4 pl-1.5 outline-none placeholder:text-muted/60"
      />
    </div>
  ) : (
    <input
      {...getInputProps(field, { type })}
      key={field.key}
      inputMode={inputMode}
      placeholder={placeholder}
      className={`${inputStyle} ${large ? "text-lg font-semibold" : ""}`}
    />
  );
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      {control}
    </Field>
  );
}

/** A yes/no choice as a card: the box, what it means, and where it shows. */
export function CheckField({ field, label, hint }: { field: TextMeta; label: string; hint: string }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-bg p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
      <input
        {...getInputProps(field, { type: "checkbox" })}
        key={field.key}
        className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
}

/** Shown on the site or hidden (kept in the list for later): two choices side by side. */
/**
 * Said beside the visibility while a person is shown without a photo: the site draws a portrait, but
 * a real face is what a client trusts, so the owner hears it before publishing, not after.
 */
export function MissingPhotoWarning({ photo, status }: { photo: string; status: string }) {
  if (photo || status !== "published") return null;
  return (
    <p role="note" className="rounded-xl border border-accent/40 bg-accent/5 px-4 py-3 text-sm">
      <strong className="font-semibold">No photo yet.</strong> Visitors will see an illustrated portrait in
      its place. A real photo builds more trust: add one above before this goes on the site.
    </p>
  );
}

export function VisibilityField({ field, noun }: { field: TextMeta; noun: string }) {
  const options = [
    { value: "published", label: "On the site", hint: `Visitors see this ${noun}.` },
    { value: "draft", label: "Hidden", hint: "Kept here for later; visitors do not see it." },
  ];
  return (
    <fieldset>
      <legend className="text-sm font-medium">Visibility</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-bg p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              {...getInputProps(field, { type: "radio", value: option.value })}
              key={`${field.key}-${option.value}`}
              className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
            />
            <span>
              <span className="block text-sm font-semibold">{option.label}</span>
              <span className="block text-xs text-muted">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {field.errors && <p className="mt-1 text-sm text-destructive">{field.errors[0]}</p>}
    </fieldset>
  );
}

/**
 * A photo or logo, chosen the way a post's cover is: from the media library (JavaScript), by its
 * address, or (without JavaScript) as a file sent with the form through the upload pipeline.
 */
export function ImageField({
  field,
  label,
  hint,
  shape,
  alt,
  fileName = IMAGE_FILE_FIELD,
}: {
  field: TextMeta;
  label: string;
  hint: string;
  /** round: a portrait; logo: contained; wide: a landscape or square photo, shown whole. */
  shape: "round" | "logo" | "wide";
  /** The image's description, asked for beside it (needed once there is an image). */
  alt?: { field: TextMeta; label: string; hint: string; placeholder: string };
  /** The file input's name, when the form has more than one image. */
  fileName?: string;
}) {
  const form = useFormMetadata(field.formId);
  const { pickMedia, picker } = useMediaPicker();
  const url = siteImage(typed(field));
  const uploaded = parseUploadedImage(url);
  const thumb = uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : url;
  const set = (value: string) => form.update({ name: field.name, value });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[6rem_minmax(0,1fr)]">
      <legend className="mb-2 text-sm font-medium">
        {label} <span className="font-normal text-muted">(optional)</span>
      </legend>
      <div
        className={`flex size-24 items-center justify-center overflow-hidden border border-border bg-bg ${
          shape === "round" ? "rounded-full" : shape === "wide" ? "rounded-xl" : "rounded-xl p-2"
        }`}
      >
        {thumb ? (
          <img
            src={thumb}
            alt=""
            className={`size-full ${shape === "logo" ? "object-contain" : "object-cover"}`}
          />
        ) : (
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8 text-muted"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 5h16v14H4zM4 15l4-4 5 5M14 14l2-2 4 4M15.5 8.5h.01" />
          </svg>
        )}
      </div>
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap gap-2">
          <LibraryButton
            kind="image"
            label={thumb ? "Choose another from the library" : "Choose from the library"}
            pickMedia={pickMedia}
            onChoose={(item) => set(item.url)}
          />
          {thumb && (
            <button
              type="button"
              onClick={() => set("")}
              className="js-only inline-flex min-h-10 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-destructive hover:text-destructive"
            >
              Remove
            </button>
          )}
        </div>
        <Field
          id={field.id}
          label={`${label} address`}
          hint={hint}
          errors={field.errors}
          errorId={field.errorId}
        >
          <input
            {...getInputProps(field, { type: "text" })}
            key={field.key}
            placeholder="/uploads/… (or leave empty)"
            spellCheck={false}
            className={inputStyle}
          />
        </Field>
        {alt && (
          <TextField field={alt.field} label={alt.label} hint={alt.hint} placeholder={alt.placeholder} />
        )}
        <div className="no-js-only">
          <label htmlFor={`${field.id}-file`} className="block text-sm font-medium">
            Or upload {label.toLowerCase()}{" "}
            <span className="font-normal text-muted">(JPEG, PNG, WebP, GIF or AVIF, 10 MB at most)</span>
          </label>
          <input
            id={`${field.id}-file`}
            name={fileName}
            type="file"
            accept="image/*"
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary/10 file:px-4 file:py-2 file:font-semibold file:text-primary"
          />
        </div>
      </div>
      {picker}
    </fieldset>
  );
}

/**
 * Rows of two short texts (a package's features, each with its note): any number, added, moved and
 * removed with conform's intents, which post to the server without JavaScript. Empty rows are dropped
 * when saved.
 */
export function RowsEditor<K extends string>({
  field,
  columns,
  rowLabel,
  addLabel,
}: {
  field: FieldMetadata<Record<K, string>[]>;
  /** The row's inputs, in order: the first is the row's name ("Feature 1"). */
  columns: { name: K; label: string; placeholder: string }[];
  rowLabel: string;
  addLabel: string;
}) {
  const form = useFormMetadata(field.formId);
  const rows = field.getFieldList();
  const empty = Object.fromEntries(columns.map((column) => [column.name, ""])) as DefaultValue<
    Record<K, string>
  >;
  return (
    <div className="grid gap-3">
      {field.errors && <p className="text-sm text-destructive">{field.errors[0]}</p>}
      {rows.length === 0 && (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
          No {rowLabel.toLowerCase()}s yet.
        </p>
      )}
      <ol className="grid gap-3">
        {rows.map((row, index) => {
          const cells = (row as unknown as { getFieldset: () => Record<K, TextMeta> }).getFieldset();
          return (
            <li
              key={row.key}
              className="grid gap-3 rounded-xl border border-border bg-bg p-3 sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <div className="grid min-w-0 gap-2">
                {columns.map((column, at) => {
                  const cell = cells[column.name];
                  return (
                    <Field
                      key={column.name}
                      id={cell.id}
                      label={at === 0 ? `${column.label} ${index + 1}` : column.label}
                      errors={cell.errors}
                      errorId={cell.errorId}
                    >
                      <input
                        {...getInputProps(cell, { type: "text" })}
                        key={cell.key}
                        placeholder={column.placeholder}
                        className={`${inputStyle} bg-card`}
                      />
                    </Field>
                  );
                })}
              </div>
              <div className="flex justify-end gap-1.5 sm:flex-col sm:justify-start sm:pt-6">
                <button
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                  disabled={index === 0}
                  className={`${smallButton} w-9 justify-center px-0 sm:w-full`}
                  aria-label={`Move ${rowLabel.toLowerCase()} ${index + 1} up`}
                  title="Move up"
                >
                  ↑
                </button>
                <button
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  className={`${smallButton} hover:!border-destructive hover:!text-destructive`}
                  aria-label={`Remove ${rowLabel.toLowerCase()} ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: empty })}
        className={`${smallButton} self-start`}
      >
        <span aria-hidden="true" className="mr-1 text-base leading-none">
          +
        </span>
        {addLabel}
      </button>
    </div>
  );
}
