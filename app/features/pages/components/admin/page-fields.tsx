import { type ReactNode, useState } from "react";

import { ContentField, editorPanel } from "~/features/editor";
import { inputClass } from "~/ui/forms/field";

import { fieldId, type Loose } from "./copy-form";
import { type FieldSpec, isLong, type ListSpec, type ObjectSpec, type TextSpec } from "./copy-spec";

/** A field's problems, by its path ("sections.2.cards.0.title"). */
export type FieldErrors = Record<string, string[]>;

// The summary of problems links to a field's input by it; a list's button sends the keyboard back by it.
export { fieldId };

const join = (path: string, part: string | number) => (path ? `${path}.${part}` : String(part));

const smallButton =
  "inline-flex min-h-9 items-center justify-center rounded-full border border-border px-3 text-xs font-semibold hover:border-primary hover:text-primary disabled:pointer-events-none disabled:opacity-35";

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The whole page's form: the page's own lines first (its name, title…), then a panel for each part
 * of the design (the top of the page, each section, the closing), in the schema's order.
 */
export function PageFields({
  spec,
  values,
  errors,
}: {
  spec: ObjectSpec;
  values: Loose;
  errors: FieldErrors;
}) {
  const plain = spec.fields.filter((field) => field.type === "text" || field.type === "boolean");
  const parts = partFields(spec);
  return (
    <>
      {plain.length > 0 && (
        <Panel id={panelId("")} title="The page">
          {plain.map((field) => (
            <AnyField
              key={field.key}
              spec={field}
              path={field.key}
              value={values[field.key]}
              errors={errors}
            />
          ))}
        </Panel>
      )}
      {parts.map((field) => (
        <Panel key={field.key} id={panelId(field.key)} title={field.label} hint={field.help}>
          {field.type === "object" ? (
            <ObjectFields spec={field} path={field.key} value={values[field.key]} errors={errors} />
          ) : (
            <ListField
              spec={field as ListSpec}
              path={field.key}
              value={values[field.key]}
              errors={errors}
              bare
            />
          )}
        </Panel>
      ))}
    </>
  );
}

/** A part's panel, which the outline beside the form links to. */
export const panelId = (key: string) => `part-${key || "page"}`;

/**
 * The page's parts in the order a visitor reads them; the search title and description (which the page
 * itself does not show) come last.
 */
const partFields = (spec: ObjectSpec) =>
  spec.fields
    .filter((field) => field.type === "object" || field.type === "list")
    .sort((a, b) => Number(a.key === "meta") - Number(b.key === "meta"));

/** The parts of the page, in the form's order, for the outline beside it. */
export function partsOf(spec: ObjectSpec): { id: string; label: string }[] {
  const plain = spec.fields.some((field) => field.type === "text" || field.type === "boolean");
  return [
    ...(plain ? [{ id: panelId(""), label: "The page" }] : []),
    ...partFields(spec).map((field) => ({ id: panelId(field.key), label: field.label })),
  ];
}

function Panel({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} className={`${editorPanel} scroll-mt-24`}>
      <legend className="float-left w-full font-semibold">
        {title}
        {hint && <span className="mt-0.5 block text-sm font-normal text-muted">{hint}</span>}
      </legend>
      {children}
    </fieldset>
  );
}

function ObjectFields({
  spec,
  path,
  value,
  errors,
}: {
  spec: ObjectSpec;
  path: string;
  value: unknown;
  errors: FieldErrors;
}) {
  const object = (value && typeof value === "object" ? value : {}) as Loose;
  // Two short lines (a button's text and where it goes) sit side by side where there is room.
  const pair =
    spec.fields.length === 2 &&
    spec.fields.every((field) => field.type === "text" && !field.rich && !isLong(field));
  return (
    <div className={`grid min-w-0 gap-4 ${pair ? "sm:grid-cols-2" : ""}`}>
      {spec.fields.map((field) => (
        <AnyField
          key={field.key}
          spec={field}
          path={join(path, field.key)}
          value={object[field.key]}
          errors={errors}
        />
      ))}
    </div>
  );
}

function AnyField({
  spec,
  path,
  value,
  errors,
  label,
}: {
  spec: FieldSpec;
  path: string;
  value: unknown;
  errors: FieldErrors;
  label?: string;
}) {
  switch (spec.type) {
    case "text":
      return <TextField spec={spec} path={path} value={textOf(value)} errors={errors[path]} label={label} />;
    case "boolean":
      return (
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            id={fieldId(path)}
            name={path}
            defaultChecked={value === true}
            className="size-5 shrink-0 accent-[var(--color-primary)]"
          />
          {label ?? spec.label}
        </label>
      );
    case "object":
      return (
        <fieldset id={fieldId(path)} className="grid min-w-0 gap-4 rounded-xl border border-border bg-bg p-4">
          <legend className="px-1 text-sm font-semibold">{label ?? spec.label}</legend>
          <ObjectFields spec={spec} path={path} value={value} errors={errors} />
        </fieldset>
      );
    case "list":
      return <ListField spec={spec} path={path} value={value} errors={errors} />;
  }
}

/**
 * A line or paragraph of plain text (or the rich editor, for a legal section's body), its limit and,
 * as one types, how much of it is used: "42 / 80". Without JavaScript the count is the one the page
 * was drawn with; the limit is checked when saved either way.
 */
function TextField({
  spec,
  path,
  value,
  errors,
  label = spec.label,
}: {
  spec: TextSpec;
  path: string;
  value: string;
  errors?: string[];
  label?: string;
}) {
  const id = fieldId(path);
  const errorId = `${id}-error`;
  const [length, setLength] = useState(value.length);
  const described = [spec.help && `${id}-help`, spec.max !== null && `${id}-count`, errors && errorId]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: path,
    defaultValue: value,
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": described || undefined,
  } as const;
  if (spec.rich)
    return (
      <div className="min-w-0">
        <ContentField textareaProps={common} errors={errors} errorId={errorId} label={label} />
        <p className="mt-1 text-xs text-muted">
          Paragraphs, lists, links and emphasis. Up to {spec.max?.toLocaleString("en-IE")} characters with
          their formatting.
        </p>
        <FieldError id={errorId} errors={errors} />
      </div>
    );
  const over = spec.max !== null && length > spec.max;
  const count = (event: { currentTarget: { value: string } }) => setLength(event.currentTarget.value.length);
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
          {spec.optional && <span className="font-normal text-muted"> (optional)</span>}
        </label>
        {spec.max !== null && (
          <span
            id={`${id}-count`}
            className={`shrink-0 text-xs tabular-nums ${over ? "font-semibold text-destructive" : "text-muted"}`}
          >
            <span className="sr-only">Characters used: </span>
            {`${length} / ${spec.max}`}
          </span>
        )}
      </div>
      {spec.date ? (
        <input {...common} type="date" className={`${inputClass} sm:max-w-56`} />
      ) : spec.max !== null && isLong(spec) ? (
        <textarea {...common} rows={spec.max > 300 ? 5 : 3} onInput={count} className={inputClass} />
      ) : (
        <input {...common} type="text" onInput={count} className={inputClass} />
      )}
      {spec.help && (
        <p id={`${id}-help`} className="mt-1 text-xs text-muted">
          {spec.help}
        </p>
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} hidden={!errors?.length} className="mt-1 text-sm text-destructive">
      {errors?.join(" · ")}
    </p>
  );
}

/**
 * A list of sections, cards, points or steps: each item with its buttons to move it up or down or
 * take it out, and one to add an item, within the counts the design allows. The buttons send the form
 * (everything typed comes along and comes back), so they work without JavaScript too.
 */
function ListField({
  spec,
  path,
  value,
  errors,
  bare = false,
}: {
  spec: ListSpec;
  path: string;
  value: unknown;
  errors: FieldErrors;
  /** Inside a panel that already names the list. */
  bare?: boolean;
}) {
  const items = Array.isArray(value) ? value : [];
  const id = fieldId(path);
  const listErrors = errors[path];
  const range = spec.min === spec.max ? `${spec.max}` : `${spec.min} to ${spec.max}`;
  const itemName = spec.itemLabel.toLowerCase();
  const body = (
    <>
      <p className="text-xs text-muted">
        {items.length} of {range} {spec.label.toLowerCase()}.
      </p>
      <FieldError id={`${id}-error`} errors={listErrors} />
      <ol className="grid gap-3">
        {items.map((item, index) => {
          const itemPath = join(path, index);
          const name = `${spec.itemLabel} ${index + 1}`;
          const buttons = (
            <div className="flex shrink-0 gap-1.5">
              <button
                type="submit"
                name="intent"
                value={`up:${itemPath}`}
                id={`${fieldId(itemPath)}-up`}
                formNoValidate
                disabled={index === 0}
                aria-label={`Move ${name.toLowerCase()} up`}
                title="Move up"
                className={`${smallButton} w-9 px-0`}
              >
                ↑
              </button>
              <button
                type="submit"
                name="intent"
                value={`down:${itemPath}`}
                id={`${fieldId(itemPath)}-down`}
                formNoValidate
                disabled={index === items.length - 1}
                aria-label={`Move ${name.toLowerCase()} down`}
                title="Move down"
                className={`${smallButton} w-9 px-0`}
              >
                ↓
              </button>
              <button
                type="submit"
                name="intent"
                value={`remove:${itemPath}`}
                id={`${fieldId(itemPath)}-remove`}
                formNoValidate
                disabled={items.length <= spec.min}
                aria-label={`Remove ${name.toLowerCase()}`}
                className={`${smallButton} hover:!border-destructive hover:!text-destructive`}
              >
                Remove
              </button>
            </div>
          );
          return (
            <li key={index} className="min-w-0">
              {spec.item.type === "text" ? (
                <div className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <TextField
                      spec={spec.item}
                      path={itemPath}
                      value={textOf(item)}
                      errors={errors[itemPath]}
                      label={name}
                    />
                  </div>
                  <div className={errors[itemPath] ? "mb-7" : "mb-1"}>{buttons}</div>
                </div>
              ) : (
                <fieldset
                  id={fieldId(itemPath)}
                  className="grid min-w-0 gap-4 rounded-xl border border-border bg-bg p-4"
                >
                  <legend className="sr-only">{name}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2" aria-hidden="false">
                    <p className="text-sm font-semibold">{name}</p>
                    {buttons}
                  </div>
                  {spec.item.type === "object" ? (
                    <ObjectFields spec={spec.item} path={itemPath} value={item} errors={errors} />
                  ) : (
                    <AnyField spec={spec.item} path={itemPath} value={item} errors={errors} label={name} />
                  )}
                </fieldset>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="submit"
        name="intent"
        value={`add:${path}`}
        id={`${id}-add`}
        formNoValidate
        disabled={items.length >= spec.max}
        className={`${smallButton} self-start`}
      >
        <span aria-hidden="true" className="mr-1 text-base leading-none">
          +
        </span>
        Add {/^[aeiou]/.test(itemName) ? "an" : "a"} {itemName}
      </button>
    </>
  );
  if (bare)
    return (
      <div id={id} className="grid min-w-0 gap-3">
        {body}
      </div>
    );
  return (
    <fieldset id={id} className="grid min-w-0 gap-3">
      <legend className="text-sm font-medium">
        {spec.label}
        {spec.optional && <span className="font-normal text-muted"> (optional)</span>}
      </legend>
      {body}
    </fieldset>
  );
}
