import { createHash, randomBytes } from "node:crypto";

import { and, eq, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";

import { previewLinks } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { getCaseStudyById } from "~/features/case-studies/index.server";
import { getPage, pathsShowing } from "~/features/pages/index.server";
import { getPostById } from "~/features/posts/index.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, FieldError, NotFoundError } from "~/platform/http/errors.server";
import type { SharedPreview } from "~/platform/http/request-scope.server";
import { livePreviewLinks } from "~/platform/pages/share-panel.server";
import { SHARED_PREVIEW_PARAM } from "~/platform/pages/shared-preview.server";

export type PreviewKind = SharedPreview["kind"];
export const PREVIEW_KINDS: readonly PreviewKind[] = ["post", "case-study", "page"];

/** How long a link lives unless the owner picks otherwise, and the most it may (days). */
export const DEFAULT_PREVIEW_DAYS = 7;
export const MAX_PREVIEW_DAYS = 90;
/** A draft has at most this many live links: enough for every client, not a table anyone can fill. */
export const MAX_LIVE_LINKS = 20;
/**
 * Revoked and expired links a draft keeps, the newest, so their holders read why the link stopped; older
 * ones are deleted when a new link is made (and then read as unknown). Without this, making and revoking
 * links in a loop would grow the table without end.
 */
export const MAX_DEAD_LINKS_KEPT = 50;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes, base64url: 43 characters nobody guesses. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Where a preview link is opened: a stable address that sends its holder to the draft's current one. */
export const previewLinkPath = (token: string) => `/preview/${token}`;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

type Draft = { title: string; address: string };

/** The draft a link names, as it is saved now: its title and public address; undefined when it is gone. */
function draftOf(kind: PreviewKind, target: string): Draft | undefined {
  if (kind === "post") {
    const post = getPostById(target);
    return post && { title: post.title, address: `/blog/${post.slug}` };
  }
  if (kind === "case-study") {
    const study = getCaseStudyById(target);
    return study && { title: study.title, address: `/work/${study.slug}` };
  }
  // A page's copy: previewed at the first address that shows it (the 404's words have none to share).
  const address = pathsShowing(target)[0];
  if (!address) return undefined;
  try {
    return { title: getPage(target, { staff: true }).title, address };
  } catch {
    return undefined;
  }
}

const KIND_WORDS: Record<PreviewKind, string> = { post: "Post", "case-study": "Case study", page: "Page" };

/**
 * When a new link stops, from what was sent: `expiresInDays` (a whole number from 1 to 90) or
 * `expiresAt` (a time in the next 90 days); neither, 7 days from now.
 */
export function previewExpiry(
  sent: { expiresInDays?: unknown; expiresAt?: unknown },
  now = new Date(),
): Date {
  const { expiresInDays: days, expiresAt: at } = sent;
  if (days !== undefined && at !== undefined) {
    throw new FieldError("expiresAt", "Send expiresInDays or expiresAt, not both.");
  }
  if (at !== undefined) {
    const when = typeof at === "string" && at.length <= 40 ? new Date(at) : new Date(Number.NaN);
    if (Number.isNaN(when.getTime()))
      throw new FieldError("expiresAt", "expiresAt must be an ISO date and time.");
    if (when <= now) throw new FieldError("expiresAt", "expiresAt must be in the future.");
    if (when.getTime() - now.getTime() > MAX_PREVIEW_DAYS * DAY_MS) {
      throw new FieldError("expiresAt", `A preview link lasts at most ${MAX_PREVIEW_DAYS} days.`);
    }
    return when;
  }
  const count =
    days === undefined || days === ""
      ? DEFAULT_PREVIEW_DAYS
      : typeof days === "string" && /^\d{1,3}$/.test(days)
        ? Number(days)
        : days;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_PREVIEW_DAYS) {
    throw new FieldError(
      "expiresInDays",
      `A preview link lasts a whole number of days from 1 to ${MAX_PREVIEW_DAYS}.`,
    );
  }
  return new Date(now.getTime() + count * DAY_MS);
}

export type CreatedPreviewLink = { id: string; url: string; expiresAt: Date };

/**
 * Makes a link to the draft `target` of `kind` that stops at `expiresAt` (previewExpiry), for
 * `actorId`, and audits it. The token is returned once (its path in `url`); only its hash is kept.
 */
export function createPreviewLink(
  kind: PreviewKind,
  target: string,
  expiresAt: Date,
  actorId: string | null,
): CreatedPreviewLink {
  const draft = draftOf(kind, target);
  if (!draft) throw new NotFoundError(`${KIND_WORDS[kind]} not found`);
  const token = randomBytes(32).toString("base64url");
  const db = getDb();
  const id = db.transaction((tx) => {
    if (liveLinks(kind, target, tx).length >= MAX_LIVE_LINKS) {
      throw new ConflictError(
        `This draft already has ${MAX_LIVE_LINKS} live preview links: revoke one first.`,
      );
    }
    forgetOldDeadLinks(kind, target, tx);
    const row = tx
      .insert(previewLinks)
      .values({ kind, target, tokenHash: hashOf(token), createdBy: actorId, expiresAt })
      .returning({ id: previewLinks.id })
      .get();
    audit(
      "preview-link.shared",
      `${KIND_WORDS[kind]} “${draft.title}”, until ${expiresAt.toISOString()}`,
      tx,
    );
    return row.id;
  });
  return { id, url: previewLinkPath(token), expiresAt };
}

/** Deletes the draft's revoked and expired links but the MAX_DEAD_LINKS_KEPT made last. */
function forgetOldDeadLinks(
  kind: PreviewKind,
  target: string,
  tx: Pick<ReturnType<typeof getDb>, "select" | "delete">,
) {
  const dead = and(
    eq(previewLinks.kind, kind),
    eq(previewLinks.target, target),
    or(isNotNull(previewLinks.revokedAt), lte(previewLinks.expiresAt, new Date())),
  );
  const kept = tx
    .select({ id: previewLinks.id })
    .from(previewLinks)
    .where(dead)
    // Made last first: rowid is the order they were made in, even within one millisecond.
    .orderBy(sql`rowid desc`)
    .limit(MAX_DEAD_LINKS_KEPT);
  tx.delete(previewLinks)
    .where(and(dead, notInArray(previewLinks.id, kept)))
    .run();
}

export type PreviewLinkListed = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  lastOpenedAt: Date | null;
};

const liveLinks = livePreviewLinks;

/** The links to a draft that still open it, newest first, with when each was last opened. */
export function listPreviewLinks(kind: PreviewKind, target: string): PreviewLinkListed[] {
  return liveLinks(kind, target);
}

/** Revokes the link `id` to the draft `target`; false when it names no live link of that draft. */
export function revokePreviewLink(kind: PreviewKind, target: string, id: string): boolean {
  const db = getDb();
  return db.transaction((tx) => {
    const revoked = tx
      .update(previewLinks)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(previewLinks.id, id),
          eq(previewLinks.kind, kind),
          eq(previewLinks.target, target),
          isNull(previewLinks.revokedAt),
        ),
      )
      .run().changes;
    if (!revoked) return false;
    const draft = draftOf(kind, target);
    audit("preview-link.revoked", `${KIND_WORDS[kind]} “${draft?.title ?? target}”`, tx);
    return true;
  });
}

/** What opening a link finds: the draft it shows, or why it shows nothing. */
export type OpenedLink =
  | { state: "live"; preview: SharedPreview; address: string; title: string }
  | { state: "expired" | "revoked" | "unknown" };

/**
 * What the link with `token` opens now. A live link is marked as opened (at most once a minute is
 * written, so a client's reloads do not write on every request).
 */
export function openPreviewLink(token: string): OpenedLink {
  if (!TOKEN_SHAPE.test(token)) return { state: "unknown" };
  const row = getDb()
    .select()
    .from(previewLinks)
    .where(eq(previewLinks.tokenHash, hashOf(token)))
    .get();
  if (!row) return { state: "unknown" };
  if (row.revokedAt) return { state: "revoked" };
  const now = new Date();
  if (row.expiresAt <= now) return { state: "expired" };
  const draft = draftOf(row.kind, row.target);
  if (!draft) return { state: "unknown" };
  if (!row.lastOpenedAt || now.getTime() - row.lastOpenedAt.getTime() >= 60_000) {
    getDb().update(previewLinks).set({ lastOpenedAt: now }).where(eq(previewLinks.id, row.id)).run();
  }
  return {
    state: "live",
    preview: { kind: row.kind, target: row.target, expiresAt: row.expiresAt },
    address: draft.address,
    title: draft.title,
  };
}

/** The draft's own address carrying the link's token: where /preview/<token> sends its holder. */
export const sharedAddress = (address: string, token: string) =>
  `${address}?${new URLSearchParams({ [SHARED_PREVIEW_PARAM]: token })}`;
