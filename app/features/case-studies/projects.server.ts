import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";

import { projectSlugRedirects, testimonials, type WorkProject, workProjects } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { splitLegacyWriteUp } from "~/features/case-studies/legacy-project";
import type { ProjectInput } from "~/features/site-content";
import { changedFields } from "~/features/site-content/index.server";
import { newPosition } from "~/features/site-content/index.server";
import { queueArtwork } from "~/features/social-cards/index.server";
import { refreshSocialCard } from "~/features/social-cards/index.server";
import { contentChanged, type Db, getDb } from "~/platform/db.server";
import { ConflictError, FieldError, isUniqueViolation, NotFoundError } from "~/platform/http/errors.server";
import { sanitizePostHtml } from "~/platform/text/sanitize.server";
import { chooseSlug } from "~/platform/text/slug";

const notDeleted = isNull(workProjects.deletedAt);
const isPublished = and(notDeleted, eq(workProjects.status, "published"));
const inOrder = [asc(workProjects.position), asc(workProjects.createdAt)];

/** Published case studies in the agency's order, optionally only those in one category. */
export function listProjects({ category }: { category?: string } = {}): WorkProject[] {
  const where = category ? and(isPublished, eq(workProjects.category, category)) : isPublished;
  return getDb()
    .select()
    .from(workProjects)
    .where(where)
    .orderBy(...inOrder)
    .all();
}

/** Every case study, drafts too: the admin's list. */
export function listAllProjects(): WorkProject[] {
  return getDb()
    .select()
    .from(workProjects)
    .where(notDeleted)
    .orderBy(...inOrder)
    .all();
}

/** Each category that has at least one published case study, alphabetically: /work's filter. */
export function listProjectCategories(): string[] {
  return getDb()
    .selectDistinct({ category: workProjects.category })
    .from(workProjects)
    .where(isPublished)
    .orderBy(asc(workProjects.category))
    .all()
    .map((row) => row.category);
}

export function listFeaturedProjects(limit = 3): WorkProject[] {
  return getDb()
    .select()
    .from(workProjects)
    .where(and(isPublished, eq(workProjects.featured, true)))
    .orderBy(...inOrder)
    .limit(limit)
    .all();
}

export function getProjectBySlug(
  slug: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): WorkProject | undefined {
  return getDb()
    .select()
    .from(workProjects)
    .where(and(eq(workProjects.slug, slug), includeDrafts ? notDeleted : isPublished))
    .get();
}

export function getProjectById(id: string): WorkProject | undefined {
  return getDb()
    .select()
    .from(workProjects)
    .where(and(eq(workProjects.id, id), notDeleted))
    .get();
}

/** Where an old address of a case study now lives, if it was ever renamed. */
export function projectSlugRedirect(oldSlug: string): string | undefined {
  return getDb()
    .select({ slug: workProjects.slug })
    .from(projectSlugRedirects)
    .innerJoin(workProjects, eq(workProjects.id, projectSlugRedirects.projectId))
    .where(and(eq(projectSlugRedirects.oldSlug, oldSlug), isPublished))
    .get()?.slug;
}

/** The published case study after `project` in the agency's order (after the last, the first). */
export function nextProject(project: Pick<WorkProject, "id">): WorkProject | undefined {
  const all = listProjects();
  if (all.length < 2) return undefined;
  const at = all.findIndex((p) => p.id === project.id);
  return all[(at + 1) % all.length];
}

/**
 * Saves a case study in one transaction: its address follows the title until it is first published,
 * then changes only when the admin changes it (the old one answers with a 301); the approach is
 * sanitized like a post's body; a new study goes first in the order. A taken address is a
 * ConflictError, an unknown testimonial a FieldError.
 */
export function saveProject(id: string | undefined, input: ProjectInput, now = new Date()): WorkProject {
  const saved = getDb().transaction((tx) => {
    const before = id
      ? tx
          .select()
          .from(workProjects)
          .where(and(eq(workProjects.id, id), notDeleted))
          .get()
      : undefined;
    if (id && !before) throw new NotFoundError("Case study not found");
    const chosen = chooseSlug(
      input.slug,
      input.title,
      before?.publishedAt ? before.slug : null,
      "case study",
    );
    if ("error" in chosen) throw new FieldError(chosen.error.field, chosen.error.message);
    if (
      input.testimonialId &&
      !tx
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(eq(testimonials.id, input.testimonialId))
        .get()
    )
      throw new FieldError("testimonialId", "That testimonial no longer exists: choose another or none");
    const { slug: _given, ...fields } = input;
    const values = {
      ...fields,
      slug: chosen.slug,
      body: sanitizePostHtml(input.body),
      publishedAt: before?.publishedAt ?? (input.status === "published" ? now : null),
    };
    let project: WorkProject;
    try {
      project = before
        ? tx
            .update(workProjects)
            .set({ ...values, updatedAt: now })
            .where(eq(workProjects.id, before.id))
            .returning()
            .get()!
        : tx
            .insert(workProjects)
            .values({
              ...values,
              position: newPosition(tx, workProjects, "first"),
              createdAt: now,
              updatedAt: now,
            })
            .returning()
            .get();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = `Another case study already uses the address /work/${chosen.slug}.`;
      throw new ConflictError(
        `${taken} Please choose a different ${chosen.field === "slug" ? "address" : "title"}.`,
        chosen.field,
      );
    }
    tx.delete(projectSlugRedirects).where(eq(projectSlugRedirects.oldSlug, project.slug)).run();
    if (before && before.slug !== project.slug) {
      tx.insert(projectSlugRedirects)
        .values({ oldSlug: before.slug, projectId: project.id })
        .onConflictDoUpdate({ target: projectSlugRedirects.oldSlug, set: { projectId: project.id } })
        .run();
    }
    if (before) audit("case-study.edited", `“${project.title}”: ${changedFields(before, project)}`, tx);
    else audit("case-study.added", `“${project.title}”`, tx);
    if (before?.status !== project.status && (before || project.status === "published")) {
      const action = project.status === "published" ? "case-study.published" : "case-study.unpublished";
      audit(action, `“${project.title}”`, tx);
    }
    return project;
  });
  contentChanged("work");
  void queueArtwork("work", saved.id);
  refreshSocialCard("study", saved.id);
  return saved;
}

/**
 * Case studies written before the editor (their write-up still in the old markdown column) get their
 * challenge, approach and outcome fields from it, once: the seed's and an older database's alike.
 */
export function upgradeLegacyProjects(db: Db): number {
  const legacy = db
    .select({ id: workProjects.id, markdown: workProjects.legacyMarkdown })
    .from(workProjects)
    .where(ne(workProjects.legacyMarkdown, ""))
    .all();
  db.transaction((tx) => {
    for (const { id, markdown } of legacy) {
      tx.update(workProjects)
        .set({ ...splitLegacyWriteUp(markdown), legacyMarkdown: "" })
        .where(eq(workProjects.id, id))
        .run();
    }
  });
  if (legacy.length) contentChanged("work", db);
  return legacy.length;
}

/** Publishes or hides a case study from the list; first published now, its address stays put from then on. */
export function setProjectStatus(id: string, status: "draft" | "published", now = new Date()) {
  const changed = getDb()
    .update(workProjects)
    .set({
      status,
      updatedAt: now,
      ...(status === "published" && {
        publishedAt: sql`coalesce(${workProjects.publishedAt}, ${now.getTime()})`,
      }),
    })
    .where(and(eq(workProjects.id, id), notDeleted))
    .run().changes;
  if (!changed) throw new NotFoundError("Case study not found");
  const { title } = getProjectById(id)!;
  audit(status === "published" ? "case-study.published" : "case-study.unpublished", `“${title}”`);
  contentChanged("work");
  refreshSocialCard("study", id);
}
