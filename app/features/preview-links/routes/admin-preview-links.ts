import { staffOf } from "~/features/staff/index.server";
import { getEnv } from "~/platform/env.server";
import { readFormBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import {
  createPreviewLink,
  listPreviewLinks,
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
  const links = listPreviewLinks(draft.kind, draft.target).map((link) => ({
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
  }));
  return Response.json({ links }, { headers: noStore });
}

/** "Share a preview" (intent=share, days) and "Revoke" (intent=revoke, id) from an editor. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readFormBody(request, 4096);
    const draft = draftNamed(form);
    if (!draft) return refused("Name a draft: kind (post, case-study or page) and target.");
    if (form.get("intent") === "revoke") {
      const id = form.get("id");
      const done = typeof id === "string" && revokePreviewLink(draft.kind, draft.target, id);
      return done
        ? Response.json({ revoked: true }, { headers: noStore })
        : refused("That link was already revoked.", 404);
    }
    if (form.get("intent") !== "share") return refused("Share a preview or revoke one.");
    const link = createPreviewLink(
      draft.kind,
      draft.target,
      previewExpiry({ expiresInDays: form.get("days") ?? undefined }),
      staffOf(context).id,
    );
    return Response.json(
      { url: new URL(link.url, getEnv().SITE_URL).href, expiresAt: link.expiresAt.toISOString() },
      { headers: noStore },
    );
  } catch (error) {
    if (error instanceof Response) return error;
    return domainErrorResponse(error, noStore);
  }
}
