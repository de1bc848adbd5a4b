import { z } from "zod";

import { PAGE_KINDS, type PageKind } from "../../copy/page-schemas";

/**
 * A page's form, read from its schema: one entry a field, in the schema's order. The schema stays the
 * one place that says what a page holds; the form follows it, so a field added there appears here.
 */
type Common = {
  /** The field's name in its object ("headline"), or "" for a list's item. */
  key: string;
  label: string;
  help?: string;
  /** May be left empty (or, for a list, out). */
  optional: boolean;
};

export type TextSpec = Common & {
  type: "text";
  min: number;
  /** The most characters it takes, or null when the schema sets none (a link's target). */
  max: number | null;
  /** Written in the rich editor (the legal pages' section bodies). */
  rich: boolean;
  /** A date picker (YYYY-MM-DD). */
  date: boolean;
};
export type BooleanSpec = Common & { type: "boolean" };
export type ObjectSpec = Common & { type: "object"; fields: FieldSpec[] };
export type ListSpec = Common & {
  type: "list";
  min: number;
  max: number;
  /** What one item is called ("Section"), for "Section 2" and "Add a section". */
  itemLabel: string;
  item: FieldSpec;
};
export type FieldSpec = TextSpec | BooleanSpec | ObjectSpec | ListSpec;

/** Shown in a text area rather than on one line from this many characters. */
const LONG_TEXT = 120;

/** "customPrompt" → "Custom prompt". */
export const humanise = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/^./, (first) => first.toUpperCase());

type Meta = { label?: unknown; help?: unknown; item?: unknown; rich?: unknown; date?: unknown };
const metaOf = (schema: z.ZodType): Meta => (z.globalRegistry.get(schema) ?? {}) as Meta;

function lengthOf(schema: z.ZodType, check: "min_length" | "max_length"): number | null {
  for (const each of (schema._zod.def as { checks?: { _zod: { def: Record<string, unknown> } }[] }).checks ??
    []) {
    const def = each._zod.def;
    if (def.check === check) return Number(check === "min_length" ? def.minimum : def.maximum);
  }
  return null;
}

function specOf(schema: z.ZodType, key: string, outer: Meta = {}, optional = false): FieldSpec {
  const meta = { ...metaOf(schema), ...outer };
  const def = schema._zod.def as { type: string } & Record<string, unknown>;
  if (def.type === "optional") return specOf(def.innerType as z.ZodType, key, meta, true);
  const label = typeof meta.label === "string" ? meta.label : key ? humanise(key) : "Item";
  const help = typeof meta.help === "string" ? meta.help : undefined;
  const common = { key, label, ...(help && { help }), optional };
  switch (def.type) {
    case "string":
      return {
        ...common,
        type: "text",
        min: lengthOf(schema, "min_length") ?? 0,
        max: lengthOf(schema, "max_length"),
        rich: meta.rich === true,
        date: meta.date === true,
      };
    case "boolean":
      return { ...common, type: "boolean" };
    case "object":
      return {
        ...common,
        type: "object",
        fields: Object.entries(def.shape as Record<string, z.ZodType>).map(([name, field]) =>
          specOf(field, name),
        ),
      };
    case "array": {
      const item = specOf(def.element as z.ZodType, "");
      return {
        ...common,
        type: "list",
        min: lengthOf(schema, "min_length") ?? 0,
        max: lengthOf(schema, "max_length") ?? 50,
        itemLabel: typeof meta.item === "string" ? meta.item : label.replace(/s$/, ""),
        item,
      };
    }
    default:
      throw new Error(`A page's form has no field for a zod ${def.type}`);
  }
}

const specs = new Map<PageKind, ObjectSpec>();

/** The form of a kind of page (worked out once a kind). */
export function pageFormSpec(kind: PageKind): ObjectSpec {
  let spec = specs.get(kind);
  if (!spec) {
    spec = specOf(PAGE_KINDS[kind] as z.ZodType, "") as ObjectSpec;
    specs.set(kind, spec);
  }
  return spec;
}

/** Whether a plain field is written on several lines. */
export const isLong = (spec: TextSpec) => spec.max !== null && spec.max > LONG_TEXT;
