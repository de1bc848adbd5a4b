import { siteSettings } from "#db/schema";
import { contentVersion, type Db, getDb } from "~/platform/db.server";

import { seedSiteSettings } from "./launch-settings";
import { type SiteFacts, siteFacts, type SiteSettings, SiteSettingsSchema } from "./site-settings";

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
