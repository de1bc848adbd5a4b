import { data, redirect } from "react-router";

import { getPage } from "~/features/pages/copy/page-copy.server";
import { previewAddress } from "~/features/pages/copy/page-preview.server";
import { NotFoundError } from "~/platform/http/errors.server";
import type { RouteHandle } from "~/platform/pages/route-handle";

import type { Route } from "./+types/admin-page-preview";

/** The owner and editors, who edit the pages (the staff group signs in whoever is not yet). */
export const handle: RouteHandle = { access: "editor" };

/**
 * /admin/pages/preview/{key}: the page's draft as the real page, at its own address with ?preview
 * (the form's "Preview" link, so the form needs only the page's key). 404 for a page there is not.
 */
export function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  try {
    getPage(key, { staff: true });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
  throw redirect(previewAddress(key), { headers: { "Cache-Control": "private, no-store" } });
}
