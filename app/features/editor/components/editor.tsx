import {
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { z } from "zod";

import type { EditedKind } from "#db/schema";
import { ImageUploadWidget, type PickMedia, useMediaPicker } from "~/features/media";
import { momentInDublin } from "~/platform/text/dates";
import { slugify } from "~/platform/text/slug";
import { Field, inputClass as fieldClass } from "~/ui/forms/field";
import { FormError } from "~/ui/forms/form-error";
import { LeaveDialog } from "~/ui/forms/leave-dialog";
import { SubmitButton } from "~/ui/forms/submit-button";

import type { PublishAsk } from "../publish-ask";
import { ContentField } from "../rich-editor/content-field";
import { AutosaveNotice, UnsavedWorkBanner } from "./editor-notices";
import { AddressField, CoverFields, EditorBar, editorPanel, TextArea } from "./editor-parts";
import { PublishAskNotice, useFocusOnPublish } from "./publish-ask-notice";
import { useAutosave } from "./use-autosave";
import { type SavedCheckFacts, useWritingChecks, WritingChecks } from "./writing-checks";

/** What every kind's form holds, whatever else it has. */
export type EditedValues = {
  title: string;
  excerpt: string;
  slug: string;
  status: string;
  coverImage: string;
  coverAlt: string;
};

/** A saved post or case study, as its editor needs it. */
export type EditedItem = {
  id: string;
  slug: string;
  /** Once live, its address stays put unless the admin changes it. */
  live: boolean;
  revisions: number;
  /** When the version the editor opened on was saved (ms): a save made since by anyone else is refused. */
  savedAt: number;
  /** The unsaved work put back was typed on a version saved before this one. */
  typedOnEarlier?: boolean;
};

/** The words and places that make the editor a post's or a case study's. */
export type EditorSetup = {
  kind: EditedKind;
  /** "post", "case study". */
  noun: string;
  list: { to: string; label: string };
  /** The public address before the slug: "/blog/". */
  prefix: string;
  heading: { create: string; edit: string };
  save: { create: string; update: string };
  /** The body's field name and words. */
  body: { name: string; label?: string; placeholder?: string };
  excerpt: { label: string; hint?: string };
  statuses: { value: string; label: string }[];
  /** The bar's second button: "Save & Publish" unless the kind says otherwise (a contributor's review). */
  publish?: { intent: string; label: string };
  coverLabel: string;
  /** What a save says when it answers without JavaScript. */
  savedNote: { created: string; updated: string };
  /** The address a title gives (as the server's save makes it); the whole title's unless said. */
  slugOfTitle?: (title: string, before?: { title: string; slug: string }) => string;
};

type Fields<V extends Record<string, unknown>> = ReturnType<FormMetadata<V, string[]>["getFieldset"]>;

/** What a kind's own parts of the form are given. */
export type EditorTools<V extends Record<string, unknown>> = {
  form: FormMetadata<V, string[]>;
  fields: Fields<V>;
  pickMedia: PickMedia;
  setField: (name: string, value: string) => void;
  /** The title and address as typed, for previews. */
  title: string;
  slug: string;
};

/** Where a kind's own parts go. */
export type EditorParts<V extends Record<string, unknown>> = {
  /** Buttons in the bar, before Save. */
  actions?: ReactNode;
  beforeBody?: (tools: EditorTools<V>) => ReactNode;
  afterBody?: (tools: EditorTools<V>) => ReactNode;
  /** In the publishing panel, after the status. */
  publishing?: (tools: EditorTools<V>) => ReactNode;
  beforeCover?: (tools: EditorTools<V>) => ReactNode;
  /** Inside the cover panel, between its address and its description (uploads). */
  cover?: (tools: EditorTools<V>) => ReactNode;
  afterCover?: (tools: EditorTools<V>) => ReactNode;
};

/**
 * The one editor of posts and case studies: the bar (back, heading, autosave state, view, save and
 * publish), the title, summary and rich-text body on the left with the kind's own sections around
 * them; publishing, address, cover and the kind's settings on the right. A real POST form (it saves
 * without JavaScript; conform's intents add and remove rows); with JavaScript what is typed is
 * autosaved, unsaved work is offered back, and leaving with changes asks first.
 */
export function Editor<V extends EditedValues & Record<string, unknown>>({
  setup,
  schema,
  item,
  defaultValue,
  lastResult,
  unsaved,
  restored,
  saved,
  parts,
  multipart,
  checks,
  publishAsk,
}: {
  setup: EditorSetup;
  schema: z.ZodType;
  item?: EditedItem;
  defaultValue: V;
  lastResult?: SubmissionResult<string[]>;
  /** Work typed after the last save: when, and its title. */
  unsaved: { at: Date; title: string } | null;
  restored: boolean;
  /** After a save: where it lives, and (`note`) what to say in place of "created"/"updated". */
  saved?: { slug: string; created: boolean; note?: string };
  parts: EditorParts<V>;
  /** The form carries a file (a cover uploaded without JavaScript). */
  multipart?: boolean;
  /** What the server found of the saved item that the browser cannot (a shared title, missing pages). */
  checks?: SavedCheckFacts;
  /** Publish was pressed with problems open: what became of what was typed; the form now asks. */
  publishAsk?: PublishAsk | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const autosave = useAutosave(formRef, setup.kind, item?.id ?? "new");
  const { pickMedia, picker } = useMediaPicker();
  // A save that came back (the page's address moved on): the form holds what was saved.
  const { key } = useLocation();
  const { markSaved } = autosave;
  // Saved before the ask too (a live item's work is kept, not saved: it stays unsaved).
  const savedFirst = publishAsk === "draft" || publishAsk === "scheduled";
  useEffect(() => {
    if (saved || savedFirst) markSaved();
  }, [key, saved, savedFirst, markSaved]);
  useFocusOnPublish(formRef, publishAsk, key);
  const live = item?.live ?? false;
  // Until it is first published its address follows the title (an empty field says so).
  const before = item
    ? { title: String(defaultValue.title ?? ""), slug: String(defaultValue.slug ?? "") }
    : undefined;
  const slugOf = (text: string) => (setup.slugOfTitle ? setup.slugOfTitle(text, before) : slugify(text));
  const followsTitle = !live && (!item || slugOf(String(defaultValue.title ?? "")) === defaultValue.slug);
  const initial = useMemo(
    () => (followsTitle ? { ...defaultValue, slug: "" } : defaultValue),
    [followsTitle, defaultValue],
  );
  const [form, fields] = useForm<V, V, string[]>({
    id: `${setup.kind}-${item?.id ?? "new"}`,
    defaultValue: initial as never,
    lastResult,
    constraint: getZodConstraint(schema),
    // A button that asks for no checks (Discard, Preview) is sent as the form is: conform checks every
    // submit, whatever the button says.
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, {
        schema: submitter?.formNoValidate ? anything : schema,
      }) as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const bodyField = fields[setup.body.name as keyof V & string] as Fields<V>["title"];
  const { key: bodyKey, ...bodyProps } = getTextareaProps(bodyField);
  const bodyError = bodyField.errors?.[0];
  // The body editor keeps its own state (selection, open dialogs): the rest of the form re-renders on
  // every keystroke and must not re-render it.
  const body = useMemo(
    () => (
      <ContentField
        label={setup.body.label}
        placeholder={setup.body.placeholder}
        textareaProps={bodyProps}
        key={bodyKey}
        errors={bodyError ? [bodyError] : undefined}
        errorId={bodyField.errorId}
        pickMedia={pickMedia}
      />
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- bodyProps is new on every render; its key stands for it
    [bodyKey, bodyError, bodyField.errorId, pickMedia],
  );
  const title = String(fields.title.value ?? "");
  const slug = String(fields.slug.value ?? "") || slugOf(title);
  const tools: EditorTools<V> = {
    form,
    fields,
    pickMedia,
    setField: (name, value) => form.update({ name, value }),
    title,
    slug,
  };
  const restoreTo = item ? `?edit=${item.id}&restore` : "?new&restore";
  const writing = useWritingChecksOf(fields, setup.body.name, checks);
  const formProps = getFormProps(form);

  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...formProps}
      ref={formRef}
      aria-labelledby="editor-heading"
      // The body's toolbar sticks just below this form's own bar (which scrolls away on a phone).
      className="[--editor-toolbar-top:0px] lg:[--editor-toolbar-top:4.5rem]"
    >
      <EditorBar
        back={setup.list}
        heading={item ? setup.heading.edit : setup.heading.create}
        note={<AutosaveNotice state={autosave.state} />}
      >
        {parts.actions}
        <SubmitButton
          name="intent"
          value="save"
          label={item ? setup.save.update : setup.save.create}
          compact
        />
        <SubmitButton
          name="intent"
          value={setup.publish?.intent ?? "publish"}
          label={setup.publish?.label ?? "Save & Publish"}
          variant="outline"
          compact
        />
      </EditorBar>

      {item && <input type="hidden" name="id" value={item.id} />}
      {item && <input type="hidden" name="savedAt" value={item.savedAt} />}
      <div className="mt-6 grid gap-4 empty:hidden">
        {saved && (
          <p role="status" className="no-js-only rounded-xl border border-secondary px-4 py-3 text-secondary">
            {saved.note ?? (saved.created ? setup.savedNote.created : setup.savedNote.updated)}:{" "}
            <Link to={`${setup.prefix}${saved.slug}`} className="underline">
              {setup.prefix}
              {saved.slug}
            </Link>
          </p>
        )}
        {unsaved && (
          <UnsavedWorkBanner
            at={unsaved.at}
            title={unsaved.title}
            restoreTo={restoreTo}
            what={setup.noun}
            isNew={!item}
          />
        )}
        {publishAsk && (
          <PublishAskNotice
            ask={publishAsk}
            problems={writing.problems.length}
            noun={setup.noun}
            button={setup.publish?.label ?? "Save & Publish"}
          />
        )}
        {restored && !publishAsk && (
          <p role="status" className="rounded-xl border border-secondary px-4 py-3 text-sm text-secondary">
            Your unsaved work is back in the editor. Save to keep it.
            {item?.typedOnEarlier &&
              ` It was typed on an earlier version: the ${setup.noun} was saved again at ${momentInDublin(item.savedAt)}, and saving replaces that version with this one.`}
          </p>
        )}
        {form.errors && <FormError id={form.errorId}>{form.errors[0]}</FormError>}
      </div>

      {/* Every column no wider than the screen (grid-cols-1): on a phone an auto column took the width of
          its widest line, and one long line anywhere in the form ran the whole page off the screen. */}
      <div className="mt-6 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Field
            id={fields.title.id}
            label="Title"
            errors={fields.title.errors}
            errorId={fields.title.errorId}
          >
            <input
              {...getInputProps(fields.title, { type: "text" })}
              key={fields.title.key}
              className={`${fieldClass} !text-2xl font-bold`}
            />
          </Field>
          <TextArea
            field={asTextField(fields.excerpt)}
            label={setup.excerpt.label}
            hint={setup.excerpt.hint}
            rows={3}
          />
          {parts.beforeBody?.(tools)}
          <div data-body-field className="min-w-0">
            {body}
          </div>
          {parts.afterBody?.(tools)}
        </div>

        <aside aria-label={`${capitalised(setup.noun)} settings`} className="grid min-w-0 grid-cols-1 gap-5">
          <WritingChecks
            problems={writing.problems}
            ease={writing.ease}
            fieldIds={writing.fieldIds}
            bodyName={setup.body.name}
          />
          <section className={editorPanel}>
            <h2 className="font-semibold">Publishing</h2>
            <Field
              id={fields.status.id}
              label="Status"
              errors={fields.status.errors}
              errorId={fields.status.errorId}
            >
              <select {...getSelectProps(fields.status)} key={fields.status.key} className={fieldClass}>
                {setup.statuses.map((status) => (
                  <option key={status.value} value={status.value}>
                    {status.label}
                  </option>
                ))}
              </select>
            </Field>
            {parts.publishing?.(tools)}
            <AddressField
              field={asTextField(fields.slug)}
              prefix={setup.prefix}
              suggested={slugOf(title) || `${slugify(setup.noun)}-address`}
              live={live}
              what={setup.noun}
            />
            {item && item.revisions > 0 && (
              <Link
                to={`${setup.list.to}/${item.id}/revisions`}
                className="text-sm font-semibold text-primary hover:underline"
              >
                Revisions ({item.revisions})
              </Link>
            )}
          </section>

          {parts.beforeCover?.(tools)}
          <CoverFields
            image={asTextField(fields.coverImage)}
            alt={asTextField(fields.coverAlt)}
            label={setup.coverLabel}
            pickMedia={pickMedia}
            setField={tools.setField}
          >
            {parts.cover?.(tools)}
          </CoverFields>
          <section className={editorPanel}>
            <h2 className="font-semibold">Images for the text</h2>
            <p className="text-sm text-muted">
              Drop or paste an image into the text, or upload here and copy its address.
            </p>
            <ImageUploadWidget />
          </section>
          {parts.afterCover?.(tools)}
        </aside>
      </div>
      <LeaveDialog blocker={autosave.blocker}>
        Your changes are not saved to the {setup.noun}. A draft copy is kept, and the editor offers it back
        next time.
      </LeaveDialog>
      {picker}
    </Form>
  );
}

const anything = z.looseObject({});

type AnyField = { value?: unknown; id: string } | undefined;

/** The checks of the form's fields as they are now (a kind without search fields checks its title). */
function useWritingChecksOf(fields: unknown, bodyName: string, saved?: SavedCheckFacts) {
  const all = fields as Record<string, AnyField>;
  const text = (name: string) => {
    const value = all[name]?.value;
    return typeof value === "string" ? value : "";
  };
  const title = text("title");
  const summary = text("excerpt");
  const html = text(bodyName);
  const seoTitle = text("seoTitle");
  const seoDescription = text("seoDescription");
  const socialImage = text("socialImage");
  const coverImage = text("coverImage");
  const coverAlt = text("coverAlt");
  // One object while the words stay the same, so the deferred checks run only when something changed.
  const input = useMemo(
    () => ({ title, summary, html, seoTitle, seoDescription, socialImage, coverImage, coverAlt }),
    [title, summary, html, seoTitle, seoDescription, socialImage, coverImage, coverAlt],
  );
  const { problems, ease } = useWritingChecks(input, saved);
  const fieldIds: Record<string, string | undefined> = {
    title: all.title?.id,
    excerpt: all.excerpt?.id,
    content: all[bodyName]?.id,
    seoTitle: all.seoTitle?.id,
    seoDescription: all.seoDescription?.id,
    socialImage: all.socialImage?.id,
    coverAlt: all.coverAlt?.id,
  };
  return { problems, ease, fieldIds };
}

// The shared fields are text in every kind's form; their metadata's form type is the kind's own.
const asTextField = (field: unknown) => field as Parameters<typeof AddressField>[0]["field"];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
