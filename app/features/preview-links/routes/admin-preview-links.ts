import { staffOf } from "~/features/staff/index.server";
import { getEnv } from "~/platform/env.server";
import { readFormBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { rememberShareOutcome, sharedLinkRows, type ShareOutcome } from "~/platform/pages/share-panel.server";

import {
  createPreviewLink,
  PREVIEW_KINDS,
  previewExpiry,
  type PreviewKind,
  revokePreviewLink,
} from "../preview-links.server";
import type { Route } from "./+types/admin-preview-links";

// Editors and the owner: those who publish the drafts they share.
export const handle: RouteHandle = { access: "editor" };

const noStore = { "Cache-Control": "private, no-store" };

/** The draft named by `kind` and `target` (a post's or case study's id, a page's key), or null. */
function draftNamed(values: { get(name: string): unknown }): { kind: PreviewKind; target: string } | null {
  const kind = values.get("kind");
  const target = values.get("target");
  if (typeof kind !== "string" || !PREVIEW_KINDS.includes(kind as PreviewKind)) return null;
  if (typeof target !== "string" || !target || target.length > 200) return null;
  return { kind: kind as PreviewKind, target };
}

const refused = (error: string, status = 400) => Response.json({ error }, { status, headers: noStore });

/** The editor's list of a draft's live links (?kind=post&target=<id>), with when each was last opened. */
export function loader({ request }: Route.LoaderArgs) {
  const draft = draftNamed(new URL(request.url).searchParams);
  if (!draft) return refused("Name a draft: kind (post, case-study or page) and target.");
  return Response.json({ links: sharedLinkRows(draft.kind, draft.target) }, { headers: noStore });
}

/** The editor a form sent without JavaScript came from (`back`): an admin address of this site. */
function editorBack(form: FormData): string | null {
  const back = form.get("back");
  if (typeof back !== "string" || back.length > 500 || !back.startsWith("/admin/")) return null;
  const site = new URL(getEnv().SITE_URL);
  const url = new URL(back, site);
  return url.origin === site.origin && url.pathname.startsWith("/admin/")
    ? `${url.pathname}${url.search}`
    : null;
}

/**
 * "Share a preview" (intent=share, days) and "Revoke" (intent=revoke and id, or revoke=<id>) from an
 * editor. A fetch gets JSON; the panel's form sent without JavaScript (with `back`) is sent back to its
 * editor, which shows the outcome once (the new link's address included: it is never shown again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readFormBody(request, 4096);
    const back = editorBack(form);
    const answer = async (outcome: ShareOutcome, status = 200) =>
      back
        ? new Response(null, {
            status: 303,
            headers: { ...noStore, Location: back, "Set-Cookie": await rememberShareOutcome(outcome) },
          })
        : Response.json(outcome, { status, headers: noStore });
    const draft = draftNamed(form);
    if (!draft) return refused("Name a draft: kind (post, case-study or page) and target.");
    const revoking = form.get("intent") === "revoke" ? form.get("id") : form.get("revoke");
    if (revoking !== null) {
      const done = typeof revoking === "string" && revokePreviewLink(draft.kind, draft.target, revoking);
      return done ? answer({ revoked: true }) : answer({ error: "That link was already revoked." }, 404);
    }
    if (form.get("intent") !== "share") return refused("Share a preview or revoke one.");
    let expiresAt: Date;
    try {
      expiresAt = previewExpiry({ expiresInDays: form.get("days") ?? undefined });
    } catch (error) {
      if (back && error instanceof Error) return answer({ error: error.message });
      throw error;
    }
    const link = createPreviewLink(draft.kind, draft.target, expiresAt, staffOf(context).id);
    return answer({
      url: new URL(link.url, getEnv().SITE_URL).href,
      expiresAt: link.expiresAt.toISOString(),
    });
  } catch (error) {
    if (error instanceof Response) return error;
    return domainErrorResponse(error, noStore);
  }
}
