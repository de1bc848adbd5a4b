import { z } from "zod";

import type { ChangedField } from "~/features/editor";
import { type ComparedField, revisionChanges } from "~/features/editor/index.server";

import { PAGE_KINDS, type PageKind } from "./page-schemas";

/** "customPrompt" → "Custom prompt", "meta" → "Meta": a field's name when its schema gives no label. */
export const humanisedKey = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The schema inside `.optional()` (a field's label may sit on either). */
const unwrapped = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;

const labelOf = (schema: z.ZodType | undefined, key: string): string => {
  const label = schema?.meta()?.label ?? (schema && unwrapped(schema).meta()?.label);
  return typeof label === "string" && label ? label : humanisedKey(key);
};

/** "Sections" → "Section": one item of a list, numbered after it. */
const oneOf = (label: string) => label.replace(/ies$/, "y").replace(/s$/, "");

/**
 * Every part of a page's copy with words in it, by its path ("hero.headline", "sections.1.cards.0.title"),
 * labelled as the page's form labels it: the schema's `.meta({ label })`, else the field's name in
 * plain words; a list's items numbered ("Section 2 › Heading").
 */
function partsOf(kind: PageKind, copy: unknown) {
  const parts = new Map<string, { label: string; value: string }>();
  const walk = (value: unknown, schema: z.ZodType | undefined, path: string[], labels: string[]) => {
    const inner = schema && unwrapped(schema);
    if (Array.isArray(value)) {
      const element = inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
      const item = oneOf(labels.at(-1) ?? "Item");
      value.forEach((entry, index) =>
        walk(entry, element, [...path, String(index)], [...labels.slice(0, -1), `${item} ${index + 1}`]),
      );
      return;
    }
    if (value && typeof value === "object") {
      const shape = inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : {};
      for (const [key, child] of Object.entries(value)) {
        const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
        walk(child, field, [...path, key], [...labels, labelOf(field, key)]);
      }
      return;
    }
    if (value === undefined || value === null) return;
    parts.set(path.join("."), { label: labels.join(" › "), value: String(value) });
  };
  walk(copy, PAGE_KINDS[kind] as z.ZodType, [], []);
  return parts;
}

/** The legal pages' section bodies are rich text: compared as their words, not their markup. */
const isRich = (kind: PageKind, path: string) => kind === "legal" && /^sections\.\d+\.body$/.test(path);

/**
 * What restoring `revision` would change in `now`, part by part, word by word (from now to the
 * revision), each part named as the page's form names it.
 */
export function pageChanges(
  kind: PageKind,
  now: Record<string, unknown>,
  revision: Record<string, unknown>,
): ChangedField[] {
  const before = partsOf(kind, now);
  const after = partsOf(kind, revision);
  const fields: ComparedField[] = [];
  for (const [path, { label }] of [...after, ...before]) {
    if (!fields.some((field) => field.name === path))
      fields.push({ name: path, label, html: isRich(kind, path) });
  }
  const values = (parts: typeof before) =>
    Object.fromEntries([...parts].map(([path, { value }]) => [path, value]));
  return revisionChanges(values(before), values(after), fields);
}
