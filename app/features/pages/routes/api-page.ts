import { getPage, PageCopyInvalid, publishPage, savePageDraft } from "~/features/pages/copy/page-copy.server";
import { pageJson, pageRevisionJson } from "~/features/pages/copy/page-json";
import { listRevisionsOfPage, restorePageRevision } from "~/features/pages/copy/page-revisions.server";
import { kindOfKey } from "~/features/pages/copy/page-schemas";
import {
  getTranslation,
  publishTranslation,
  saveTranslationDraft,
  translationJson,
  translationLanguage,
} from "~/features/pages/copy/page-translations.server";
import { checkStoredPage } from "~/features/pages/page-checks.server";
import { requireApiAdmin, staffWhoMayOpen } from "~/features/staff/index.server";
import { jsonError, readJsonBody } from "~/platform/http/api.server";
import { domainErrorResponse } from "~/platform/http/domain-errors.server";
import { FieldError } from "~/platform/http/errors.server";
import { publicResponse } from "~/platform/http/public-response.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/api-page";

/** Writes are the owner's and editors' (requireApiAdmin reads this); reads of published copy are public. */
export const handle: RouteHandle = { access: "editor" };

/**
 * The largest body taken: a service page with every list full, or a legal page at its most, with room
 * to spare. Past it, 413 before reading on. A page's copy is a few kilobytes; parsing and checking a
 * body is work on the request thread, so none is taken that no page could be.
 */
export const PAGE_BODY_LIMIT = 256 * 1024;

/**
 * What the address after /api/pages/ names: a page ("services/seo"), or one of its actions. A key never
 * ends in a word that is also an action's with a page's key before it ("services/publish" is a page:
 * "services" is not), so a suffix is an action only when what is left is a page's key.
 */
type Address =
  | { key: string; action: "page" | "publish" | "revisions" | "checks" }
  | { key: string; action: "restore"; revisionId: string };

function addressOf(path: string): Address {
  const publish = /^(.+)\/publish$/.exec(path);
  if (publish && kindOfKey(publish[1]!)) return { key: publish[1]!, action: "publish" };
  const revisions = /^(.+)\/revisions$/.exec(path);
  if (revisions && kindOfKey(revisions[1]!)) return { key: revisions[1]!, action: "revisions" };
  const checks = /^(.+)\/checks$/.exec(path);
  if (checks && kindOfKey(checks[1]!)) return { key: checks[1]!, action: "checks" };
  const restore = /^(.+)\/revisions\/([^/]+)\/restore$/.exec(path);
  if (restore && kindOfKey(restore[1]!))
    return { key: restore[1]!, action: "restore", revisionId: restore[2]! };
  return { key: path, action: "page" };
}

/** `?lang=ga`: the page's translation into that language; absent or the default language: the page itself. */
function languageAsked(request: Request) {
  const asked = new URL(request.url).searchParams.getAll("lang");
  if (asked.length > 1) throw new FieldError("lang", "Name one language");
  return asked.length ? translationLanguage(asked[0]) : null;
}

/** The checks of the words staff are working on: the draft if there is one, else what visitors read. */
function pageChecks(key: string) {
  const page = getPage(key, { staff: true });
  return checkStoredPage(page).map(({ code, message, where }) => ({ code, message, where }));
}

const ALLOWED: Record<Address["action"], string> = {
  page: "GET, PUT",
  publish: "POST",
  revisions: "GET",
  checks: "GET",
  restore: "POST",
};
const wrongMethod = (address: Address) =>
  jsonError(
    405,
    {
      page: "Use GET to read a page, PUT to save its draft",
      publish: "Use POST to publish a page's draft",
      revisions: "Use GET to list a page's earlier versions",
      checks: "Use GET to read a page's checks while writing",
      restore: "Use POST to restore an earlier version as the page's draft",
    }[address.action],
    undefined,
    { Allow: ALLOWED[address.action] },
  );

/**
 * GET /api/pages/{key}: the page's published fields; the owner and editors also get its state and the
 * draft waiting (or null). GET /api/pages/{key}/revisions: its earlier published versions, newest first
 * (the owner and editors). GET /api/pages/{key}/checks: the checks while writing of the draft waiting, else of
 * the published words, `[{code, message, where}]` (the owner and editors).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const address = addressOf(params["*"] ?? "");
  try {
    if (address.action === "revisions") {
      await requireApiAdmin(request);
      return Response.json(
        { revisions: listRevisionsOfPage(address.key).map(pageRevisionJson) },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    }
    if (address.action === "checks") {
      await requireApiAdmin(request);
      return Response.json(pageChecks(address.key), { headers: { "Cache-Control": "private, no-store" } });
    }
    if (address.action !== "page") return wrongMethod(address);
    // Those who edit pages: a contributor reads what visitors read.
    const staff = Boolean(await staffWhoMayOpen(request, handle.access!));
    const lang = languageAsked(request);
    if (lang) {
      const translation = translationJson(getTranslation(address.key, lang, { staff }));
      if (staff) return Response.json(translation, { headers: { "Cache-Control": "private, no-store" } });
      return publicResponse(request, JSON.stringify(translation), { "Content-Type": "application/json" });
    }
    const page = pageJson(getPage(address.key, { staff }));
    if (staff) return Response.json(page, { headers: { "Cache-Control": "private, no-store" } });
    return publicResponse(request, JSON.stringify(page), { "Content-Type": "application/json" });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

/**
 * PUT /api/pages/{key} saves the body (the page's fields, every one) as its draft: 400 naming each
 * field wrong, and nothing written. POST /api/pages/{key}/publish makes the draft what visitors read.
 * POST /api/pages/{key}/revisions/{id}/restore makes that earlier version the draft (never published
 * by itself; 409 when it no longer fits the page's fields).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const address = addressOf(params["*"] ?? "");
  const method = address.action === "page" ? "PUT" : "POST";
  if (request.method !== method || address.action === "revisions" || address.action === "checks")
    return wrongMethod(address);
  const user = await requireApiAdmin(request);
  try {
    const lang = languageAsked(request);
    if (lang) {
      if (address.action === "restore")
        return jsonError(400, "A translation has no earlier versions to restore: leave lang out");
      if (address.action === "publish")
        return Response.json(translationJson(publishTranslation(address.key, lang, user)));
      const body = await readJsonBody(request, PAGE_BODY_LIMIT);
      return Response.json(translationJson(saveTranslationDraft(address.key, lang, body, user)));
    }
    if (address.action === "publish") return Response.json(pageJson(publishPage(address.key, user)));
    if (address.action === "restore")
      return Response.json(pageJson(restorePageRevision(address.key, address.revisionId, user)));
    const body = await readJsonBody(request, PAGE_BODY_LIMIT);
    return Response.json(pageJson(savePageDraft(address.key, body, user)));
  } catch (error) {
    if (error instanceof PageCopyInvalid) return jsonError(400, "Invalid page copy", error.issues);
    return domainErrorResponse(error);
  }
}
