import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import type { PickMedia } from "~/features/media";
import { ImageUploadButton, LibraryButton } from "~/features/media";
import { parseUploadedImage } from "~/platform/images";
import { Field, inputClass as fieldClass } from "~/ui/forms/field";

/** The pieces the post and case-study editors share: their bar, the address field and the cover. */

export const editorPanel = "grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-border bg-card p-5";
export const outlineButton =
  "inline-flex min-h-10 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary";

/** The editor's bar: back to the list, the heading, a note (autosave); the actions on the right. */
export function EditorBar({
  back,
  heading,
  note,
  children,
}: {
  back: { to: string; label: string };
  heading: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="z-20 -mx-4 -mt-6 flex min-h-[4.5rem] flex-wrap items-center justify-between gap-3 border-b border-border bg-bg/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8 lg:sticky lg:top-0 lg:-mx-10 lg:-mt-10 lg:px-10">
      <div className="flex min-w-0 items-center gap-3">
        <Link to={back.to} className="text-sm font-semibold text-muted hover:text-fg">
          ← {back.label}
        </Link>
        <h1 id="editor-heading" className="truncate text-xl font-bold">
          {heading}
        </h1>
        {note}
      </div>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's text field: the form's own type does not matter here
type TextField = FieldMetadata<string | null | undefined, any, string[]>;

/** A labelled text field of several lines, with its hint and errors. */
export function TextArea({
  field,
  label,
  hint,
  rows,
}: {
  field: TextField;
  label: string;
  hint?: string;
  rows: number;
}) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      <textarea {...getTextareaProps(field)} key={field.key} rows={rows} className={fieldClass} />
    </Field>
  );
}

/** A labelled one-line text field of the form, with its hint and errors. */
export function TextInput({
  field,
  label,
  hint,
  placeholder,
  list,
}: {
  field: TextField;
  label: string;
  hint?: string;
  placeholder?: string;
  /** The id of a datalist of suggestions. */
  list?: string;
}) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors} errorId={field.errorId}>
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        placeholder={placeholder}
        list={list}
        className={fieldClass}
      />
    </Field>
  );
}

/** The page's address under `prefix` (/blog/, /work/): empty follows the title until first published. */
export function AddressField({
  field,
  prefix,
  suggested,
  live,
  what,
}: {
  field: TextField;
  prefix: string;
  suggested: string;
  live: boolean;
  what: string;
}) {
  return (
    <Field
      id={field.id}
      label="Address"
      hint={
        live
          ? "Changing it keeps the old address working: visitors are sent on (301)."
          : `Made from the title until the ${what} is first published; type to choose your own.`
      }
      errors={field.errors}
      errorId={field.errorId}
    >
      <div className="mt-1 flex items-center rounded-xl border border-border bg-bg focus-within:border-primary">
        <span className="pl-3 text-sm text-muted">{prefix}</span>
        <input
          {...getInputProps(field, { type: "text" })}
          key={field.key}
          placeholder={suggested}
          spellCheck={false}
          className="min-w-0 flex-1 rounded-xl bg-transparent py-2.5 pr-3 pl-0.5 text-sm outline-none"
        />
      </div>
    </Field>
  );
}

/**
 * The cover, as one control: the picture itself (or where it will be), then Upload a cover, Choose
 * from the library and Remove; the address sits folded under them for the rare pasted one. A cover
 * chosen from the library brings its alt text when none is typed. `children` go under the actions
 * (the post's plain file field, for a browser without JavaScript).
 */
export function CoverFields({
  image,
  alt,
  label,
  pickMedia,
  setField,
  children,
}: {
  image: TextField;
  alt: TextField;
  label: string;
  pickMedia: PickMedia;
  setField: (name: string, value: string) => void;
  children?: ReactNode;
}) {
  const cover = String(image.value ?? "");
  const action =
    "inline-flex min-h-9 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary";
  return (
    <section className={editorPanel}>
      <h2 className="font-semibold">Cover</h2>
      <div className="overflow-hidden rounded-xl border border-border bg-bg">
        {cover ? (
          <img src={coverThumbnail(cover)} alt="" className="aspect-video w-full object-cover" />
        ) : (
          <p className="grid aspect-video place-items-center px-4 text-center text-sm text-muted">
            No cover yet: the site draws one from the title until you add one.
          </p>
        )}
      </div>
      <div className="js-only flex flex-wrap items-center gap-2">
        <ImageUploadButton
          label="Upload a cover"
          className={action}
          onUploaded={(url) => setField(image.name, url)}
        />
        <LibraryButton
          kind="image"
          label="Choose from the library"
          pickMedia={pickMedia}
          onChoose={(item) => {
            setField(image.name, item.url);
            if (!String(alt.value ?? "")) setField(alt.name, item.alt ?? "");
          }}
        />
        {cover && (
          <button type="button" className={`${action} text-muted`} onClick={() => setField(image.name, "")}>
            Remove
          </button>
        )}
      </div>
      {children}
      <details className="group" open={Boolean(image.errors)}>
        <summary className="cursor-pointer text-sm font-semibold text-primary">
          Or use an image address
        </summary>
        <div className="mt-2">
          <Field id={image.id} label={label} errors={image.errors} errorId={image.errorId}>
            <input
              {...getInputProps(image, { type: "text" })}
              key={image.key}
              placeholder="/uploads/…"
              className={fieldClass}
            />
          </Field>
        </div>
      </details>
      <Field
        id={alt.id}
        label="Cover description (alt text)"
        hint="What the image shows, for people who cannot see it. Left empty, the library's description is used."
        errors={alt.errors}
        errorId={alt.errorId}
      >
        <input {...getInputProps(alt, { type: "text" })} key={alt.key} className={fieldClass} />
      </Field>
    </section>
  );
}

/** The smallest variant of an uploaded cover (any other address as it is), for the preview. */
function coverThumbnail(url: string): string {
  const uploaded = parseUploadedImage(url);
  return uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : url;
}
