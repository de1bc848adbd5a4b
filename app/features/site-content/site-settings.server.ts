import { siteSettings } from "#db/schema";
import { contentChanged, contentVersion, type Db, getDb } from "~/platform/db.server";
import { seedSiteSettings } from "~/platform/site/launch-settings";
import {
  type SiteFacts,
  siteFacts,
  type SiteSettings,
  SiteSettingsSchema,
} from "~/platform/site/site-settings";

import { audit } from "../audit/audit.server";
import { refreshAllSocialCards } from "../social-cards/social-cards.server";

const kept = new WeakMap<Db, { version: string; year: number; facts: SiteFacts }>();

/** The saved settings; a field a newer version of the site added and never saved reads its first value. */
export function getSiteSettings(db: Db = getDb()): SiteSettings {
  const row = db.select().from(siteSettings).get();
  const parsed = SiteSettingsSchema.safeParse({ ...seedSiteSettings, ...row?.values });
  return parsed.success ? parsed.data : seedSiteSettings;
}

/**
 * The agency's facts as every page shows them. Read on every request (the layout shows them), so
 * kept until the settings change.
 */
export function getSiteFacts(): SiteFacts {
  const db = getDb();
  const version = contentVersion("site", db);
  const year = new Date().getFullYear();
  const cached = kept.get(db);
  if (cached?.version === version && cached.year === year) return cached.facts;
  const facts = siteFacts(getSiteSettings(db));
  kept.set(db, { version, year, facts });
  return facts;
}

/** Which facts a save changed, for the audit log ("phone, email"). */
function changedFields(before: SiteSettings, after: SiteSettings): string {
  const keys = Object.keys(after) as (keyof SiteSettings)[];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return changed.length ? changed.join(", ") : "no changes";
}

export function saveSiteSettings(values: SiteSettings): SiteSettings {
  const before = getSiteSettings();
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
