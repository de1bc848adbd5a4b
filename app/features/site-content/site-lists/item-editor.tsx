import { type FormMetadata, FormProvider, getFormProps } from "@conform-to/react";
import { type ReactNode, useId } from "react";
import { Form, Link } from "react-router";

import { FormError } from "~/ui/forms/form-error";
import { SubmitButton } from "~/ui/forms/submit-button";

const cancelClass =
  "inline-flex min-h-10 items-center rounded-full border border-border px-4 text-sm font-semibold hover:border-primary";

/**
 * The form of one item, on its own (?new, ?edit=<id>): its fields on the left, on the right the item
 * as the site will show it, following what is typed. A real POST form (multipart when the item has an
 * image, so a file can come along without JavaScript); an error brings it back with everything typed,
 * the problems listed on top and each beside its field.
 */
export function ItemEditor<S extends Record<string, unknown>>({
  form,
  path,
  listTitle,
  heading,
  id,
  multipart = false,
  preview,
  previewNote,
  children,
}: {
  form: FormMetadata<S, string[]>;
  path: string;
  /** "testimonials": the link back reads "All testimonials". */
  listTitle: string;
  heading: string;
  id?: string;
  multipart?: boolean;
  preview: ReactNode;
  /** Where the preview is seen on the site. */
  previewNote: string;
  children: ReactNode;
}) {
  const problems = [...new Set(Object.values(form.allErrors).flat())];
  return (
    <FormProvider context={form.context}>
      <Form
        method="post"
        encType={multipart ? "multipart/form-data" : undefined}
        {...getFormProps(form)}
        aria-labelledby="editor-heading"
      >
        <div className="z-20 -mx-4 -mt-6 flex min-h-[4.5rem] flex-wrap items-center justify-between gap-3 border-b border-border bg-bg/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8 lg:sticky lg:top-0 lg:-mx-10 lg:-mt-10 lg:px-10">
          <div className="flex min-w-0 items-center gap-3">
            <Link to={path} className="shrink-0 text-sm font-semibold text-muted hover:text-fg">
              ← All {listTitle}
            </Link>
            <h1 id="editor-heading" className="truncate text-xl font-bold">
              {heading}
            </h1>
          </div>
          <div className="flex items-center gap-2">
            <Link to={path} className={cancelClass}>
              Cancel
            </Link>
            <SubmitButton name="intent" value="save" label="Save" pendingLabel="Saving…" compact />
          </div>
        </div>
        {id && <input type="hidden" name="id" value={id} />}
        {problems.length > 0 && (
          <FormError id={form.errorId} className="mt-6">
            <span className="font-semibold">
              {problems.length === 1 ? "One thing to fix" : `${problems.length} things to fix`} before saving:
            </span>{" "}
            {problems.join(" · ")}
          </FormError>
        )}
        <div className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <div className="grid min-w-0 gap-6">{children}</div>
          <aside aria-labelledby="preview-heading" className="lg:sticky lg:top-24">
            <div className="rounded-2xl border border-border bg-card">
              <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3">
                <h2 id="preview-heading" className="text-sm font-semibold">
                  Preview
                </h2>
                <p className="text-xs text-muted">{previewNote}</p>
              </div>
              {/* The site's own background, as visitors see the item. */}
              <div
                className="rounded-b-2xl bg-bg p-5"
                // Its links (e.g. a package's "Get Started") would leave the form: they are only pictures here.
                onClickCapture={(event) => {
                  if ((event.target as Element).closest("a")) event.preventDefault();
                }}
              >
                {preview}
              </div>
            </div>
            <p className="js-only mt-2 text-xs text-muted">It follows what you type.</p>
          </aside>
        </div>
        <div className="mt-8 flex justify-end gap-2 border-t border-border pt-6">
          <Link to={path} className={cancelClass}>
            Cancel
          </Link>
          <SubmitButton name="intent" value="save" label="Save" pendingLabel="Saving…" compact />
        </div>
      </Form>
    </FormProvider>
  );
}

/** A group of fields with a heading, like the editors' panels. */
export function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="grid gap-4 rounded-2xl border border-border bg-card p-5" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        {hint && <p className="mt-0.5 text-sm text-muted">{hint}</p>}
      </div>
      {children}
    </section>
  );
}
