import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { getTableName, type Table } from "drizzle-orm";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import yazl from "yazl";
import { z } from "zod";

import { forgetRunning } from "~/features/experiments/index.server";
import { seedPageCopy } from "~/features/pages/index.server";
import { redirectsChanged, replaceRedirects } from "~/features/redirects/index.server";
import { CONTENT_KINDS, contentChanged, getDb, migrationsFolder } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { log } from "~/platform/log.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { SiteSettingsSchema } from "~/platform/site/site-settings";

import {
  type CheckedRow,
  checkRow,
  CONTENT,
  CONTENT_NAMES,
  EARLIER_TABLES,
  PERSONAL,
  PERSONAL_NAMES,
  USER_COLUMNS,
} from "./archive/archive-rows.server";
import { uploadIsWhatItSays, uploadRule } from "./archive/archive-uploads.server";
import {
  ARCHIVE_LIMITS,
  type ArchiveEntry,
  eachEntry,
  readRows,
  readText,
} from "./archive/archive-zip.server";
import { ExportRefused } from "./wxr-reader.server";

export const ARCHIVE_FORMAT = "northwall-site-archive";
const ARCHIVE_VERSION = 1;

const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().min(1),
  exportedAt: z.string().max(40).optional(),
  schema: z.string().max(200),
  site: z.string().trim().max(300),
  personal: z.boolean(),
  collections: z.unknown().optional(),
});
type Manifest = Omit<z.infer<typeof ManifestSchema>, "collections"> & { collections: Record<string, number> };

const latestMigration = () =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    }
  ).entries.at(-1)!.tag;

const uploadsRoot = () => path.resolve(getEnv().UPLOADS_DIR);

/** Every file under `dir` but dot-files and dot-folders (the upload pipeline's scratch space). */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), relative);
    return entry.isFile() ? [relative] : [];
  });
}

function rowsOf(table: string): Record<string, unknown>[] {
  const rows = getDb().$client.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
  if (table !== "users") return rows;
  return rows.map((row) => Object.fromEntries(USER_COLUMNS.map((column) => [column, row[column]])));
}

/**
 * An upload's bytes for the archive, opened only when the zip reaches it: an open file keeps its
 * bytes even when the file is replaced or removed meanwhile (a social card redrawn by a post's save),
 * and a file already gone by then is left out as an empty entry (which an import leaves out too).
 */
function uploadStream(file: string) {
  return (done: (error: Error | null, stream: Readable) => void) => {
    open(file, "r").then(
      (handle) => {
        const stream = handle.createReadStream();
        stream.on("error", (error) => log.warn({ err: error, file }, "An upload could not be read"));
        done(null, stream);
      },
      (error: NodeJS.ErrnoException) => {
        log.warn({ err: error, file }, "An upload went while the site was being exported: left out");
        done(null, Readable.from([]));
      },
    );
  };
}

/**
 * Writes the whole site as one zip to `out`: a manifest (format, versions, what it holds), the
 * content as JSON per table, and the uploads as they are. Personal data only with `personal`. A
 * failure of the zip (a file that cannot be read) ends `out` with that error, never the process.
 */
export async function writeSiteArchive(out: Writable, { personal = false } = {}): Promise<Manifest> {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => {
    log.error({ err: error }, "Writing the site archive failed");
    output.destroy(error);
  });
  const tables = [...CONTENT_NAMES, ...(personal ? PERSONAL_NAMES : [])];
  const collections: Record<string, number> = {};
  for (const table of tables) {
    const rows = rowsOf(table);
    collections[table] = rows.length;
    zip.addBuffer(Buffer.from(JSON.stringify(rows)), `content/${table}.json`);
  }
  const root = uploadsRoot();
  // Images and videos are compressed already: stored as they are.
  for (const file of filesUnder(root))
    zip.addReadStreamLazy(`uploads/${file}`, { compress: false }, uploadStream(path.join(root, file)));
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
  await pipeline(output, out);
  return manifest;
}

const isRow = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw);

const tableOf = (name: string) =>
  name.startsWith("content/") && name.endsWith(".json") ? name.slice(8, -5) : null;

/**
 * Walks an archive with this site's limits (ARCHIVE_LIMITS; each upload by the media library's own,
 * uploadRule): the sizes its entries declare are checked before anything is read, so the preview
 * refuses an archive that would not fit.
 */
async function walkArchive(file: string, visit: (entry: ArchiveEntry) => Promise<void>) {
  let tablesBytes = 0;
  const limitOf = (name: string) => {
    if (name === "manifest.json") return ARCHIVE_LIMITS.manifestBytes;
    if (tableOf(name) !== null) return ARCHIVE_LIMITS.tableBytes;
    if (name.startsWith("uploads/")) return uploadRule(name.slice(8))?.maxBytes ?? Infinity;
    return Infinity;
  };
  await eachEntry(file, limitOf, async (entry) => {
    if (tableOf(entry.name) !== null && (tablesBytes += entry.size) > ARCHIVE_LIMITS.tablesBytes)
      throw new ExportRefused(
        `The archive's content is larger than this site takes (${ARCHIVE_LIMITS.tablesBytes / 1024 / 1024} MB).`,
      );
    await visit(entry);
  });
}

/** The manifest's counts for the tables this site knows; anything else it names is no table of ours. */
function knownCollections(raw: unknown): Record<string, number> {
  if (!raw || typeof raw !== "object") return {};
  const counts = raw as Record<string, unknown>;
  return Object.fromEntries(
    [...CONTENT_NAMES, ...PERSONAL_NAMES]
      .filter((table) => Object.hasOwn(counts, table))
      .map((table) => [table, counts[table]])
      .filter(([, count]) => Number.isSafeInteger(count) && (count as number) >= 0),
  ) as Record<string, number>;
}

/**
 * The archive's manifest, checked: this site's format, a schema this version knows, and every entry
 * within this site's limits. A manifest that is not JSON or not this site's is refused in words.
 */
export async function readManifest(file: string): Promise<Manifest> {
  let text: string | undefined;
  await walkArchive(file, async (entry) => {
    if (entry.name === "manifest.json")
      text = await readText(await entry.open(), ARCHIVE_LIMITS.manifestBytes);
  });
  const notOurs = "This zip is not an export of a site like this one (it has no manifest).";
  if (text === undefined) throw new ExportRefused(notOurs);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ExportRefused("The archive's manifest.json is not JSON: it is not an export of this site.");
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new ExportRefused(notOurs);
  const manifest = { ...parsed.data, collections: knownCollections(parsed.data.collections) };
  if (manifest.version > ARCHIVE_VERSION || manifest.schema > latestMigration())
    throw new ExportRefused("The archive comes from a newer version of the site: update this one first.");
  return manifest;
}

/** At most this many reasons are listed; the rest are counted. */
const PROBLEMS_LISTED = 20;
/** The site's short lists, each shown whole on a page: an archive with thousands of them is not a site's. */
const SHORT_LISTS = new Set(["team_members", "testimonials", "client_logos", "packages", "milestones"]);

/**
 * Puts an archive's site in place of this one's content: its uploads first (beside what is here),
 * then, in one transaction, every content table emptied and filled from the archive. Every row and
 * file is checked as the admin checks what it writes (archive-rows, archive-uploads, the redirects'
 * and settings' own schemas); what fails is left out and said in `problems`. Staff accounts are added,
 * not replaced (one with the same username is taken to be the same person), always as editors who
 * sign in once invited; this site's alert address stays; sign-ins, analytics and the audit log stay
 * as they are.
 */
export async function restoreSiteArchive(
  file: string,
  problems = new Set<string>(),
): Promise<Record<string, number>> {
  const manifest = await readManifest(file);
  const wanted = new Map<string, Table>(
    [...CONTENT, ...(manifest.personal ? PERSONAL : [])].map((table) => [getTableName(table), table]),
  );
  const tables = new Map<string, CheckedRow[]>();
  let rowsRead = 0;
  const leftOut: string[] = [];
  const counts: Record<string, number> = {};
  const root = uploadsRoot();
  const staging = path.join(root, ".tmp", `archive-${crypto.randomUUID()}`);
  await mkdir(staging, { recursive: true });
  try {
    const files: string[] = [];
    await walkArchive(file, async (entry) => {
      const archived = tableOf(entry.name);
      if (archived !== null) {
        const earlier = Object.hasOwn(EARLIER_TABLES, archived) ? EARLIER_TABLES[archived] : undefined;
        const table = earlier?.table ?? archived;
        const known = wanted.get(table);
        if (!known) return;
        const rows: CheckedRow[] = tables.get(table) ?? [];
        let row = 0;
        const maxRows = SHORT_LISTS.has(table) ? ARCHIVE_LIMITS.listRows : ARCHIVE_LIMITS.rowsPerTable;
        for await (const raw of readRows(await entry.open(), table, { maxRows })) {
          row++;
          if (++rowsRead > ARCHIVE_LIMITS.rows)
            throw new ExportRefused(
              `The archive holds more than ${ARCHIVE_LIMITS.rows.toLocaleString("en-IE")} rows: more than this site takes.`,
            );
          const checked = checkRow(known, earlier && isRow(raw) ? { ...raw, ...earlier.with } : raw);
          if ("row" in checked) rows.push(checked.row);
          else leftOut.push(`${table.replaceAll("_", " ")} row ${row} left out: ${checked.refused}`);
        }
        tables.set(table, rows);
      } else if (entry.name.startsWith("uploads/") && !entry.name.endsWith("/")) {
        const relative = entry.name.slice("uploads/".length);
        if (!uploadRule(relative)) {
          leftOut.push(`file ${relative.slice(0, 80)} left out: not a kind of file the media library keeps`);
          return;
        }
        const target = path.join(staging, relative);
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(await entry.open(), createWriteStream(target));
        if (await uploadIsWhatItSays(target, relative)) files.push(relative);
        else {
          await rm(target, { force: true });
          leftOut.push(`file ${relative.slice(0, 80)} left out: its contents are not what its name says`);
        }
      }
    });
    for (const relative of files) {
      const to = path.join(root, relative);
      await mkdir(path.dirname(to), { recursive: true });
      await rename(path.join(staging, relative), to);
    }
    counts.files = files.length;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  Object.assign(counts, writeTables(tables, leftOut));
  for (const kind of CONTENT_KINDS) contentChanged(kind);
  redirectsChanged();
  forgetRunning();
  if (leftOut.length) counts.leftOut = leftOut.length;
  for (const problem of leftOut.slice(0, PROBLEMS_LISTED)) problems.add(problem);
  if (leftOut.length > PROBLEMS_LISTED)
    problems.add(`${leftOut.length - PROBLEMS_LISTED} more rows or files left out for the same reasons`);
  return counts;
}

const insertRow = (table: string, row: CheckedRow) => {
  const names = [...row.keys()];
  getDb()
    .$client.prepare(
      `insert or ignore into "${table}" (${names.map((n) => `"${n}"`).join(", ")}) values (${names.map(() => "?").join(", ")})`,
    )
    .run(...row.values());
};

/**
 * The archive's settings, checked by the settings form's own schema, in place of this site's; the
 * address enquiries and alerts are mailed to stays this site's (an archive never reroutes the mail).
 */
function restoreSettings(rows: CheckedRow[], leftOut: string[]): number {
  const values = rows.find((row) => row.get("id") === 1)?.get("values");
  if (typeof values !== "string") return 0;
  const archived = JSON.parse(values) as unknown;
  const current = getSiteSettings();
  const fields = Object.keys(SiteSettingsSchema.shape);
  const given =
    archived && typeof archived === "object" && !Array.isArray(archived)
      ? Object.fromEntries(
          fields
            .filter((field) => Object.hasOwn(archived, field))
            .map((field) => [field, (archived as Record<string, unknown>)[field]]),
        )
      : {};
  const parsed = SiteSettingsSchema.safeParse({ ...current, ...given, email: current.email });
  if (!parsed.success) {
    leftOut.push(
      `settings left out (this site's kept): ${parsed.error.issues[0]?.message ?? "not settings this site takes"}`,
    );
    return 0;
  }
  getDb()
    .$client.prepare(
      `insert into site_settings (id, "values", updated_at) values (1, ?, ?) on conflict(id) do update set "values" = excluded."values", updated_at = excluded.updated_at`,
    )
    .run(JSON.stringify(parsed.data), Date.now());
  return 1;
}

/** The tables whose rows are in one of the site's languages other than its default. */
const TRANSLATIONS = new Set([
  "page_translations",
  "post_translations",
  "post_translation_old_slugs",
  "site_settings_translations",
  "site_item_translations",
  "case_study_translations",
  "case_study_translation_old_slugs",
]);

/**
 * The languages other than the default that the site will be in once the archive is in place: its
 * own (when it carries them, checked) or this site's. A translation into any other would be unreachable.
 */
function translatableLanguages(tables: Map<string, CheckedRow[]>): string[] {
  const archived = tables.get("language_settings")?.find((row) => row.get("id") === 1);
  if (!archived) {
    const site = siteLanguages();
    return site.languages.filter((code) => code !== site.default);
  }
  const codes = JSON.parse(String(archived.get("languages"))) as string[];
  return codes.filter((code) => code !== archived.get("default_language"));
}

/**
 * Whether a row's required references (a translation's post, a day's experiment) are in place once
 * the tables before it are written: the name of the first missing one's table, or null. A row whose
 * parent was left out is left out with it, rather than the whole import refused.
 */
function missingParent(table: string): (row: CheckedRow) => string | null {
  if (table === "site_item_translations") return missingItem();
  const known = [...CONTENT, ...PERSONAL].find((each) => getTableName(each) === table);
  if (!known) return () => null;
  const client = getDb().$client;
  const required = getTableConfig(known as SQLiteTable)
    .foreignKeys.map((key) => key.reference())
    .filter((reference) => reference.columns.every((column) => column.notNull))
    .map((reference) => {
      const parent = getTableName(reference.foreignTable);
      const where = reference.foreignColumns.map((column) => `"${column.name}" = ?`).join(" and ");
      const exists = client.prepare(`select 1 from "${parent}" where ${where}`);
      return { parent, columns: reference.columns.map((column) => column.name), exists };
    });
  return (row) =>
    required.find(({ columns, exists }) => !exists.get(...columns.map((column) => row.get(column))))
      ?.parent ?? null;
}

/** The list a translated item belongs to, by the translation's kind (no foreign key can name it). */
const ITEM_TABLES: Record<string, string> = {
  team: "team_members",
  testimonials: "testimonials",
  packages: "packages",
};

/** A translation's item, by its kind: the list's name when the item is not there. */
function missingItem(): (row: CheckedRow) => string | null {
  const client = getDb().$client;
  const exists = Object.fromEntries(
    Object.entries(ITEM_TABLES).map(([kind, table]) => [
      kind,
      client.prepare(`select 1 from "${table}" where id = ?`),
    ]),
  );
  return (row) => {
    const kind = String(row.get("kind"));
    return exists[kind]?.get(row.get("item_id")) ? null : (ITEM_TABLES[kind] ?? kind);
  };
}

function writeTables(tables: Map<string, CheckedRow[]>, leftOut: string[]): Record<string, number> {
  const client = getDb().$client;
  const counts: Record<string, number> = {};
  const translatable = translatableLanguages(tables);
  const replaced = (name: string) =>
    !["users", "site_settings", "language_settings", "redirects"].includes(name);
  const write = client.transaction(() => {
    const order = [...CONTENT_NAMES, ...PERSONAL_NAMES].filter((name) => tables.has(name));
    for (const table of [...order].reverse())
      if (replaced(table)) client.prepare(`delete from "${table}"`).run();
    // The archive's staff by their id here: the same username is the same person.
    const sameUser = new Map<string, string>();
    for (const table of order) {
      const rows = tables.get(table)!;
      if (table === "site_settings") {
        counts[table] = restoreSettings(rows, leftOut);
        continue;
      }
      if (table === "language_settings") {
        // The archive's languages when it carries a set the site can be in; otherwise this site's stay.
        const chosen = rows.find((row) => row.get("id") === 1);
        if (chosen) {
          client.prepare(`delete from language_settings`).run();
          insertRow(table, chosen);
        }
        counts[table] = chosen ? 1 : 0;
        continue;
      }
      if (table === "redirects") {
        // Checked last, once the archive's own pages and posts are in place: no rule may hide them.
        const { added, refused } = replaceRedirects(
          rows.map((row) => ({
            from: row.get("from_path"),
            to: row.get("to_path"),
            status: row.get("status"),
            prefix: row.get("prefix"),
            id: row.get("id"),
            createdAt: row.get("created_at"),
          })),
        );
        leftOut.push(...refused.map((why) => `${why}: left out`));
        counts[table] = added;
        continue;
      }
      let written = 0;
      const parentOf = missingParent(table);
      for (const row of rows) {
        if (TRANSLATIONS.has(table) && !translatable.includes(String(row.get("lang")))) {
          leftOut.push(
            `${table.replaceAll("_", " ")} in ${String(row.get("lang"))} left out: the site is not in that language`,
          );
          continue;
        }
        if (table === "users") {
          const archivedId = String(row.get("id"));
          const here = client
            .prepare(`select id from users where username = ? collate nocase`)
            .get(row.get("username")) as { id: string } | undefined;
          if (here) {
            sameUser.set(archivedId, here.id);
            continue;
          }
          // An id this site already gives someone else is never taken over: the person gets a new one.
          if (client.prepare(`select 1 from users where id = ?`).get(archivedId))
            row.set("id", crypto.randomUUID());
          sameUser.set(archivedId, String(row.get("id")));
        }
        const teamMember = row.get("team_member_id");
        if (
          table === "users" &&
          teamMember &&
          !client.prepare(`select 1 from team_members where id = ?`).get(teamMember)
        )
          row.set("team_member_id", null);
        for (const person of ["author_id", "published_by", "draft_saved_by", "saved_by"]) {
          const id = row.get(person);
          if (typeof id === "string") row.set(person, sameUser.get(id) ?? null);
        }
        const missing = parentOf(row);
        if (missing) {
          leftOut.push(
            `${table.replaceAll("_", " ")} row left out: what it belongs to (in ${missing.replaceAll("_", " ")}) is not in the archive`,
          );
          continue;
        }
        insertRow(table, row);
        written++;
      }
      counts[table] = written;
    }
    // An archive with some pages' words only: the others start from the site's starting words.
    if (tables.has("page_copy")) seedPageCopy(getDb());
  });
  try {
    write();
  } catch (error) {
    // A reference to a row the archive does not hold, or a rule of the tables broken: nothing is written.
    throw new ExportRefused(
      `The archive's content does not fit together (${(error as Error).message.slice(0, 200)}): nothing was changed.`,
    );
  }
  return counts;
}

/** An archive's import in the audit log's words: what it changed, kind by kind. */
export function archiveSummary(site: string, counts: Record<string, number>): string {
  const changed = Object.entries(counts)
    .filter(([kind, n]) => n > 0 && kind !== "leftOut")
    .map(([kind, n]) => `${n} ${kind === "users" ? "staff (as editors)" : kind.replaceAll("_", " ")}`);
  const leftOut = counts.leftOut ? `; ${counts.leftOut} left out` : "";
  return `Site archive from ${site}: ${changed.join(", ") || "nothing"}${leftOut}`;
}
