import { and, eq, isNull } from "drizzle-orm";

import { caseStudies, type EditedKind, posts } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { NotFoundError } from "~/platform/http/errors.server";

/** "Post not found", "Case study not found". */
export const notFound = (kind: EditedKind) =>
  new NotFoundError(kind === "post" ? "Post not found" : "Case study not found");

/** The post or case study must exist and not be deleted (else NotFoundError). */
export function requireEditedItem(kind: EditedKind, id: string) {
  const table = kind === "post" ? posts : caseStudies;
  const found = getDb()
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .get();
  if (!found) throw notFound(kind);
}
