import { type Column, getTableColumns, getTableName, type Table } from "drizzle-orm";
import { z } from "zod";

import {
  caseStudies,
  caseStudyTranslationOldSlugs,
  caseStudyTranslations,
  clientLogos,
  enquiries,
  enquiryEvents,
  experimentDaily,
  experiments,
  languageSettings,
  media,
  milestones,
  newsletterSubscribers,
  newsletterSuppressions,
  oldAddresses,
  packages,
  pageCopy,
  pageRevisions,
  pageTranslations,
  posts,
  postTags,
  postTranslationOldSlugs,
  postTranslations,
  redirects,
  revisions,
  seededContent,
  siteItemTranslations,
  siteSettings,
  siteSettingsTranslations,
  teamMembers,
  testimonials,
  users,
} from "#db/schema";
import { ARM_KEYS } from "~/features/experiments/index.server";
import { ALT_MAX, CAPTION_MAX, imageMime, mediaName, VIDEO_MIME } from "~/features/media/index.server";
import { checkArchivedCopy } from "~/features/pages/index.server";
import { isTranslatedList, ITEM_WORDS_SCHEMAS, SiteWordsSchema } from "~/features/site-content/index.server";
import { isLanguage } from "~/platform/i18n/languages";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { isSiteFile, oneLine, steadyDirection } from "~/platform/text/schemas";

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
  siteItemTranslations,
  siteSettings,
  languageSettings,
  siteSettingsTranslations,
  seededContent,
  media,
  posts,
  postTags,
  postTranslations,
  postTranslationOldSlugs,
  caseStudies,
  caseStudyTranslations,
  caseStudyTranslationOldSlugs,
  oldAddresses,
  revisions,
  pageCopy,
  pageRevisions,
  pageTranslations,
  experiments,
  experimentDaily,
  redirects,
];
/** Personal data: in the archive only when the owner ticks it. */
export const PERSONAL = [newsletterSubscribers, newsletterSuppressions, enquiries, enquiryEvents];

/**
 * Every other table of the schema, and why an archive leaves it out. With CONTENT and PERSONAL this is
 * the one list of the site's tables: a test fails when a table is in none of them, so a new table is
 * carried or left out on purpose, never forgotten.
 */
export const NOT_CARRIED: Readonly<Record<string, string>> = {
  passkeys: "a way to sign in: staff are invited again",
  staff_policy: "the second step this site asks of its staff is this site's own",
  recovery_codes: "a way to sign in: staff are invited again",
  staff_invites: "an invitation is a secret sent to one person",
  sessions: "signed-in browsers are this site's",
  audit_log: "the audit log is this site's history",
  autosaves: "unsaved work in someone's editor, not the site's content",
  not_found_hits: "the 404 log is this site's traffic",
  newsletter_sends: "newsletters sent from this site: its history, not its content",
  jobs: "e-mails and deliveries waiting here (the Outbox)",
  analytics_salts: "analytics stay with the site that counted them",
  visits: "analytics stay with the site that counted them",
  page_views: "analytics stay with the site that counted them",
  analytics_daily: "analytics stay with the site that counted them",
  analytics_live: "analytics stay with the site that counted them",
  vitals_live: "analytics stay with the site that counted them",
  page_vitals: "analytics stay with the site that counted them",
  vitals_daily: "analytics stay with the site that counted them",
  imports: "imports run on this site: their files and reports are its history",
  import_failures: "imports run on this site: their files and reports are its history",
  import_held_posts: "imports run on this site: their files and reports are its history",
  imported_items: "imports run on this site: their files and reports are its history",
  experiment_visitors:
    "a day's visitors are hashes with that day's analytics salt, which is never carried: the results by day come",
  experiment_signups:
    "sign-ups waiting for their confirmation are keyed to that site's e-mails: the results by day come",
  preview_links: "each link is a secret shared with someone: make new ones on the new site",
};

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

const isRow = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw);

const isSlug = (value: string | null) => /^[a-z0-9][a-z0-9-]{0,199}$/.test(value ?? "");

/** A post's or case study's address as the editor makes it, and its body as the editor saves it. */
function editedRow(row: CheckedRow, body: string): string | null {
  if (!isSlug(text(row, "slug"))) return "its address is not one the editor makes";
  row.set(body, sanitizePostHtml(text(row, body) ?? ""));
  return null;
}

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
  .refine(...oneLine("Name"))
  .refine(...steadyDirection("Name"));
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
    // The checks while writing are counted again here, in the background, by this site's rules.
    row.set("check_problems", null);
    return (
      editedRow(row, "content") ?? siteFileOrNone(row, "cover_image") ?? siteFileOrNone(row, "social_image")
    );
  },
  post_translations: (row) => editedRow(row, "content"),
  post_translation_old_slugs: (row) => (isSlug(text(row, "old_slug")) ? null : "it is not an address"),
  case_studies: (row) => editedRow(row, "body") ?? siteFileOrNone(row, "cover_image"),
  case_study_translations: (row) => editedRow(row, "body"),
  case_study_translation_old_slugs: (row) => (isSlug(text(row, "old_slug")) ? null : "it is not an address"),
  language_settings: (row) => {
    if (row.get("id") !== 1) return "the site has one set of languages";
    const chosen = row.get("default_language");
    const codes = JSON.parse(String(row.get("languages"))) as unknown;
    if (!isLanguage(chosen) || !Array.isArray(codes) || !codes.every(isLanguage) || !codes.includes(chosen))
      return "its languages are not ones this site has words for, the default among them";
    row.set("languages", JSON.stringify([...new Set(codes)]));
    return null;
  },
  site_settings_translations: (row) => {
    const words = SiteWordsSchema.safeParse({
      tagline: row.get("tagline"),
      autoReplySubject: row.get("auto_reply_subject"),
      autoReplyBody: row.get("auto_reply_body"),
    });
    if (!words.success) return `its words: ${words.error.issues[0]?.message ?? "not the settings' words"}`;
    // As the form saves them (trimmed).
    row.set("tagline", words.data.tagline);
    row.set("auto_reply_subject", words.data.autoReplySubject);
    row.set("auto_reply_body", words.data.autoReplyBody);
    return null;
  },
  site_item_translations: (row) => {
    const kind = row.get("kind");
    if (!isTranslatedList(kind)) return "kind is not the team, testimonials or packages";
    for (const column of ["words", "source_words"]) {
      const words = ITEM_WORDS_SCHEMAS[kind].safeParse(JSON.parse(String(row.get(column))));
      if (!words.success)
        return `its ${column.replace("_", " ")}: ${words.error.issues[0]?.message ?? "not the item's words"}`;
      row.set(column, JSON.stringify(words.data));
    }
    return null;
  },
  page_translations: (row) => {
    for (const column of ["published", "draft"]) {
      if (row.get(column) === null || row.get(column) === undefined) continue;
      const copy = checkArchivedCopy(row.get("page_key"), row.get(column));
      if ("refused" in copy) return `its ${column === "draft" ? "draft" : "words"}: ${copy.refused}`;
      row.set(column, copy.copy);
    }
    return null;
  },
  experiments: (row) => {
    const arms = JSON.parse(String(row.get("arms"))) as unknown;
    const fits =
      Array.isArray(arms) &&
      arms.length >= 2 &&
      arms.length <= ARM_KEYS.length &&
      arms.every(
        (arm: unknown, index) =>
          isRow(arm) &&
          arm.key === ARM_KEYS[index] &&
          typeof arm.text === "string" &&
          arm.text.length <= 2000,
      );
    if (!fits) return "its arms are not the control and one to three variants";
    row.set(
      "arms",
      JSON.stringify(arms.map((arm: { key: string; text: string }) => ({ key: arm.key, text: arm.text }))),
    );
    return null;
  },
  page_copy: (row) => {
    // Counted again here, in the background, by this site's checks.
    row.set("check_problems", null);
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

/**
 * A row's language, wherever a table has one: a language the product has words for. A visitor's
 * (a subscriber's, an enquiry's) unknown one becomes none; a translation in one is left out.
 */
function languageOf(table: Table, row: CheckedRow): string | null {
  if (!row.has("lang") || isLanguage(row.get("lang"))) return null;
  if (row.get("lang") === null) return null;
  if (!getTableColumns(table).lang?.notNull) {
    row.set("lang", null);
    return null;
  }
  return "its language is not one this site has words for";
}

/** One archived row of `table`, checked as the admin checks what it writes, or why it is left out. */
export function checkRow(table: Table, raw: Record<string, unknown>): RowCheck {
  const name = getTableName(table);
  const typed = typedRow(table, raw, name === "users" ? USER_COLUMNS : undefined);
  if ("refused" in typed) return typed;
  const language = languageOf(table, typed.row);
  if (language) return { refused: language };
  const refused = TABLE_RULES[name]?.(typed.row);
  return refused ? { refused } : typed;
}
