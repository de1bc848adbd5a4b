import { PUBLISH_AS_IT_IS } from "~/features/editor";

import type { FieldSpec, ListSpec, ObjectSpec } from "./copy-spec";

/**
 * A page's form and its copy, both ways. Each input is named by its path in the copy
 * ("hero.headline", "sections.0.cards.1.items.2"); the server rebuilds the nested copy by walking the
 * page's form (from its schema), so only the schema's own field names are ever written and a name the
 * page does not have is reported, never stored. Names are checked before anything is built: a part is a
 * field name (letters and digits) or a list index, never a prototype's name, and the form's size is
 * bounded, so a hostile form costs little and changes nothing.
 */

/** The most fields a page's form may send (a service page with every list full is about 1,150). */
export const MAX_FORM_FIELDS = 2_000;
/** The deepest path a page has is five parts (sections.0.cards.1.items.2 is six); room for one more. */
const MAX_DEPTH = 7;
/** A list index: 0 to 999 written plainly (no "01", "1e2", "-1"). */
const INDEX = /^(?:0|[1-9]\d{0,2})$/;
const FIELD = /^[A-Za-z][A-Za-z0-9]{0,39}$/;
/** Names an object inherits: never a field of a page, refused even before the walk would ignore them. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The form's own controls (its button, the publish ask's answer), which are not the page's fields. */
const CONTROLS = new Set(["intent", PUBLISH_AS_IT_IS]);
/** The autosave's note beside a rich body (editor's trailing paragraphs), which is not a field either. */
const isControl = (name: string) => CONTROLS.has(name) || name.endsWith(":trailingParagraphs");

export type Loose = Record<string, unknown>;

export type FormRead = { ok: true; copy: Loose; unknown: string[] } | { ok: false; problem: string };

type Node = { value?: string; children: Map<string, Node> };

function badName(name: string): string | null {
  const parts = name.split(".");
  if (name.length > 200 || parts.length > MAX_DEPTH) return "a field name that is too long";
  for (const part of parts) {
    if (INHERITED.has(part) || part === "__proto__" || part === "prototype") return `a field named “${part}”`;
    if (!FIELD.test(part) && !INDEX.test(part)) return `a field named “${name.slice(0, 80)}”`;
  }
  return null;
}

/**
 * The copy a form sent, shaped by the page's form: `{ ok: true, copy, unknown }` (unknown: names the
 * page has no field for), or `{ ok: false, problem }` for a form no page of ours sends (too many
 * fields, a file, a name given twice, a malformed or prototype name). The copy is as typed: the
 * schema checks it when it is saved.
 */
export function readCopyForm(spec: ObjectSpec, entries: Iterable<[string, unknown]>): FormRead {
  const root: Node = { children: new Map() };
  let count = 0;
  for (const [name, value] of entries) {
    if (isControl(name)) continue;
    if (++count > MAX_FORM_FIELDS) return { ok: false, problem: `more than ${MAX_FORM_FIELDS} fields` };
    if (typeof value !== "string") return { ok: false, problem: "a file, where the page takes text" };
    const bad = badName(name);
    if (bad) return { ok: false, problem: bad };
    let node = root;
    for (const part of name.split(".")) {
      let child = node.children.get(part);
      if (!child) node.children.set(part, (child = { children: new Map() }));
      node = child;
    }
    if (node.value !== undefined) return { ok: false, problem: `the field “${name}” twice` };
    node.value = value;
  }
  try {
    const copy = build(spec, root) as Loose;
    return { ok: true, copy, unknown: leftOver(root, "") };
  } catch (error) {
    if (error instanceof PastTheMost) return { ok: false, problem: error.message };
    throw error;
  }
}

/** An item past the most its list holds: no form of ours sends one, and building it would only cost. */
class PastTheMost extends Error {}

/** The value of `spec` from its node, taking what it reads out of the node (what is left is unknown). */
function build(spec: FieldSpec, node: Node | undefined): unknown {
  switch (spec.type) {
    case "text": {
      const value = take(node);
      if (spec.optional && !value?.trim()) return undefined;
      return value ?? "";
    }
    case "boolean": {
      const value = take(node);
      if (value === undefined) return spec.optional ? undefined : false;
      return value === "on" || value === "true";
    }
    case "object":
      // Object.fromEntries defines each field as the object's own (never a prototype's setter), and only
      // the schema's names are written.
      return Object.fromEntries(
        spec.fields.flatMap((field) => {
          const value = build(field, takeChild(node, field.key));
          return value === undefined ? [] : [[field.key, value]];
        }),
      );
    case "list": {
      const indices = node
        ? [...node.children.keys()].filter((part) => INDEX.test(part)).sort((a, b) => Number(a) - Number(b))
        : [];
      if (indices.some((index) => Number(index) >= spec.max))
        throw new PastTheMost(`more items in “${spec.label}” than it holds (${spec.max})`);
      const items = indices.map((index) => build(spec.item, takeChild(node, index)));
      if (spec.optional && items.length === 0) return undefined;
      return items;
    }
  }
}

function take(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  const value = node.value;
  delete node.value;
  return value;
}

function takeChild(node: Node | undefined, part: string): Node | undefined {
  const child = node?.children.get(part);
  if (child && child.children.size === 0) node!.children.delete(part);
  return child;
}

/** The names nothing in the page's form read. */
function leftOver(node: Node, path: string): string[] {
  const here = node.value !== undefined && path ? [path] : [];
  return [
    ...here,
    ...[...node.children].flatMap(([part, child]) => leftOver(child, path ? `${path}.${part}` : part)),
  ];
}

/** An empty value of `spec`: what "Add" puts in a list. */
export function emptyOf(spec: FieldSpec): unknown {
  switch (spec.type) {
    case "text":
      return "";
    case "boolean":
      return false;
    case "object":
      return Object.fromEntries(spec.fields.map((field) => [field.key, emptyOf(field)]));
    case "list":
      return Array.from({ length: spec.min }, () => emptyOf(spec.item));
  }
}

/** A change to one of the form's lists, asked by a button (works without JavaScript): "add:sections.1.cards". */
export type ListIntent = { op: "add" | "remove" | "up" | "down"; path: string[] };

/** The intent of a list's button, or null for any other intent (save, publish). */
export function listIntentOf(intent: string): ListIntent | null {
  const match = /^(add|remove|up|down):([\w.]{1,200})$/.exec(intent);
  if (!match) return null;
  const path = match[2]!.split(".");
  if (path.length > MAX_DEPTH || badName(match[2]!)) return null;
  return { op: match[1] as ListIntent["op"], path };
}

/** The list spec at `path` (indices step into a list's item), or null. */
function listAt(spec: FieldSpec, path: string[]): ListSpec | null {
  let here: FieldSpec = spec;
  for (const part of path) {
    if (here.type === "object") {
      const next = here.fields.find((field) => field.key === part);
      if (!next) return null;
      here = next;
    } else if (here.type === "list" && INDEX.test(part)) here = here.item;
    else return null;
  }
  return here.type === "list" ? here : null;
}

/** The value at `path` in the copy, when every step is an own field or an item. */
function valueAt(copy: unknown, path: string[]): unknown {
  let here = copy;
  for (const part of path) {
    if (Array.isArray(here) && INDEX.test(part)) here = here[Number(part)];
    else if (here && typeof here === "object" && !Array.isArray(here) && Object.hasOwn(here, part))
      here = (here as Loose)[part];
    else return undefined;
  }
  return here;
}

/**
 * The copy with one list changed as its button asked, within the list's smallest and largest counts:
 * "add:sections" adds an empty section at the end, "remove:sections.2" takes the third out,
 * "up:…"/"down:…" swap an item with its neighbour. Anything else leaves the copy as it was.
 */
export function applyListIntent(spec: ObjectSpec, copy: Loose, { op, path }: ListIntent): Loose {
  const next = structuredClone(copy);
  const listPath = op === "add" ? path : path.slice(0, -1);
  const index = op === "add" ? -1 : Number(path.at(-1));
  const list = listAt(spec, listPath);
  if (!list || (op !== "add" && !INDEX.test(path.at(-1) ?? ""))) return copy;
  let items = valueAt(next, listPath);
  if (items === undefined && op === "add") {
    const parent = valueAt(next, listPath.slice(0, -1));
    if (!parent || typeof parent !== "object" || Array.isArray(parent)) return copy;
    items = [];
    Object.defineProperty(parent, listPath.at(-1)!, { value: items, enumerable: true, writable: true });
  }
  if (!Array.isArray(items)) return copy;
  if (op === "add" && items.length < list.max) items.push(emptyOf(list.item));
  if (op === "remove" && index < items.length && items.length > list.min) items.splice(index, 1);
  const other = op === "up" ? index - 1 : index + 1;
  if ((op === "up" || op === "down") && index < items.length && other >= 0 && other < items.length)
    [items[index], items[other]] = [items[other], items[index]];
  return next;
}

/** The input (or an item's box) of the field at `path`: "hero.headline" → "field-hero-headline". */
export const fieldId = (path: string) => `field-${path.replaceAll(".", "-") || "page"}`;

/** Where the keyboard goes after a list's button, and what a screen reader is told. */
export type ListFocus = { focus: string; said: string };

/**
 * After a list's button, the form is drawn again: the keyboard goes where the person was working,
 * not back to the top. Add: the new item (its first box); ↑/↓: the same button on the item where it
 * now is (the other one once it reaches the end, as that one is disabled); Remove: the list's Add.
 */
export function focusAfter(
  spec: ObjectSpec,
  before: Loose,
  after: Loose,
  { op, path }: ListIntent,
): ListFocus {
  const listPath = op === "add" ? path : path.slice(0, -1);
  const list = listAt(spec, listPath);
  const listName = listPath.join(".");
  const addButton = `${fieldId(listName)}-add`;
  const itemsIn = (copy: Loose) => {
    const items = valueAt(copy, listPath);
    return Array.isArray(items) ? items.length : 0;
  };
  const count = itemsIn(after);
  if (!list || count === 0) return { focus: addButton, said: "" };
  const item = list.itemLabel.toLowerCase();
  const at = (index: number) => fieldId(`${listName}.${index}`);
  if (op === "add")
    return count > itemsIn(before)
      ? { focus: at(count - 1), said: `Added ${item} ${count}.` }
      : { focus: addButton, said: "" };
  const index = Number(path.at(-1));
  if (op === "remove")
    return { focus: addButton, said: count < itemsIn(before) ? `Removed ${item} ${index + 1}.` : "" };
  const now = op === "up" ? index - 1 : index + 1;
  if (now < 0 || now >= count) return { focus: `${at(index)}-${op}`, said: "" };
  const atEnd = op === "up" ? now === 0 : now === count - 1;
  const button = atEnd ? (op === "up" ? "down" : "up") : op;
  return {
    focus: `${at(now)}-${button}`,
    said: `Moved ${item} ${index + 1} ${op}: it is ${item} ${now + 1} now.`,
  };
}
