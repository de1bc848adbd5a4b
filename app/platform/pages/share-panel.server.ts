import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { createCookie } from "react-router";

import { previewLinks } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import type { SharedPreview } from "~/platform/http/request-scope.server";

// Here, not in features/preview-links, for the editors' loaders (posts, case studies, pages): that
// feature reads their drafts, so they cannot ask it in turn.
type PreviewKind = SharedPreview["kind"];

/** The links to a draft that still open it, newest first, with when each was last opened. */
export function livePreviewLinks(
  kind: PreviewKind,
  target: string,
  db: Pick<ReturnType<typeof getDb>, "select"> = getDb(),
) {
  return db
    .select({
      id: previewLinks.id,
      createdAt: previewLinks.createdAt,
      expiresAt: previewLinks.expiresAt,
      lastOpenedAt: previewLinks.lastOpenedAt,
    })
    .from(previewLinks)
    .where(
      and(
        eq(previewLinks.kind, kind),
        eq(previewLinks.target, target),
        isNull(previewLinks.revokedAt),
        gt(previewLinks.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(previewLinks.createdAt))
    .all();
}

/** A live link as the editor's panel lists it. */
export type SharedLinkRow = { id: string; createdAt: string; expiresAt: string; lastOpenedAt: string | null };
/** What the last "Make link" or "Revoke" sent without JavaScript answered: shown once, back in the editor. */
export type ShareOutcome = { url?: string; expiresAt?: string; revoked?: boolean; error?: string };

// The new link's address is in no URL (it would stay in the history and the logs): it rides back to
// the editor in a cookie of a minute, read once and cleared.
const outcomeCookie = () => {
  const https = getEnv().SITE_URL.startsWith("https:");
  return createCookie(https ? "__Host-preview-shared" : "preview-shared", {
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    path: "/",
    maxAge: 60,
  });
};

export const sharedLinkRows = (kind: PreviewKind, target: string): SharedLinkRow[] =>
  livePreviewLinks(kind, target).map((link) => ({
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
  }));

/** The Set-Cookie that carries an outcome back to the editor the form was sent from. */
export const rememberShareOutcome = (outcome: ShareOutcome) => outcomeCookie().serialize(outcome);

/**
 * The panel's first render, for an editor's loader: the draft's live links and the outcome of a form
 * just sent (if any), with the header that forgets that outcome.
 */
export async function sharePanel(request: Request, kind: PreviewKind, target: string) {
  const cookie = outcomeCookie();
  const kept: unknown = await cookie.parse(request.headers.get("Cookie"));
  const outcome = isOutcome(kept) ? kept : null;
  return {
    share: { links: sharedLinkRows(kind, target), outcome },
    headers: outcome ? { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } : undefined,
  };
}

const isOutcome = (value: unknown): value is ShareOutcome =>
  typeof value === "object" &&
  value !== null &&
  Object.entries(value).every(([key, field]) =>
    key === "revoked"
      ? field === true
      : ["url", "expiresAt", "error"].includes(key) && typeof field === "string",
  );
