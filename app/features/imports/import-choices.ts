import type { AddressChoice, ImportChoices, TagChoice } from "#db/schema";
import { withoutTrailing } from "~/platform/text/trailing";

import { POST_LIMITS } from "./import-plan";
import { tagKey } from "./tag-spellings";

export type { AddressChoice, ImportChoices, TagChoice };

/** Where the owner may send an old address, besides the closest page (offered first) and a 404. */
export const ADDRESS_TARGETS: readonly (readonly [path: string, label: string])[] = [
  ["/", "The home page"],
  ["/blog", "The blog"],
  ["/#services", "Services"],
  ["/work", "Our work"],
  ["/about", "About"],
  ["/contact", "Contact"],
];

/** Tags the preview lists one by one, most used first; the others can be named in a text box. */
export const TAGS_LISTED = 100;
/** Old addresses of each group the preview lists with a choice each; the others are named in a text box. */
export const ADDRESSES_LISTED = 150;

/** The old site's own lists (a category's, a tag's or an author's posts), not a page someone wrote. */
const isList = (from: string) => /^\/(category|tag|author)\//.test(from);

/**
 * The choices as the preview's page shows them: old pages and old lists, the first of each listed one
 * by one with how many more there are, and the tags listed one by one with how many there are. The
 * page stays small (thousands of rows would weigh on it and on the site while it is drawn).
 */
export type ListedChoices = {
  pages: { listed: AddressChoice[]; more: number };
  lists: { listed: AddressChoice[]; more: number };
  tags: TagChoice[];
  tagCount: number;
};

export function listedChoices(choices: ImportChoices): ListedChoices {
  const group = (all: AddressChoice[]) => ({
    listed: all.slice(0, ADDRESSES_LISTED),
    more: Math.max(0, all.length - ADDRESSES_LISTED),
  });
  const addresses = choices.addresses ?? [];
  return {
    pages: group(addresses.filter((choice) => !isList(choice.from))),
    lists: group(addresses.filter((choice) => isList(choice.from))),
    tags: (choices.tags ?? []).slice(0, TAGS_LISTED),
    tagCount: choices.tags?.length ?? 0,
  };
}

/** More choices than any export offers: a request past this is refused before anything is read. */
export const MAX_CHOICES = 20_000;
const MAX_PATH = 500;

/** A choice the owner (or an API client) sent that cannot be followed: a 400 with this message. */
export class ChoiceError extends Error {}

/** What was sent: old address → new path ("" or null: no redirect), and tag → the tag it becomes. */
export type SentChoices = { addresses: [string, string | null][]; tags: [string, string][] };

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;

/** A path on this site ("/contact", "/blog?tag=SEO"), or null for anything else (another site, a scheme). */
export function siteLocalPath(to: string): string | null {
  if (to.length > MAX_PATH || !to.startsWith("/") || /^\/[/\\]/.test(to)) return null;
  if (CONTROL.test(to) || /[\s\\]/.test(to)) return null;
  try {
    const url = new URL(to, "http://here.invalid");
    return url.origin === "http://here.invalid" ? to : null;
  } catch {
    return null;
  }
}

/**
 * The preview's addresses with the owner's choices: each sent address must be one the preview offers,
 * going to a path on this site or nowhere (a 404), never to another old address (a chain).
 */
export function chooseAddresses(offered: AddressChoice[], sent: SentChoices["addresses"]): AddressChoice[] {
  const chosen = new Map(offered.map((choice) => [choice.from, { ...choice }]));
  for (const [from, to] of sent) {
    const choice = chosen.get(from);
    if (!choice) throw new ChoiceError(`${quoted(from)} is not one of this export's old addresses to place`);
    if (to === null || to === "") {
      choice.to = null;
      continue;
    }
    const path = siteLocalPath(to.trim());
    if (!path)
      throw new ChoiceError(
        `${quoted(to)} (for ${quoted(from)}) is not a path on this site: give one starting with “/”, such as /contact`,
      );
    if (chosen.has(withoutTrailing(path, "/")))
      throw new ChoiceError(`${quoted(from)} cannot go to ${quoted(path)}: that is an old address too`);
    choice.to = path;
  }
  return [...chosen.values()];
}

/** A tag's new name as typed: one line, at most the editor's length, no control characters. */
function tagName(typed: string, of: string): string {
  if (CONTROL.test(typed)) throw new ChoiceError(`The new name for ${quoted(of)} holds control characters`);
  const name = typed.replace(/\s+/g, " ").trim();
  if (name.length > POST_LIMITS.tag)
    throw new ChoiceError(
      `The new name for ${quoted(of)} is over ${POST_LIMITS.tag} characters, more than a tag holds`,
    );
  return name;
}

/**
 * The preview's tags with the owner's choices: kept (an empty name keeps it), renamed, or merged into
 * another (a name another tag has, here or in the export). Names are matched as the import merges
 * them (any case or spacing), in a Map: "__proto__" is a tag like any other. A tag merged into one that
 * is itself renamed follows it; a circle is refused.
 */
export function chooseTags(offered: TagChoice[], sent: SentChoices["tags"]): TagChoice[] {
  const chosen = new Map(offered.map((choice) => [tagKey(choice.name), { ...choice }]));
  for (const [name, to] of sent) {
    const choice = chosen.get(tagKey(name));
    if (!choice) throw new ChoiceError(`${quoted(name)} is not one of this export's tags`);
    choice.to = tagName(to, choice.name) || choice.name;
  }
  // Each chain walked once: what a tag ends as is kept for every tag on the way (a chain of 10,000 is
  // 10,000 steps, not 50 million).
  const ends = new Map<string, string>();
  for (const choice of chosen.values()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let current = choice;
    let end: string | undefined;
    for (;;) {
      const key = tagKey(current.name);
      end = ends.get(key);
      if (end !== undefined) break;
      if (onPath.has(key))
        throw new ChoiceError(
          `Tags ${quoted(choice.name)} and ${quoted(current.name)} are merged into each other`,
        );
      path.push(key);
      onPath.add(key);
      const next = chosen.get(tagKey(current.to));
      // Kept, or a name the export does not have: the end. Merged into a tag the export has: its spelling.
      if (!next) {
        end = current.to;
        break;
      }
      if (next === current) {
        end = current.name;
        break;
      }
      current = next;
    }
    for (const key of path) ends.set(key, end);
  }
  for (const [key, choice] of chosen) choice.to = ends.get(key)!;
  return [...chosen.values()];
}

/** The choices as the preview offers them, changed by what was sent. */
export function withChoices(offered: ImportChoices, sent: SentChoices): ImportChoices {
  if (sent.addresses.length + sent.tags.length > MAX_CHOICES)
    throw new ChoiceError(`More than ${MAX_CHOICES.toLocaleString("en-IE")} choices: no export has so many`);
  return {
    ...(offered.addresses && { addresses: chooseAddresses(offered.addresses, sent.addresses) }),
    ...(offered.tags && { tags: chooseTags(offered.tags, sent.tags) }),
  };
}

/**
 * POST /api/import's `redirects` and `tags` fields: JSON objects, `{"/old-page": "/contact",
 * "/category/uncategorized": null}` and `{"Old name": "New name"}`.
 */
export function sentByApi(fields: { redirects?: string; tags?: string }): SentChoices {
  const entries = (field: "redirects" | "tags"): [string, unknown][] => {
    const text = fields[field];
    if (text === undefined || text.trim() === "") return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ChoiceError(`\`${field}\` is not JSON: send an object, such as {"/old-page": "/contact"}`);
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw new ChoiceError(`\`${field}\` must be a JSON object`);
    const pairs = Object.entries(value);
    if (pairs.length > MAX_CHOICES)
      throw new ChoiceError(
        `More than ${MAX_CHOICES.toLocaleString("en-IE")} choices: no export has so many`,
      );
    return pairs;
  };
  return {
    addresses: entries("redirects").map(([from, to]) => {
      if (to !== null && typeof to !== "string")
        throw new ChoiceError(`\`redirects\`: ${quoted(from)} must go to a path (a string) or null`);
      return [from, to];
    }),
    tags: entries("tags").map(([name, to]) => {
      if (typeof to !== "string")
        throw new ChoiceError(`\`tags\`: ${quoted(name)} must become a name (a string)`);
      return [name, to];
    }),
  };
}

/**
 * The preview form's choices: `addressFrom`/`addressTo` and `tagFrom`/`tagTo` side by side, and the
 * text box of other tags, one a line ("Old name → New name", or "=>").
 */
export function sentByForm(form: FormData): SentChoices {
  const texts = (name: string) => form.getAll(name).map(String);
  const pairs = (from: string, to: string) => {
    const froms = texts(from);
    const tos = texts(to);
    if (froms.length !== tos.length)
      throw new ChoiceError("The form came back incomplete: load the preview again");
    return froms.map((value, i) => [value, tos[i]!] as [string, string]);
  };
  const lines = (name: string, example: string) =>
    String(form.get(name) ?? "")
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line): [string, string] => {
        const parts = line.split(/→|=>/);
        if (parts.length !== 2)
          throw new ChoiceError(`${quoted(line.trim())}: write each line as “${example}”`);
        return [parts[0]!.trim(), parts[1]!];
      });
  // "none" (or "404") sends an old address nowhere, as the lists' "No redirect (404)" does.
  const moreAddresses = lines("moreAddresses", "/old-address → /new-path").map(
    ([from, to]): [string, string] => [from, /^\s*(none|404)\s*$/i.test(to) ? "" : to.trim()],
  );
  return {
    addresses: [...pairs("addressFrom", "addressTo"), ...moreAddresses],
    tags: [...pairs("tagFrom", "tagTo"), ...lines("moreTags", "Old name → New name")],
  };
}
