import { DIRECTION_CONTROLS } from "~/platform/text/schemas";

/**
 * One key for the spellings of a tag that differ only in case, spacing or direction controls
 * ("Markup", " markup"), which the import takes out as the admin's forms refuse them.
 */
export const tagKey = (tag: string) =>
  tag.normalize("NFC").replace(DIRECTION_CONTROLS, "").trim().replace(/\s+/g, " ").toLowerCase();

/** Merged tags the report names one by one; the rest are counted in one line. */
const MERGES_LISTED = 20;

/**
 * Counts the spellings of the tags an import brings, to merge those that differ only in case
 * ("Markup" and "markup" become one tag). A Map, never an object: a tag named "__proto__" or
 * "constructor" is a tag like any other.
 */
export class TagSpellings {
  private readonly uses = new Map<string, Map<string, number>>();
  private readonly here = new Map<string, string>();
  private readonly renamed = new Map<string, string>();
  private readonly chosen = new Map<string, string>();

  /**
   * `here`: the tags this site has already, whose spelling an imported tag takes. `renames`: what the
   * owner chose a tag to become (another name, or another tag it merges into).
   */
  constructor(here: readonly string[] = [], renames: readonly { name: string; to: string }[] = []) {
    for (const tag of here) if (!this.here.has(tagKey(tag))) this.here.set(tagKey(tag), tag);
    for (const { name, to } of renames) {
      if (tagKey(to) === tagKey(name)) continue;
      // Two tags renamed to one name typed in two cases ("Team life", "team LIFE") are one tag too.
      if (!this.chosen.has(tagKey(to))) this.chosen.set(tagKey(to), to);
      this.renamed.set(tagKey(name), to);
    }
  }

  add(spelled: string) {
    const tag = spelled.replace(DIRECTION_CONTROLS, "");
    const key = tagKey(tag);
    if (!key) return;
    const spellings = this.uses.get(key) ?? new Map<string, number>();
    spellings.set(tag, (spellings.get(tag) ?? 0) + 1);
    this.uses.set(key, spellings);
  }

  /**
   * The one spelling of `tag` here: the site's own when it has the tag already, else the spelling the
   * export uses most (the first seen on a tie).
   */
  spelling(tag: string): string {
    const to = this.renamed.get(tagKey(tag));
    if (to === undefined) return this.ownSpelling(tag);
    return this.here.get(tagKey(to)) ?? this.chosen.get(tagKey(to)) ?? to;
  }

  private ownSpelling(tag: string): string {
    const key = tagKey(tag);
    const own = this.here.get(key);
    if (own) return own;
    let best = tag;
    let most = 0;
    for (const [spelling, n] of this.uses.get(key) ?? []) if (n > most) [best, most] = [spelling, n];
    return best;
  }

  /** Each tag once (in its spelling) with how many posts carry it, the most used first. */
  list(): { name: string; uses: number }[] {
    return [...this.uses.values()]
      .map((spellings) => ({
        name: this.ownSpelling(spellings.keys().next().value!),
        uses: [...spellings.values()].reduce((sum, n) => sum + n, 0),
      }))
      .sort((a, b) => b.uses - a.uses || a.name.localeCompare(b.name));
  }

  /** Whether a post of the export carries this tag (in any spelling). */
  has(tag: string): boolean {
    return this.uses.has(tagKey(tag));
  }

  /** How many tags come across once merged. */
  get size(): number {
    return this.uses.size;
  }

  /** A line for each tag written more than one way (what it becomes), the first `listed` of them. */
  merged(listed = MERGES_LISTED): string[] {
    const twice = [...this.uses.values()].filter((spellings) => spellings.size > 1);
    const lines = twice.slice(0, listed).map((spellings) => {
      const names = [...spellings.keys()].slice(0, 5);
      const one = this.ownSpelling(names[0]!);
      return `tags ${names.map((name) => `“${name}”`).join(", ")} differ only in case: merged as “${one}”`;
    });
    if (twice.length > listed)
      lines.push(`${twice.length - listed} more tags written in more than one case: merged too`);
    return lines;
  }
}
