import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { setImmediate as nextTurn } from "node:timers/promises";

import yauzl from "yauzl";

import { ExportRefused } from "../wxr-reader.server";

const MB = 1024 * 1024;

/**
 * What an archive may hold, well below what the process has. An archive arrives as one upload of at most
 * 512 MB; its uploads are images and videos that a zip barely shrinks, so an honest archive unpacks to
 * little more than its own size: 1 GB leaves room for the content, which is JSON and shrinks well. One
 * table is at most 32 MB of JSON (about 1,500 posts of long articles with their revisions) and all of
 * them 48 MB, read row by row (never parsed whole); a row is at most 4 MB (a post's body is at most
 * 500,000 characters). The rows are checked and kept until they are written in one transaction, each
 * costing a few KB besides its text, so an archive holds at most 30,000 rows, and the site's short
 * lists (team, testimonials, clients, packages, milestones) 1,000 each: what fits a 256 MB heap with
 * the site running beside it. Files follow the media library's own limits (uploadRule).
 */
export const ARCHIVE_LIMITS = {
  entries: 100_000,
  unpackedBytes: 1024 * MB,
  manifestBytes: 64 * 1024,
  tableBytes: 32 * MB,
  tablesBytes: 48 * MB,
  rowsPerTable: 30_000,
  rows: 30_000,
  listRows: 1_000,
  rowChars: 4 * MB,
} as const;

export type ArchiveEntry = { name: string; size: number; open: () => Promise<Readable> };

const refusedName = (name: string) =>
  new ExportRefused(`The archive names a file outside its folders (${name.slice(0, 80)}): refused.`);

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) =>
        error ? reject(new ExportRefused(`The archive cannot be read: ${error.message}`)) : resolve(zip!),
    ),
  );

/**
 * Walks an archive's entries, refusing the hostile before anything is written: a name that would land
 * outside its folder (zip slip: "../", an absolute path, a drive letter), a name given twice (whatever
 * its case), more than ARCHIVE_LIMITS.entries, an entry larger than `limitOf` allows it (null: no such
 * entry may be in an archive), or more than ARCHIVE_LIMITS.unpackedBytes once unpacked. The sizes are
 * the ones the archive declares; reading an entry past its declared size fails (yauzl checks).
 */
export async function eachEntry(
  file: string,
  limitOf: (name: string) => number,
  visit: (entry: ArchiveEntry) => Promise<void>,
) {
  const zip = await openZip(file);
  const seen = new Set<string>();
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error: Error) =>
        reject(new ExportRefused(`The archive cannot be read: ${error.message}`)),
      );
      zip.on("end", resolve);
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (seen.size >= ARCHIVE_LIMITS.entries)
          return reject(new ExportRefused("The archive holds too many files."));
        if (/^([a-z]:|\/)/i.test(name) || name.includes("\\") || name.split("/").includes(".."))
          return reject(refusedName(name));
        const key = name.toLowerCase();
        if (seen.has(key))
          return reject(
            new ExportRefused(`The archive holds ${name.slice(0, 80)} twice: it is not one this site wrote.`),
          );
        seen.add(key);
        if (entry.uncompressedSize > limitOf(name))
          return reject(
            new ExportRefused(
              `${name.slice(0, 80)} in the archive is larger than this site takes (${Math.round(entry.uncompressedSize / MB)} MB): refused.`,
            ),
          );
        bytes += entry.uncompressedSize;
        if (bytes > ARCHIVE_LIMITS.unpackedBytes)
          return reject(
            new ExportRefused(
              `The archive unpacks to more than ${ARCHIVE_LIMITS.unpackedBytes / MB / 1024} GB: refused.`,
            ),
          );
        const open = () =>
          new Promise<Readable>((done, fail) =>
            zip.openReadStream(entry, (error, stream) =>
              error ? fail(new ExportRefused(`The archive cannot be read: ${error.message}`)) : done(stream!),
            ),
          );
        visit({ name, size: entry.uncompressedSize, open }).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** A small entry's whole text (the manifest), refused past `limit` bytes. */
export async function readText(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new ExportRefused("A file in the archive is larger than its kind can be.");
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ExportRefused) throw error;
    throw new ExportRefused(`The archive cannot be read: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0xfeff]);

/**
 * The rows of a table as this site writes them: a JSON array of flat objects (every value a string,
 * number, boolean or null). Read as the bytes arrive, one row parsed at a time and the event loop let
 * go between chunks, so a table never sits in memory whole and nothing holds the site. Refused: anything
 * nested inside a row, a row longer than ARCHIVE_LIMITS.rowChars, more than `maxRows`, more than
 * `maxBytes`, or text that is not such an array. Names are the table's own business: a row is a plain
 * object from JSON.parse, whose "__proto__" is an ordinary key.
 */
export async function* readRows(
  stream: Readable,
  table: string,
  {
    maxBytes = ARCHIVE_LIMITS.tableBytes,
    maxRows = ARCHIVE_LIMITS.rowsPerTable,
  }: { maxBytes?: number; maxRows?: number } = {},
): AsyncGenerator<Record<string, unknown>> {
  const refuse = (why: string) => new ExportRefused(`The archive's ${table.slice(0, 60)} table ${why}.`);
  const decoder = new StringDecoder("utf8");
  // 0: before the array, 1: between rows, 2: inside a row, 3: after the array.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let row = "";
  let rows = 0;
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxBytes) throw refuse("is larger than this site takes");
      const text = decoder.write(chunk as Buffer);
      let start = depth === 2 ? 0 : -1;
      const parsed: Record<string, unknown>[] = [];
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (depth === 2) {
          if (inString) {
            if (escaped) escaped = false;
            else if (code === 0x5c) escaped = true;
            else if (code === 0x22) inString = false;
          } else if (code === 0x22) inString = true;
          else if (code === 0x7b || code === 0x5b) throw refuse("holds a value nested inside a row");
          else if (code === 0x7d) {
            row += text.slice(start, i + 1);
            if (row.length > ARCHIVE_LIMITS.rowChars) throw refuse("holds a row larger than this site takes");
            if (++rows > maxRows) throw refuse("holds more rows than this site takes");
            parsed.push(parseRow(row, refuse));
            row = "";
            depth = 1;
          }
        } else if (WHITESPACE.has(code)) continue;
        else if (depth === 0 && code === 0x5b) depth = 1;
        else if (depth === 1 && code === 0x7b) {
          depth = 2;
          start = i;
        } else if (depth === 1 && code === 0x2c && rows > 0) continue;
        else if (depth === 1 && code === 0x5d) depth = 3;
        else throw refuse("is not a list of rows");
      }
      if (depth === 2) {
        row += text.slice(start);
        if (row.length > ARCHIVE_LIMITS.rowChars) throw refuse("holds a row larger than this site takes");
      }
      yield* parsed;
      await nextTurn();
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ExportRefused) throw error;
    throw new ExportRefused(`The archive cannot be read: ${(error as Error).message}`);
  }
  if (depth !== 3) throw refuse("is cut short");
}

function parseRow(text: string, refuse: (why: string) => ExportRefused): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw refuse("holds a row that is not JSON");
  }
}

/**
 * How deeply `text` (JSON kept in a column, e.g. a revision's snapshot) nests, counted without parsing
 * it, so a value of a million brackets is refused before it costs anything.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (code === 0x7d || code === 0x5d) depth--;
  }
  return deepest;
}
