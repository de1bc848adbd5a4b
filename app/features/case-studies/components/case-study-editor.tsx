import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  type useForm,
} from "@conform-to/react";

import { CaseStudySchema } from "~/features/case-studies/case-study-schema";
import {
  Editor,
  editorPanel,
  type EditorSetup,
  EndFields,
  outlineButton,
  type PublishAsk,
  type SavedCheckFacts,
  TextArea,
  TextInput,
} from "~/features/editor";
import { ImagesUploadZone, ImageUploadButton } from "~/features/media";
import { caseStudySlugOf } from "~/platform/text/slug";
import { Field, inputClass as fieldClass } from "~/ui/forms/field";
import { type SharePanelStart, SharePreview } from "~/ui/forms/share-preview";
import { type TranslationState, TranslationStates } from "~/ui/layout/translation-states";

import { CoverFit } from "./cover-fit";

/** The form's values: what the editor opens with (a study, or empty rows for a new one). */
export type CaseStudyFormValues = {
  title: string;
  slug: string;
  clientName: string;
  category: string;
  excerpt: string;
  challenge: string;
  body: string;
  outcome: string;
  coverImage: string;
  coverAlt: string;
  gallery: { url: string; alt: string; caption: string }[];
  metrics: { value: string; label: string }[];
  tags: string;
  credits: string[];
  testimonialId: string;
  /** A quote written here: saved as a testimonial and chosen (the form keeps it after a refused save). */
  newQuote?: { quote: string; name: string; role: string };
  /** "on" when ticked, as the checkbox posts it. */
  featured: string;
  status: "draft" | "published";
  /** Day first, Dublin time; empty: it stays. */
  unpublishAt: string;
  endRedirect: string;
};

export type EditedCaseStudy = {
  id: string;
  slug: string;
  live: boolean;
  revisions: number;
  savedAt: number;
  typedOnEarlier?: boolean;
  /** The "Share a preview" panel's live links, and the outcome of its form sent without JavaScript. */
  share?: SharePanelStart;
  /** Its translation into each of the site's other languages, and their states (none on a site in one). */
  translations?: TranslationState[];
};
export type TestimonialOption = { id: string; label: string };

const panel = editorPanel;
const smallButton =
  "inline-flex min-h-9 items-center rounded-full border border-border px-3 text-xs font-semibold hover:border-primary disabled:opacity-40";

const CASE_STUDY_EDITOR: EditorSetup = {
  kind: "case-study",
  noun: "case study",
  list: { to: "/admin/case-studies", label: "All case studies" },
  prefix: "/work/",
  heading: { create: "New case study", edit: "Edit case study" },
  save: { create: "Save", update: "Save" },
  body: {
    name: "body",
    label: "The approach",
    placeholder: "How you solved it: the strategy, the work, the channels…",
  },
  excerpt: {
    label: "Summary",
    hint: "One or two sentences: shown under the title and on the portfolio card. Leave it empty and it is made from the first lines of the challenge.",
  },
  statuses: [
    { value: "draft", label: "Draft (only you can see it)" },
    { value: "published", label: "Published" },
  ],
  coverLabel: "Cover image address",
  savedNote: { created: "Case study created", updated: "Case study saved" },
  // A headline such as "How Harbour Logistics cut quote times by 92%…" makes a short address.
  slugOfTitle: caseStudySlugOf,
};

/**
 * The case-study editor: the one editor with a case study's parts. The challenge before the approach,
 * the gallery and the results after it; the home-page feature in publishing; the client and its
 * quote, and the services delivered at the side. Rows are added and removed with conform's intents,
 * which work without JavaScript too (the server answers with the row added).
 */
export function CaseStudyEditor({
  caseStudy,
  defaultValue,
  lastResult,
  unsaved,
  restored,
  saved,
  testimonials,
  categories,
  services,
  checks,
  publishAsk,
}: {
  caseStudy?: EditedCaseStudy;
  defaultValue: CaseStudyFormValues;
  lastResult?: SubmissionResult<string[]>;
  unsaved: { at: Date; title: string } | null;
  restored: boolean;
  saved?: { slug: string; created: boolean };
  testimonials: TestimonialOption[];
  categories: string[];
  services: string[];
  /** What the server found of the saved study that the browser cannot (a shared title, missing pages). */
  checks?: SavedCheckFacts;
  /** Publish was pressed with problems open: what became of what was typed (the editor asks). */
  publishAsk?: PublishAsk | null;
}) {
  return (
    <Editor
      setup={CASE_STUDY_EDITOR}
      schema={CaseStudySchema}
      item={caseStudy}
      defaultValue={defaultValue}
      lastResult={lastResult}
      unsaved={unsaved}
      restored={restored}
      saved={saved}
      checks={checks}
      publishAsk={publishAsk}
      parts={{
        actions: caseStudy && (
          <a href={`/work/${caseStudy.slug}`} target="_blank" rel="noreferrer" className={outlineButton}>
            {caseStudy.live ? "View" : "Preview"}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ),
        beforeBody: ({ fields }) => (
          <TextArea
            field={fields.challenge}
            label="The challenge"
            hint="What the client was up against. A blank line starts a new paragraph."
            rows={4}
          />
        ),
        afterBody: ({ form, fields, pickMedia, setField }) => {
          const gallery = fields.gallery.getFieldList();
          const metrics = fields.metrics.getFieldList();
          return (
            <>
              <section className={panel} aria-labelledby="gallery-heading">
                <div>
                  <h2 id="gallery-heading" className="font-semibold">
                    Gallery
                  </h2>
                  <p className="text-sm text-muted">
                    Visuals of the work, shown after the approach: the first one full width.
                  </p>
                </div>
                {fields.gallery.errors && (
                  <p className="text-sm text-destructive">{fields.gallery.errors[0]}</p>
                )}
                <ol className="grid gap-4">
                  {gallery.map((row, index) => (
                    <GalleryRow
                      key={row.key}
                      row={row}
                      index={index}
                      count={gallery.length}
                      onUploaded={(url) => setField(row.getFieldset().url.name, url)}
                      onPick={() =>
                        void pickMedia("image").then((picked) => {
                          if (!picked) return;
                          const image = row.getFieldset();
                          setField(image.url.name, picked.url);
                          if (!String(image.alt.value ?? "")) setField(image.alt.name, picked.alt ?? "");
                          if (!String(image.caption.value ?? ""))
                            setField(image.caption.name, picked.caption ?? "");
                        })
                      }
                      removeProps={form.remove.getButtonProps({ name: fields.gallery.name, index })}
                      upProps={form.reorder.getButtonProps({
                        name: fields.gallery.name,
                        from: index,
                        to: index - 1,
                      })}
                    />
                  ))}
                </ol>
                <ImagesUploadZone
                  label="Upload several images"
                  hint="Or drop them here. Each becomes a picture of the gallery, in the order given."
                  onUploaded={(url) =>
                    form.insert({ name: fields.gallery.name, defaultValue: { url, alt: "", caption: "" } })
                  }
                />
                <button
                  {...form.insert.getButtonProps({
                    name: fields.gallery.name,
                    defaultValue: { url: "", alt: "", caption: "" },
                  })}
                  className={`${smallButton} justify-self-start`}
                >
                  Add an image by its address
                </button>
              </section>
              <section className={panel} aria-labelledby="results-heading">
                <div>
                  <h2 id="results-heading" className="font-semibold">
                    Results
                  </h2>
                  <p className="text-sm text-muted">
                    Each result is a figure and what it measures, e.g. “312%” and “Online bookings”.
                  </p>
                </div>
                {fields.metrics.errors && (
                  <p className="text-sm text-destructive">{fields.metrics.errors[0]}</p>
                )}
                <ol className="grid gap-3">
                  {metrics.map((row, index) => {
                    const metric = row.getFieldset();
                    return (
                      <li
                        key={row.key}
                        className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] items-start gap-2"
                      >
                        <TextInput field={metric.value} label={`Figure ${index + 1}`} placeholder="312%" />
                        <TextInput field={metric.label} label="Measures" placeholder="Online bookings" />
                        <button
                          {...form.remove.getButtonProps({ name: fields.metrics.name, index })}
                          className={`${smallButton} mt-7`}
                          aria-label={`Remove result ${index + 1}`}
                        >
                          Remove
                        </button>
                      </li>
                    );
                  })}
                </ol>
                <button
                  {...form.insert.getButtonProps({
                    name: fields.metrics.name,
                    defaultValue: { value: "", label: "" },
                  })}
                  className={`${smallButton} justify-self-start`}
                >
                  Add a result
                </button>
                <TextArea
                  field={fields.outcome}
                  label="The outcome"
                  hint="What came of it, in a sentence or two, beside the figures."
                  rows={3}
                />
              </section>
            </>
          );
        },
        publishing: ({ fields }) => (
          <>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                {...getInputProps(fields.featured, { type: "checkbox" })}
                key={fields.featured.key}
                className="size-4"
              />
              Feature on the home page
            </label>
            <EndFields
              unpublishAt={fields.unpublishAt}
              endRedirect={fields.endRedirect}
              noun="case study"
              leaves="/work, the home page, search and the sitemap"
              section="/work"
            />
            {caseStudy?.translations?.length ? (
              <div>
                <h3 className="text-sm font-semibold">Translations</h3>
                <TranslationStates
                  hrefOf={(lang) => `/admin/case-studies/${caseStudy.id}/translate/${lang}`}
                  title="this case study"
                  states={caseStudy.translations}
                />
                {caseStudy.translations.some((each) => each.state === "outdated") && (
                  <p className="mt-2 text-sm text-muted">
                    Outdated: the case study changed after it was translated. Open the translation to bring it
                    up to date beside the new words, and publish it again.
                  </p>
                )}
              </div>
            ) : null}
            {caseStudy && <SharePreview kind="case-study" target={caseStudy.id} start={caseStudy.share} />}
          </>
        ),
        beforeCover: ({ fields }) => (
          <section className={panel}>
            <h2 className="font-semibold">Client</h2>
            <TextInput field={fields.clientName} label="Client name" />
            <TextInput
              field={fields.category}
              label="Category"
              hint="The portfolio's filter lists the categories of published studies."
              list="case-study-categories"
            />
            <datalist id="case-study-categories">
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <Field
              id={fields.testimonialId.id}
              label="Client's quote"
              errors={fields.testimonialId.errors}
              errorId={fields.testimonialId.errorId}
            >
              <select
                {...getSelectProps(fields.testimonialId)}
                key={fields.testimonialId.key}
                className={fieldClass}
              >
                <option value="">None</option>
                {testimonials.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
            <NewQuote fields={fields.newQuote.getFieldset()} />
          </section>
        ),
        cover: ({ fields }) => <CoverFit src={fields.coverImage.value} />,
        afterCover: ({ fields }) => {
          const credits = new Set([fields.credits.value ?? []].flat().map(String));
          return (
            <section className={panel}>
              <fieldset>
                <legend className="font-semibold">Services delivered</legend>
                <div className="mt-3 grid gap-2">
                  {services.map((service) => (
                    <label key={service} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={fields.credits.name}
                        value={service}
                        defaultChecked={credits.has(service)}
                        className="mt-0.5 size-4"
                      />
                      {service}
                    </label>
                  ))}
                </div>
              </fieldset>
              <TextInput
                field={fields.tags}
                label="Channels and tags (comma separated)"
                placeholder="Local SEO, Instagram"
              />
            </section>
          );
        },
      }}
    />
  );
}

type GalleryFields = FieldMetadata<CaseStudyFormValues["gallery"][number], CaseStudyFormValues, string[]>;

function GalleryRow({
  row,
  index,
  count,
  onPick,
  onUploaded,
  removeProps,
  upProps,
}: {
  row: GalleryFields;
  index: number;
  count: number;
  onPick: () => void;
  /** An image uploaded from the row itself. */
  onUploaded: (url: string) => void;
  removeProps: ReturnType<ReturnType<typeof useForm>[0]["remove"]["getButtonProps"]>;
  upProps: ReturnType<ReturnType<typeof useForm>[0]["reorder"]["getButtonProps"]>;
}) {
  const image = row.getFieldset();
  const url = String(image.url.value ?? "");
  return (
    <li className="grid gap-3 rounded-xl border border-border p-3 sm:grid-cols-[7rem_minmax(0,1fr)]">
      <div className="aspect-[4/3] overflow-hidden rounded-lg border border-border bg-bg">
        {url.startsWith("/") ? (
          <img src={url} alt="" className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-xs text-muted">No image</span>
        )}
      </div>
      <div className="grid gap-2">
        <TextInput field={image.url} label={`Image ${index + 1} address`} placeholder="/uploads/…" />
        <TextInput field={image.alt} label="Description (alt text)" />
        <TextInput field={image.caption} label="Caption (optional)" />
        <div className="flex flex-wrap gap-2">
          <span className="js-only contents">
            <ImageUploadButton label="Upload an image" className={smallButton} onUploaded={onUploaded} />
          </span>
          <button type="button" onClick={onPick} className={`js-only ${smallButton}`}>
            Choose from the library
          </button>
          <button
            {...upProps}
            disabled={index === 0}
            className={smallButton}
            aria-label={`Move image ${index + 1} up`}
          >
            Move up
          </button>
          <button {...removeProps} className={smallButton} aria-label={`Remove image ${index + 1}`}>
            Remove
          </button>
          <span className="sr-only">{`${index + 1} of ${count}`}</span>
        </div>
      </div>
    </li>
  );
}

type NewQuoteFields = ReturnType<
  FieldMetadata<NonNullable<CaseStudyFormValues["newQuote"]>, CaseStudyFormValues, string[]>["getFieldset"]
>;

/** A new client's quote, written without leaving the case study (editors too). */
function NewQuote({ fields }: { fields: NewQuoteFields }) {
  // Open while anything is written in it or wrong with it (also as the server renders a refused save);
  // otherwise left to the person, so a re-render never closes it under their typing.
  const inUse = [fields.quote, fields.name, fields.role].some((field) => field.errors || field.value);
  return (
    <details open={inUse || undefined} className="rounded-xl border border-border p-3">
      <summary className="cursor-pointer text-sm font-semibold text-primary">Write a new quote</summary>
      <div className="mt-3 grid gap-3">
        <TextArea field={fields.quote} label="The quote" rows={3} />
        <TextInput field={fields.name} label="Who said it" />
        <TextInput field={fields.role} label="Their role (optional)" placeholder="Founder" />
        <p className="text-xs text-muted">
          Saved with the case study as a testimonial from this client, and chosen as its quote. The
          client&apos;s name follows the role on the page (“Founder, Quay Cycles”): leave it out here.
        </p>
      </div>
    </details>
  );
}
