import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

import yauzl from "yauzl";
import yazl from "yazl";

import { redirectsChanged } from "~/features/redirects/index.server";
import { CONTENT_KINDS, contentChanged, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";

import { ExportRefused } from "./wxr-reader.server";

/**
 * The site's own content, table by table, in the order they are written back (a row's references
 * first). Staff accounts come without their secrets (no password, passkey or session): the people who
 * wrote the posts and stand in the team exist again, and sign in only once the owner invites them.
 */
const CONTENT = [
  "team_members",
  "users",
  "testimonials",
  "client_logos",
  "milestones",
  "packages",
  "site_settings",
  "seeded_content",
  "media",
  "posts",
  "post_tags",
  "slug_redirects",
  "case_studies",
  "case_study_slug_redirects",
  "revisions",
  "redirects",
] as const;
/** Personal data: in the archive only when the owner ticks it. */
const PERSONAL = [
  "newsletter_subscribers",
  "newsletter_suppressions",
  "enquiries",
  "enquiry_events",
] as const;
const USER_COLUMNS = ["id", "username", "role", "name", "team_member_id", "created_at"];

export const ARCHIVE_FORMAT = "northwall-site-archive";
const ARCHIVE_VERSION = 1;
/** An archive that unpacks to more than this is refused as a zip bomb, whatever its entries claim. */
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024 * 1024;
const MAX_ENTRIES = 200_000;

type Manifest = {
  format: string;
  version: number;
  exportedAt: string;
  schema: string;
  site: string;
  personal: boolean;
  collections: Record<string, number>;
};

const latestMigration = () =>
  (
    JSON.parse(readFileSync(path.resolve("db/migrations/meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    }
  ).entries.at(-1)!.tag;

const uploadsRoot = () => path.resolve(getEnv().UPLOADS_DIR);

/** Every file under the uploads folder but the upload pipeline's scratch space. */
function uploadedFiles(dir = uploadsRoot(), prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return uploadedFiles(path.join(dir, entry.name), relative);
    return entry.isFile() ? [relative] : [];
  });
}

function rowsOf(table: string): Record<string, unknown>[] {
  const rows = getDb().$client.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
  if (table !== "users") return rows;
  return rows.map((row) => Object.fromEntries(USER_COLUMNS.map((column) => [column, row[column]])));
}

/**
 * Writes the whole site as one zip to `out`: a manifest (format, versions, what it holds), the
 * content as JSON per table, and the uploads as they are. Personal data only with `personal`.
 */
export async function writeSiteArchive(out: Writable, { personal = false } = {}): Promise<Manifest> {
  const zip = new yazl.ZipFile();
  const tables = [...CONTENT, ...(personal ? PERSONAL : [])];
  const collections: Record<string, number> = {};
  for (const table of tables) {
    const rows = rowsOf(table);
    collections[table] = rows.length;
    zip.addBuffer(Buffer.from(JSON.stringify(rows)), `content/${table}.json`);
  }
  for (const file of uploadedFiles()) zip.addFile(path.join(uploadsRoot(), file), `uploads/${file}`);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: new Date().toISOString(),
    schema: latestMigration(),
    site: getEnv().SITE_URL,
    personal,
    collections,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), "manifest.json");
  zip.end();
  await pipeline(zip.outputStream as Readable, out);
  return manifest;
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) =>
        error ? reject(new ExportRefused(`The archive cannot be read: ${error.message}`)) : resolve(zip!),
    ),
  );

const readEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream!))),
  );

/**
 * Walks an archive's entries, refusing the hostile before anything is written: a name that would land
 * outside its folder (zip slip: "../", an absolute path, a drive letter), more than MAX_ENTRIES, or
 * more than MAX_UNPACKED_BYTES once unpacked.
 */
async function eachEntry(
  file: string,
  visit: (entry: yauzl.Entry, open: () => Promise<Readable>) => Promise<void>,
) {
  const zip = await openZip(file);
  try {
    let entries = 0;
    let bytes = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error: Error) =>
        reject(new ExportRefused(`The archive cannot be read: ${error.message}`)),
      );
      zip.on("end", resolve);
      zip.on("entry", (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (++entries > MAX_ENTRIES) return reject(new ExportRefused("The archive holds too many files."));
        bytes += entry.uncompressedSize;
        if (bytes > MAX_UNPACKED_BYTES)
          return reject(new ExportRefused("The archive unpacks to more than 20 GB: refused."));
        if (/^([a-z]:|\/)/i.test(name) || name.includes("\\") || name.split("/").includes(".."))
          return reject(
            new ExportRefused(
              `The archive names a file outside its folders (${name.slice(0, 80)}): refused.`,
            ),
          );
        visit(entry, () => readEntry(zip, entry)).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function readText(stream: Readable, limit = 512 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ExportRefused("A table in the archive is larger than this site can take.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The archive's manifest, checked: this site's format, and a schema this version knows. */
export async function readManifest(file: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  await eachEntry(file, async (entry, open) => {
    if (entry.fileName === "manifest.json")
      manifest = JSON.parse(await readText(await open(), 1024 * 1024)) as Manifest;
  });
  if (!manifest || manifest.format !== ARCHIVE_FORMAT)
    throw new ExportRefused("This zip is not an export of a site like this one (it has no manifest).");
  if (manifest.version > ARCHIVE_VERSION || manifest.schema > latestMigration())
    throw new ExportRefused("The archive comes from a newer version of the site: update this one first.");
  return manifest;
}

/**
 * Puts an archive's site in place of this one's content: its uploads first (beside what is here),
 * then, in one transaction, every content table emptied and filled from the archive. Staff accounts
 * are added, not replaced (one with the same username is taken to be the same person); sign-ins,
 * analytics and the audit log stay as they are.
 */
export async function restoreSiteArchive(file: string): Promise<Record<string, number>> {
  const manifest = await readManifest(file);
  const tables = new Map<string, Record<string, unknown>[]>();
  const root = uploadsRoot();
  const staging = path.join(root, ".tmp", `archive-${crypto.randomUUID()}`);
  try {
    await eachEntry(file, async (entry, open) => {
      const name = entry.fileName;
      if (name.endsWith("/")) return;
      if (name.startsWith("content/") && name.endsWith(".json")) {
        const table = name.slice("content/".length, -".json".length);
        if ((CONTENT as readonly string[]).includes(table) || (PERSONAL as readonly string[]).includes(table))
          tables.set(table, JSON.parse(await readText(await open())) as Record<string, unknown>[]);
      } else if (name.startsWith("uploads/")) {
        const target = path.resolve(staging, name.slice("uploads/".length));
        if (!target.startsWith(`${staging}${path.sep}`))
          throw new ExportRefused(
            `The archive names a file outside its folders (${name.slice(0, 80)}): refused.`,
          );
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(await open(), createWriteStream(target));
      }
    });
    for (const relative of uploadedFiles(staging)) {
      const to = path.join(root, relative);
      await mkdir(path.dirname(to), { recursive: true });
      await rename(path.join(staging, relative), to);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const counts = writeTables(tables, manifest.personal);
  for (const kind of CONTENT_KINDS) contentChanged(kind);
  redirectsChanged();
  return counts;
}

function writeTables(
  tables: Map<string, Record<string, unknown>[]>,
  personal: boolean,
): Record<string, number> {
  const client = getDb().$client;
  const columnsOf = (table: string) =>
    new Set((client.prepare(`pragma table_info("${table}")`).all() as { name: string }[]).map((c) => c.name));
  const counts: Record<string, number> = {};
  client.transaction(() => {
    const order = [...CONTENT, ...(personal ? PERSONAL : [])];
    for (const table of [...order].reverse())
      if (table !== "users" && tables.has(table)) client.prepare(`delete from "${table}"`).run();
    // The archive's staff by their id here: the same username is the same person.
    const sameUser = new Map<string, string>();
    for (const table of order) {
      const rows = tables.get(table);
      if (!rows) continue;
      const columns = columnsOf(table);
      let written = 0;
      for (const row of rows) {
        if (table === "users") {
          const here = client
            .prepare(`select id from users where username = ? collate nocase`)
            .get(row.username) as { id: string } | undefined;
          if (here) {
            sameUser.set(String(row.id), here.id);
            continue;
          }
          row.password = "";
        }
        for (const key of ["author_id"])
          if (row[key] && sameUser.has(String(row[key]))) row[key] = sameUser.get(String(row[key]));
        const names = Object.keys(row).filter((name) => columns.has(name));
        client
          .prepare(
            `insert or ignore into "${table}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`,
          )
          .run(...names.map((name) => row[name] as string | number | null));
        written++;
      }
      counts[table] = written;
    }
  })();
  return counts;
}
