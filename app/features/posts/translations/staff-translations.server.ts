import { and, count, desc, eq, isNull, sql } from "drizzle-orm";

import { posts, type PostTranslation, postTranslations } from "#db/schema";
import { getDb } from "~/platform/db.server";
import type { Language } from "~/platform/i18n/languages";

/**
 * A page of every translation into `lang` (drafts too, `status` if given), most recently changed first,
 * with how many there are: the staff's GET /api/blog?lang=. Only the page is read: a translation and its
 * source may each hold a 500 KB body, so reading them all for a page of 50 would not stay bounded.
 */
export function staffTranslationsPage(
  lang: Language,
  { status, limit, offset }: { status?: string; limit: number; offset: number },
): { rows: { translation: PostTranslation; source: { updatedAt: Date } }[]; total: number } {
  const db = getDb();
  const where = and(
    eq(postTranslations.lang, lang),
    isNull(posts.deletedAt),
    status ? eq(postTranslations.status, status as PostTranslation["status"]) : undefined,
  );
  const rows = db
    .select({ translation: postTranslations, source: { updatedAt: posts.updatedAt } })
    .from(postTranslations)
    .innerJoin(posts, eq(posts.id, postTranslations.postId))
    .where(where)
    // Made last first among those changed in the same millisecond: the pages never overlap.
    .orderBy(desc(postTranslations.updatedAt), desc(sql`"post_translations"."rowid"`))
    .limit(limit)
    .offset(offset)
    .all();
  const total =
    db
      .select({ n: count() })
      .from(postTranslations)
      .innerJoin(posts, eq(posts.id, postTranslations.postId))
      .where(where)
      .get()?.n ?? 0;
  return { rows, total };
}
