import { siteSettings } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { refreshAllSocialCards } from "~/features/social-cards/index.server";
import { contentChanged, getDb } from "~/platform/db.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import type { SiteSettings } from "~/platform/site/site-settings";

/** Which facts a save changed, for the audit log ("phone, email"). */
function changedFields(before: SiteSettings, after: SiteSettings): string {
  const keys = Object.keys(after) as (keyof SiteSettings)[];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return changed.length ? changed.join(", ") : "no changes";
}

export function saveSiteSettings(given: SiteSettings): SiteSettings {
  const before = getSiteSettings();
  const values = { ...given, aiCrawlersRefused: given.aiCrawlersRefused ?? before.aiCrawlersRefused ?? [] };
  const renamed = before.name !== values.name;
  getDb()
    .insert(siteSettings)
    .values({ id: 1, values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.id, set: { values, updatedAt: new Date() } })
    .run();
  audit("settings.changed", changedFields(before, values));
  contentChanged("site");
  // The cards show the agency's name.
  if (renamed) refreshAllSocialCards();
  return values;
}
