import { and, asc, eq, like } from "drizzle-orm";

import { pageCopy } from "#db/schema";
import { getDb } from "~/platform/db.server";

import type { LegalCopy, ServiceCopy } from "./page-schemas";
import { startingCopy } from "./starting-copy";

export type ServiceListed = { slug: string; title: string; summary: string; publishedAt: Date };

/** The services shown on the site, in their order: the home grid, the sitemap, the link picker. */
export function listServices(): ServiceListed[] {
  const rows = getDb()
    .select()
    .from(pageCopy)
    .where(and(like(pageCopy.key, "services/%"), eq(pageCopy.hidden, false)))
    .orderBy(asc(pageCopy.position), asc(pageCopy.key))
    .all();
  if (!rows.length)
    return startingCopy
      .filter((page) => page.key.startsWith("services/"))
      .map(({ key, copy }) => serviceListed(key, copy as ServiceCopy, new Date(0)));
  return rows.map((row) => serviceListed(row.key, row.published as ServiceCopy, row.publishedAt));
}

const serviceListed = (key: string, copy: ServiceCopy, publishedAt: Date): ServiceListed => ({
  slug: key.slice("services/".length),
  title: copy.title,
  summary: copy.summary,
  publishedAt,
});

export type LegalListed = { slug: string; title: string; updated: string };

/** The legal pages, as the footer's links and the sitemap name them. */
export function listLegalPages(): LegalListed[] {
  const rows = getDb()
    .select()
    .from(pageCopy)
    .where(like(pageCopy.key, "legal/%"))
    .orderBy(asc(pageCopy.position), asc(pageCopy.key))
    .all();
  const pages = rows.length
    ? rows.map((row) => ({ key: row.key, copy: row.published }))
    : startingCopy.filter((page) => page.key.startsWith("legal/"));
  return pages.map(({ key, copy }) => {
    const legal = copy as LegalCopy;
    return { slug: key.slice("legal/".length), title: legal.title, updated: legal.updated };
  });
}
