import { type Column, getTableColumns, getTableName, type Table } from "drizzle-orm";
import { z } from "zod";

import {
  caseStudies,
  clientLogos,
  enquiries,
  enquiryEvents,
  media,
  milestones,
  newsletterSubscribers,
  newsletterSuppressions,
  oldAddresses,
  packages,
  pageCopy,
  pageRevisions,
  posts,
  postTags,
  redirects,
  revisions,
  seededContent,
  siteSettings,
  teamMembers,
  testimonials,
  users,
} from "#db/schema";
import { ALT_MAX, CAPTION_MAX, imageMime, mediaName, VIDEO_MIME } from "~/features/media/index.server";
import { checkArchivedCopy } from "~/features/pages/index.server";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { isSiteFile, oneLine } from "~/platform/text/schemas";

import { jsonDepth } from "./archive-zip.server";

/**
 * The site's own content, table by table, in the order they are written back (a row's references
 * first). Staff accounts come without their secrets (no password, passkey or session): the people who
 * wrote the posts and stand in the team exist again, and sign in only once the owner invites them.
 */
export const CONTENT = [
  teamMembers,
  users,
  testimonials,
  clientLogos,
  milestones,
  packages,
  siteSettings,
  seededContent,
  media,
  posts,
  postTags,
  caseStudies,
  oldAddresses,
  revisions,
  pageCopy,
  pageRevisions,
  redirects,
];
/** Personal data: in the archive only when the owner ticks it. */
export const PERSONAL = [newsletterSubscribers, newsletterSuppressions, enquiries, enquiryEvents];

/**
 * Tables an archive of an earlier version carries under another name: each row is read into today's
 * table with the values it lacks (the two old-address tables became one keyed by kind).
 */
export const EARLIER_TABLES: Record<string, { table: string; with: Record<string, string> }> = {
  slug_redirects: { table: "old_addresses", with: { kind: "post" } },
  case_study_slug_redirects: { table: "old_addresses", with: { kind: "case-study" } },
};

export const CONTENT_NAMES: readonly string[] = CONTENT.map((table) => getTableName(table));
export const PERSONAL_NAMES: readonly string[] = PERSONAL.map((table) => getTableName(table));

/** What an archive carries of a member of staff: who they are, never how they sign in or what they may do. */
export const USER_COLUMNS = ["id", "username", "name", "team_member_id", "created_at"];

/** A row as it is written: the table's own column names, in SQLite's own types. */
export type CheckedRow = Map<string, string | number | null>;
export type RowCheck = { row: CheckedRow } | { refused: string };

/** Longer than any text the admin's forms take (a post's body: 500,000 characters). */
const MAX_TEXT = 600_000;
/** A JSON column (tags, a gallery, a revision's snapshot) is a list or a record of lists at most. */
const MAX_JSON_DEPTH = 6;
/** Timestamps between 1970 and 2200. */
const MAX_TIME = Date.UTC(2200, 0, 1);

/** A value of `column` as SQLite keeps it, or why it is not one. */
function columnValue(
  column: Column,
  value: unknown,
): { value: string | number | null } | { refused: string } {
  const name = column.name;
  if (value === null) return { value: null };
  switch (column.columnType) {
    case "SQLiteText":
    case "SQLiteTextJson": {
      if (typeof value !== "string") return { refused: `${name} is not text` };
      if (value.length > MAX_TEXT) return { refused: `${name} is too long` };
      const allowed = (column as Column & { enumValues?: string[] }).enumValues;
      if (allowed && !allowed.includes(value))
        return { refused: `${name} is not one of ${allowed.join(", ")}` };
      if (column.columnType === "SQLiteTextJson") {
        if (jsonDepth(value) > MAX_JSON_DEPTH) return { refused: `${name} nests too deeply` };
        try {
          JSON.parse(value);
        } catch {
          return { refused: `${name} is not JSON` };
        }
      }
      return { value };
    }
    case "SQLiteBoolean":
      if (value === true || value === 1) return { value: 1 };
      if (value === false || value === 0) return { value: 0 };
      return { refused: `${name} is not yes or no` };
    case "SQLiteTimestamp":
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > MAX_TIME)
        return { refused: `${name} is not a time` };
      return { value };
    case "SQLiteInteger":
      if (typeof value !== "number" || !Number.isSafeInteger(value))
        return { refused: `${name} is not a number` };
      return { value };
    case "SQLiteReal":
      if (typeof value !== "number" || !Number.isFinite(value)) return { refused: `${name} is not a number` };
      return { value };
    default:
      return { refused: `${name} cannot come from an archive` };
  }
}

/**
 * A row of `table` typed by its columns: only the table's own columns (a "__proto__" or "constructor"
 * key is no column, so it is dropped), each of its column's type and, for a choice, one of its values;
 * a required value missing is made as the app makes it (an id) or refused.
 */
function typedRow(table: Table, raw: Record<string, unknown>, only?: readonly string[]): RowCheck {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { refused: "not a row" };
  const row: CheckedRow = new Map();
  for (const column of Object.values(getTableColumns(table)) as Column[]) {
    if (only && !only.includes(column.name)) continue;
    const given = Object.hasOwn(raw, column.name) ? raw[column.name] : undefined;
    if (given === undefined || given === null) {
      const made = (column as Column & { defaultFn?: () => unknown }).defaultFn;
      if (column.notNull && made) row.set(column.name, toSqlite(made()));
      else if (column.notNull && !column.hasDefault) return { refused: `${column.name} is missing` };
      else if (given === null) row.set(column.name, null);
      continue;
    }
    const checked = columnValue(column, given);
    if ("refused" in checked) return checked;
    row.set(column.name, checked.value);
  }
  return { row };
}

const toSqlite = (value: unknown): string | number | null =>
  value instanceof Date ? value.getTime() : (value as string | number | null);

const text = (row: CheckedRow, name: string) => {
  const value = row.get(name);
  return typeof value === "string" ? value : null;
};

const username = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(...oneLine("Username"));
const personName = z
  .string()
  .trim()
  .max(100)
  .refine(...oneLine("Name"));
const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** A file of this site or none: never another site's address, never a script's. */
const siteFileOrNone = (row: CheckedRow, name: string): string | null => {
  const value = text(row, name);
  return value === null || value === "" || isSiteFile(value) ? null : `${name} is not a file of this site`;
};

const IMAGE_URL = /^\/uploads\/(images|art)\/[a-z0-9-]{1,120}-\d{1,5}x\d{1,5}\/\d{1,5}\.(jpg|png)$/;
const VIDEO_URL = /^\/uploads\/videos\/[A-Za-z0-9_-]{1,100}\.(mp4|webm|ogg)$/;
const CAPTIONS_URL = /^\/uploads\/captions\/[A-Za-z0-9_-]{1,100}\.vtt$/;

/**
 * What each table asks beyond its columns' types: the rules the admin's forms and services keep.
 * Staff arrive as editors with no way to sign in (the owner invites them), dated when they arrive, so
 * an archive can never add an owner or the site's first account; media only as the library writes it;
 * bodies as the editor saves them (sanitized); subscribers with a real address and a consent record.
 */
const TABLE_RULES: Record<string, (row: CheckedRow) => string | null> = {
  users: (row) => {
    const name = username.safeParse(row.get("username"));
    if (!name.success) return "username is not one the staff form takes";
    if (!personName.safeParse(row.get("name") ?? "").success) return "name is not one the staff form takes";
    row.set("username", name.data);
    row.set("role", "editor");
    row.set("password", "");
    row.set("created_at", Date.now());
    return null;
  },
  media: (row) => {
    const url = text(row, "url") ?? "";
    const kind = IMAGE_URL.test(url) ? "image" : VIDEO_URL.test(url) ? "video" : null;
    if (!kind || kind !== row.get("kind"))
      return `${url.slice(0, 80)} is not a file the media library writes`;
    row.set("mime", kind === "image" ? imageMime(url) : VIDEO_MIME[url.split(".").pop()!]!);
    row.set("name", mediaName(text(row, "name") ?? ""));
    if ((text(row, "alt") ?? "").length > ALT_MAX) return "its description is too long";
    if ((text(row, "caption") ?? "").length > CAPTION_MAX) return "its caption is too long";
    const captions = text(row, "captions_url");
    if (captions !== null && !CAPTIONS_URL.test(captions)) return "its captions are not a captions file";
    return null;
  },
  posts: (row) => {
    if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(text(row, "slug") ?? ""))
      return "its address is not one the editor makes";
    row.set("content", sanitizePostHtml(text(row, "content") ?? ""));
    return siteFileOrNone(row, "cover_image") ?? siteFileOrNone(row, "social_image");
  },
  case_studies: (row) => {
    if (!/^[a-z0-9][a-z0-9-]{0,199}$/.test(text(row, "slug") ?? ""))
      return "its address is not one the editor makes";
    row.set("body", sanitizePostHtml(text(row, "body") ?? ""));
    return siteFileOrNone(row, "cover_image");
  },
  page_copy: (row) => {
    const published = checkArchivedCopy(row.get("key"), row.get("published"));
    if ("refused" in published) return published.refused;
    row.set("published", published.copy);
    if (row.get("draft") === null || row.get("draft") === undefined) return null;
    const draft = checkArchivedCopy(row.get("key"), row.get("draft"));
    if ("refused" in draft) return `its draft: ${draft.refused}`;
    row.set("draft", draft.copy);
    return null;
  },
  page_revisions: (row) => {
    const copy = checkArchivedCopy(row.get("page_key"), row.get("copy"));
    if ("refused" in copy) return copy.refused;
    row.set("copy", copy.copy);
    return null;
  },
  team_members: (row) => siteFileOrNone(row, "photo") ?? siteFileOrNone(row, "candid_photo"),
  testimonials: (row) => siteFileOrNone(row, "image"),
  client_logos: (row) => siteFileOrNone(row, "logo"),
  newsletter_subscribers: (row) => {
    const address = email.safeParse(row.get("email"));
    if (!address.success) return "its e-mail address is not one";
    row.set("email", address.data);
    if (row.get("status") === "confirmed" && !row.get("confirmed_at"))
      return "it is confirmed without saying when (no consent record)";
    for (const [name, max] of [
      ["consent_version", 40],
      ["consent_text", 2000],
      ["consent_source", 60],
      ["consent_client_hash", 128],
    ] as const)
      if ((text(row, name) ?? "").length > max) return `its ${name.replace("_", " ")} is too long`;
    return null;
  },
  newsletter_suppressions: (row) =>
    /^[0-9a-f]{64}$/.test(text(row, "email_hash") ?? "") ? null : "it is not an address's hash",
  enquiries: (row) => {
    const address = email.safeParse(row.get("email"));
    if (!address.success) return "its e-mail address is not one";
    row.set("email", address.data);
    return null;
  },
};

/** One archived row of `table`, checked as the admin checks what it writes, or why it is left out. */
export function checkRow(table: Table, raw: Record<string, unknown>): RowCheck {
  const name = getTableName(table);
  const typed = typedRow(table, raw, name === "users" ? USER_COLUMNS : undefined);
  if ("refused" in typed) return typed;
  const refused = TABLE_RULES[name]?.(typed.row);
  return refused ? { refused } : typed;
}
