import { readdirSync, statSync } from "node:fs";
import path from "node:path";

import { and, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";

import { type Media, media } from "#db/schema";
import { CONTENT_KINDS, contentChanged, contentVersion, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { NotFoundError } from "~/platform/http/errors.server";
import { parseUploadedImage } from "~/platform/images";

import { carryAltTextChange } from "./alt-text.server";

export const MEDIA_KINDS = ["image", "video", "audio", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type NewMedia = typeof media.$inferInsert;

/** A post that shows the file (as its cover, social image, video or in its body). */
/** A place that shows a file: a post, a case study, a person, a quote or a client. */
export type MediaUse = { id: string; title: string; slug: string; href: string };
export type MediaItem = Omit<Media, "createdAt"> & { createdAt: Date; usedBy: MediaUse[] };

export const ALT_MAX = 300;
export const CAPTION_MAX = 1000;

const percent = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number from 0 to 100` })
    .int(`${name} must be a whole number from 0 to 100`)
    .min(0, `${name} must be a number from 0 to 100`)
    .max(100, `${name} must be a number from 0 to 100`)
    .optional();

/**
 * What the admin may change of a file: its alternative text and caption, and the focal point every
 * crop of it keeps in view (omitted = unchanged).
 */
export const MediaTextSchema = z.object({
  focalX: percent("The focal point across"),
  focalY: percent("The focal point down"),
  alt: z
    .string({ error: "Alt text must be text" })
    .trim()
    .max(ALT_MAX, `Alt text must be at most ${ALT_MAX} characters`)
    .optional(),
  caption: z
    .string({ error: "Caption must be text" })
    .trim()
    .max(CAPTION_MAX, `Caption must be at most ${CAPTION_MAX} characters`)
    .optional(),
});
export type MediaText = z.infer<typeof MediaTextSchema>;

export const MEDIA_PAGE_SIZE = 24;
const MEDIA_MAX_PAGE_SIZE = 100;
const whole = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}` })
    .int(`${name} must be a whole number from 1 to ${max}`)
    .min(1, `${name} must be a whole number from 1 to ${max}`)
    .max(max, `${name} must be a whole number from 1 to ${max}`);

/** The library's filters and page, as /api/media and the admin page read them from the address. */
export const MediaQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS, { error: "kind must be 'image', 'video', 'audio' or 'document'" }).optional(),
  q: z.string().max(200, "q must be at most 200 characters").optional(),
  /** "1": only the files used nowhere on the site. */
  unused: z
    .enum(["1", "0", "true", "false"], { error: "unused must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  page: whole("page", 100_000).default(1),
  limit: whole("limit", MEDIA_MAX_PAGE_SIZE).default(MEDIA_PAGE_SIZE),
});

export const VIDEO_MIME: Record<string, string> = { mp4: "video/mp4", webm: "video/webm", ogg: "video/ogg" };
export const AUDIO_MIME: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  oga: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
};
export const DOCUMENT_MIME: Record<string, string> = { pdf: "application/pdf" };
export const imageMime = (url: string) => (url.endsWith(".png") ? "image/png" : "image/jpeg");

/**
 * Adds a finished upload to the library. Called by the upload service once the file is in place, so
 * a row always names a complete file. A URL already there is kept as it is.
 */
export function registerMedia(entry: NewMedia): Media {
  const db = getDb();
  db.insert(media).values(entry).onConflictDoNothing({ target: media.url }).run();
  return db.select().from(media).where(eq(media.url, entry.url)).get()!;
}

const sizeOf = (file: string) => {
  try {
    const stat = statSync(file);
    return { bytes: stat.size, createdAt: stat.mtime };
  } catch {
    return null;
  }
};

/**
 * Registers the files uploaded before the library existed (or written by hand): every image folder
 * and video under UPLOADS_DIR without a row gets one, dated by the file. One query for the known URLs
 * and one insert per missing file, so a start-up with everything registered only lists two folders.
 */
export function registerExistingUploads(root = path.resolve(getEnv().UPLOADS_DIR)): number {
  const db = getDb();
  const known = new Set(
    db
      .select({ url: media.url })
      .from(media)
      .all()
      .map((row) => row.url),
  );
  const found: NewMedia[] = [];
  const list = (folder: string) => {
    try {
      return readdirSync(path.join(root, folder));
    } catch {
      return [];
    }
  };
  for (const name of list("images")) {
    const files = list(`images/${name}`);
    const fallback = files.find((f) => /^\d+\.(jpg|png)$/.test(f));
    const ext = fallback?.endsWith(".png") ? "png" : "jpg";
    const largest = Math.max(...files.filter((f) => f.endsWith(`.${ext}`)).map((f) => parseInt(f, 10)));
    const url = `/uploads/images/${name}/${largest}.${ext}`;
    const image = parseUploadedImage(url);
    if (!fallback || !image || known.has(url)) continue;
    const file = sizeOf(path.join(root, "images", name, `${largest}.${ext}`));
    if (!file) continue;
    found.push({
      url,
      kind: "image",
      mime: imageMime(url),
      width: image.width,
      height: image.height,
      ...file,
    });
  }
  const files = [
    ["videos", "video", VIDEO_MIME],
    ["audio", "audio", AUDIO_MIME],
    ["documents", "document", DOCUMENT_MIME],
  ] as const;
  for (const [folder, kind, mimes] of files)
    for (const name of list(folder)) {
      const type = /^[a-z0-9]+\.([a-z0-9]+)$/.exec(name)?.[1];
      const url = `/uploads/${folder}/${name}`;
      if (!type || !Object.hasOwn(mimes, type) || known.has(url)) continue;
      const file = sizeOf(path.join(root, folder, name));
      if (file) found.push({ url, kind, mime: mimes[type]!, ...file });
    }
  if (found.length === 0) return 0;
  db.transaction((tx) => {
    for (const entry of found)
      tx.insert(media).values(entry).onConflictDoNothing({ target: media.url }).run();
  });
  return found.length;
}

/**
 * What a post's fields contain when they show the file: an image's folder (any of its widths and
 * formats, e.g. a body's 960.webp), a video's own address.
 */
export function usageNeedle(item: Pick<Media, "url" | "kind">): string {
  const image = item.kind === "image" ? parseUploadedImage(item.url) : null;
  return image ? `${image.dir}/` : item.url;
}

/**
 * Every place that shows a file whose needle is `needle` (an SQL expression): posts and case studies
 * (not deleted) in their covers, images and bodies, and the people, quotes and clients in their
 * pictures. One row per use: the file (`file`, when the needles come from a table `source` joined in),
 * its id, title, slug (posts' and case studies') and where to edit it.
 */
const usesOf = (needle: SQL, { source = sql``, file = sql`null` } = {}) => sql`
  select ${file} as file, p.id as id, p.title as title, p.slug as slug, '/admin/posts?edit=' || p.id as href, p.updated_at as at
  from ${source} posts p where p.deleted_at is null and (
    instr(coalesce(p.cover_image, ''), ${needle}) > 0 or
    instr(coalesce(p.social_image, ''), ${needle}) > 0 or
    instr(coalesce(p.video_url, ''), ${needle}) > 0 or
    instr(p.content, ${needle}) > 0)
  union all
  select ${file}, c.id, c.title, c.slug, '/admin/case-studies?edit=' || c.id, c.updated_at
  from ${source} case_studies c where c.deleted_at is null and (
    instr(coalesce(c.cover_image, ''), ${needle}) > 0 or
    instr(c.gallery, ${needle}) > 0 or
    instr(c.body, ${needle}) > 0)
  union all
  select ${file}, t.id, t.name, '', '/admin/team?edit=' || t.id, t.updated_at
  from ${source} team_members t where instr(coalesce(t.photo, ''), ${needle}) > 0
  union all
  select ${file}, q.id, q.name, '', '/admin/testimonials?edit=' || q.id, q.updated_at
  from ${source} testimonials q where instr(coalesce(q.image, ''), ${needle}) > 0
  union all
  select ${file}, l.id, l.name, '', '/admin/clients?edit=' || l.id, l.updated_at
  from ${source} client_logos l where instr(coalesce(l.logo, ''), ${needle}) > 0`;

/** A library row's needle in SQL, as usageNeedle: an image's folder, a video's own address. */
const rowNeedle = sql`(case when ${media.kind} = 'image' and ${media.url} like '/uploads/images/%'
  then rtrim(${media.url}, replace(${media.url}, '/', '')) else ${media.url} end)`;

/** The files used nowhere on the site (for the library's "Not used" filter). */
const unused = sql`not exists (${usesOf(rowNeedle)})`;

/** Where each file is used, newest edit first: one query for all the files given, by their needles. */
export function usageOf(items: Pick<Media, "id" | "url" | "kind">[]): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>(items.map((item) => [item.id, []]));
  if (items.length === 0) return uses;
  const needles = sql.join(
    items.map((item) => sql`(${item.id}, ${usageNeedle(item)})`),
    sql`, `,
  );
  const rows = getDb().all<MediaUse & { file: string }>(sql`
    with needles(media_id, needle) as (values ${needles})
    select file, id, title, slug, href
    from (${usesOf(sql`n.needle`, { source: sql`needles n,`, file: sql`n.media_id` })})
    order by at desc`);
  for (const { file, ...use } of rows) uses.get(file)?.push(use);
  return uses;
}

const withUsage = (rows: Media[]): MediaItem[] => {
  const uses = usageOf(rows);
  return rows.map((row) => ({ ...row, usedBy: uses.get(row.id) ?? [] }));
};

/** `%` and `_` typed by the admin are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type MediaQuery = { kind?: MediaKind; q?: string; unused?: boolean; page?: number; limit?: number };

/** A page of the library, newest first, filtered by kind and by text in the name, alt, caption or address. */
export function listMedia({
  kind,
  q = "",
  unused: onlyUnused = false,
  page = 1,
  limit = MEDIA_PAGE_SIZE,
}: MediaQuery) {
  const conditions: (SQL | undefined)[] = [
    kind ? eq(media.kind, kind) : undefined,
    onlyUnused ? unused : undefined,
  ];
  const query = q.trim();
  if (query) {
    const pattern = likePattern(query);
    conditions.push(
      or(
        sql`${media.name} like ${pattern} escape '\\'`,
        sql`${media.alt} like ${pattern} escape '\\'`,
        sql`${media.caption} like ${pattern} escape '\\'`,
        sql`${media.url} like ${pattern} escape '\\'`,
      ),
    );
  }
  const where = and(...conditions);
  const db = getDb();
  const total = db.select({ n: count() }).from(media).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit)
    .offset((Math.max(1, page) - 1) * limit)
    .all();
  return { items: withUsage(rows), total };
}

export function getMedia(id: string): MediaItem | undefined {
  const row = getDb().select().from(media).where(eq(media.id, id)).get();
  return row && withUsage([row])[0];
}

export function getMediaByUrl(url: string): MediaItem | undefined {
  const row = getDb().select().from(media).where(eq(media.url, url)).get();
  return row && withUsage([row])[0];
}

const focalKept = new WeakMap<object, { version: string; points: Record<string, string> }>();

/**
 * The images whose focal point is not the middle, as CSS object-position by address ("30% 20%"):
 * every page's crops read it (through the root's data). Small, and kept until content changes.
 */
export function focalPoints(): Record<string, string> {
  const db = getDb();
  const version = CONTENT_KINDS.map((kind) => contentVersion(kind, db)).join("/");
  const kept = focalKept.get(db);
  if (kept?.version === version) return kept.points;
  const rows = db
    .select({ url: media.url, x: media.focalX, y: media.focalY })
    .from(media)
    .where(or(ne(media.focalX, 50), ne(media.focalY, 50)))
    .all();
  const points = Object.fromEntries(rows.map((row) => [row.url, `${row.x}% ${row.y}%`]));
  focalKept.set(db, { version, points });
  return points;
}

export function updateMediaText(id: string, text: MediaText): MediaItem {
  const changes = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0)
    getDb().transaction((tx) => {
      const before = tx.select({ url: media.url, alt: media.alt }).from(media).where(eq(media.id, id)).get();
      tx.update(media).set(changes).where(eq(media.id, id)).run();
      if (before && text.alt !== undefined) carryAltTextChange(tx, before.url, before.alt, text.alt);
    });
  // A cover is cropped on every kind of page: each is drawn again with the new focal point.
  if ("focalX" in changes || "focalY" in changes) for (const kind of CONTENT_KINDS) contentChanged(kind);
  const item = getMedia(id);
  if (!item) throw new NotFoundError("No media with that id");
  return item;
}

/** Points a video at its captions file; the caller has checked that it is a video. */
export function setMediaCaptions(id: string, captionsUrl: string): MediaItem {
  getDb().update(media).set({ captionsUrl }).where(eq(media.id, id)).run();
  const item = getMedia(id);
  if (!item) throw new NotFoundError("No media with that id");
  return item;
}

/**
 * Sets the library's description of the image at `url` (carried to the uses that said the old words,
 * as an edit in the library is). False when the library holds no image at that address.
 */
export function describeLibraryImage(url: string, alt: string): boolean {
  const item = getMediaByUrl(url);
  if (!item || item.kind !== "image") return false;
  updateMediaText(item.id, { alt: alt.trim() });
  return true;
}

/** Whether the library holds an image at `url` (so it can keep a description). */
export const isLibraryImage = (url: string): boolean => getMediaByUrl(url)?.kind === "image";
