// A page's words as its admin form sends them, for the tests of the Pages section.
import { startingCopy } from "~/features/pages";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests edit copy of any shape
export type Loose = Record<string, any>;

/** A fresh copy of a page's starting words, to edit. */
export const startingWordsOf = (key: string): Loose =>
  structuredClone(startingCopy.find((page) => page.key === key)!.copy);

/** The copy as its form sends it: one field a value, named by its path. */
export function asForm(value: unknown, path = ""): [string, string][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => asForm(item, path ? `${path}.${index}` : String(index)));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => asForm(item, path ? `${path}.${key}` : key));
  if (typeof value === "boolean") return value ? [[path, "on"]] : [];
  return [[path, String(value)]];
}
