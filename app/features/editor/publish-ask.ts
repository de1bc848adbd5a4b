/**
 * "Save & Publish" with the checks' problems open: the first press keeps what was typed and asks only
 * about going live; the second (which sends PUBLISH_AS_IT_IS) publishes. What the first press did:
 * saved as a draft, saved with its schedule kept, or (a live item, whose save would put the words on the
 * site at once) kept as the admin's unsaved work.
 */
export type PublishAsk = "draft" | "scheduled" | "kept";

/** The hidden field the asked form carries: its Publish publishes as it is. */
export const PUBLISH_AS_IT_IS = "publishAsItIs";

/** The address's `ask` after the first press: what it did, or null for no ask. */
export function publishAskOf(url: URL): PublishAsk | null {
  const ask = url.searchParams.get("ask");
  return ask === "draft" || ask === "scheduled" || ask === "kept" ? ask : null;
}

/** Whether the form's Publish is the second press (the ask answered). */
export const publishesAsItIs = (form: FormData) => form.get(PUBLISH_AS_IT_IS) === "yes";

/**
 * A form's text fields as the admin's unsaved work keeps them (files and the controls left out). A name
 * given more than once (a group of checkboxes) is kept as name[0], name[1]…, which the form library reads
 * back as a list.
 */
export function unsavedValuesOf(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const lists = new Map<string, string[]>();
  for (const [name, value] of entries) {
    if (typeof value !== "string" || CONTROLS.has(name)) continue;
    lists.set(name, [...(lists.get(name) ?? []), value]);
  }
  const values: Record<string, string> = {};
  for (const [name, list] of lists) {
    if (list.length === 1) values[name] = list[0]!;
    else list.forEach((value, index) => (values[`${name}[${index}]`] = value));
  }
  return values;
}

const CONTROLS = new Set(["intent", "id", PUBLISH_AS_IT_IS]);
