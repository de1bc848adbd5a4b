import { siteSettingsJson } from "~/features/site-content/site-content-json";
import { saveSiteSettings } from "~/features/site-content/site-settings.server";
import { getSessionUser, requireApiAdmin } from "~/features/staff/index.server";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { SiteSettingsSchema } from "~/platform/site/site-settings";

import { methodNotAllowed, readAnswer, writeContent } from "../site-content-write.server";
import type { Route } from "./+types/api-settings";

/** The public answer is kept by the page cache until the settings (or other site content) change. */
export const handle: RouteHandle = { cache: "content", content: ["site"] };

/** GET /api/settings: the agency's facts every page shows (name, contact details, address, figures). */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = Boolean(await getSessionUser(request));
  return readAnswer(request, siteSettingsJson(getSiteSettings()), admin);
}

/** PUT /api/settings (admin): replaces the facts, every field given (200 with them as saved). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT", "Use PUT to change the settings");
  await requireApiAdmin(request);
  return writeContent(request, SiteSettingsSchema, { label: "settings", status: 200 }, (input) =>
    siteSettingsJson(saveSiteSettings(input)),
  );
}
