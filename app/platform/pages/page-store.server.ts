/** What the store weighs an entry by: the bytes it holds (a page and its compressed copies). */
export type Weighed = { bytes: number };

/**
 * Entries by key within a count and a byte budget; the least recently used go first. Counting alone
 * let 500 pages of ~100 KB and their compressed copies (a blog of thousands of posts, a crawler's every
 * search) hold tens of MB more than a small container has to spare.
 */
export class PageStore<Entry extends Weighed> {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(private readonly limits: { entries: number; bytes: number }) {}

  /** The entry kept under `key`, now the most recently used. */
  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
  }

  /** `entry` holds `bytes` more (a compressed copy made); counted while it is the one kept under `key`. */
  grow(key: string, entry: Entry, bytes: number) {
    entry.bytes += bytes;
    if (this.#entries.get(key) !== entry) return;
    this.#bytes += bytes;
    this.#evict();
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }

  #evict() {
    while (this.#entries.size > this.limits.entries || this.#bytes > this.limits.bytes) {
      this.delete(this.#entries.keys().next().value!);
    }
  }
}
