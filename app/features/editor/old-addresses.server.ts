import { and, eq } from "drizzle-orm";

import { type EditedKind, oldAddresses } from "#db/schema";
import type { Tx } from "~/platform/db.server";

const ownedBy = (kind: EditedKind, id: string) =>
  kind === "post" ? { postId: id, caseStudyId: null } : { postId: null, caseStudyId: id };

/**
 * Inside a save: the item's new slug is its own again (no old address of its kind points elsewhere),
 * and the slug it had, when it changed, answers with a redirect to it.
 */
export function moveAddressIn(
  tx: Tx,
  kind: EditedKind,
  before: { slug: string } | undefined,
  row: { id: string; slug: string },
) {
  tx.delete(oldAddresses)
    .where(and(eq(oldAddresses.kind, kind), eq(oldAddresses.oldSlug, row.slug)))
    .run();
  if (!before || before.slug === row.slug) return;
  tx.insert(oldAddresses)
    .values({ kind, oldSlug: before.slug, ...ownedBy(kind, row.id) })
    .onConflictDoUpdate({
      target: [oldAddresses.kind, oldAddresses.oldSlug],
      set: ownedBy(kind, row.id),
    })
    .run();
}
