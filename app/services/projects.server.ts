import { and, asc, desc, eq, isNull } from "drizzle-orm";

import { getDb } from "#db/client";
import { type WorkProject, workProjects } from "#db/schema";

const notDeleted = isNull(workProjects.deletedAt);

/** Portfolio projects, newest first, optionally only those in one category. */
export function listProjects({ category }: { category?: string } = {}): WorkProject[] {
  const where = category ? and(notDeleted, eq(workProjects.category, category)) : notDeleted;
  return getDb().select().from(workProjects).where(where).orderBy(desc(workProjects.createdAt)).all();
}

/** Each category that has at least one project, alphabetically. */
export function listProjectCategories(): string[] {
  return getDb()
    .selectDistinct({ category: workProjects.category })
    .from(workProjects)
    .where(notDeleted)
    .orderBy(asc(workProjects.category))
    .all()
    .map((row) => row.category);
}

export function listFeaturedProjects(limit = 3): WorkProject[] {
  return getDb()
    .select()
    .from(workProjects)
    .where(and(notDeleted, eq(workProjects.featured, true)))
    .orderBy(desc(workProjects.createdAt))
    .limit(limit)
    .all();
}

export function getProjectBySlug(slug: string): WorkProject | undefined {
  return getDb()
    .select()
    .from(workProjects)
    .where(and(eq(workProjects.slug, slug), notDeleted))
    .get();
}
