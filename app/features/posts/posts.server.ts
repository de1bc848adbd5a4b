import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";

import { oldAddresses, type Post, posts, postTags, teamMembers, users } from "#db/schema";
import { followEndRedirect } from "~/features/editor/index.server";
import { contentVersion, type Db, getDb } from "~/platform/db.server";
import { likeAnyCase, spellingAmong } from "~/platform/text/slug";
import { inAnyCase } from "~/platform/text/tags";

import { POSTS_PER_PAGE } from "./content";
import { postSlugIn } from "./post-end";
import type { PostStatus } from "./post-save.server";

export { type PostDraft, type PostStatus, restoreRevision, savePost } from "./post-save.server";

export const POST_STATUSES = ["draft", "scheduled", "published"] as const satisfies readonly PostStatus[];

export { POSTS_PER_PAGE };
export const RELATED_POSTS = 3;

const notDeleted = isNull(posts.deletedAt);
const isPublished = and(eq(posts.status, "published"), notDeleted);

export type PostAuthor = { name: string; photo: string | null; role: string | null };

/**
 * Who wrote each post (by author id): their name (their own, else their team member's) and the team
 * member's photo and role when linked. A post without one (seeded, or its author removed) has none
 * here and shows the agency's label.
 */
export function postAuthors(authorIds: (string | null)[]): Map<string, PostAuthor> {
  const ids = [...new Set(authorIds.filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const rows = getDb()
    .select({
      id: users.id,
      name: users.name,
      member: teamMembers.name,
      photo: teamMembers.photo,
      role: teamMembers.role,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.id, users.teamMemberId))
    .where(inArray(users.id, ids))
    .all();
  return new Map(
    rows
      .filter((row) => row.name || row.member)
      .map((row) => [
        row.id,
        { name: row.name || row.member!, photo: row.photo ?? null, role: row.role ?? null },
      ]),
  );
}

/** Every published post, newest first: the sitemap. (The API and the feed take a page at a time.) */
export function listPublishedPosts(): Post[] {
  return getDb().select().from(posts).where(isPublished).orderBy(desc(posts.createdAt)).all();
}

/**
 * Every published post's title, address and last change, newest first: the sitemap and the 404's
 * suggestions (their bodies, up to 500 KB each, are not read).
 */
export function listPublishedPostAddresses(): Pick<Post, "title" | "slug" | "updatedAt">[] {
  return getDb()
    .select({ title: posts.title, slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isPublished)
    .orderBy(desc(posts.createdAt))
    .all();
}

/** The newest published posts' titles, addresses and excerpts (/llms.txt names them). */
export function listNewestPosts(limit: number): Pick<Post, "title" | "slug" | "excerpt">[] {
  return getDb()
    .select({ title: posts.title, slug: posts.slug, excerpt: posts.excerpt })
    .from(posts)
    .where(isPublished)
    .orderBy(desc(posts.createdAt))
    .limit(limit)
    .all();
}

/** Every post that is not deleted, drafts included, most recently changed first: the admin list. */
export function listAllPosts(): Post[] {
  return getDb().select().from(posts).where(notDeleted).orderBy(desc(posts.updatedAt)).all();
}

/** `%` and `_` typed by a visitor are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The full-text index matches substrings of 3+ characters (trigrams); shorter ones are scanned for. */
const MIN_INDEXED_QUERY = 3;

/** Posts whose title or excerpt contains `query`, case-insensitively. */
function titleOrExcerptContains(query: string): SQL {
  if ([...query].length >= MIN_INDEXED_QUERY) {
    // One quoted phrase: whatever the visitor typed (quotes doubled) is text, never query syntax.
    const phrase = `"${query.replace(/"/g, '""')}"`;
    return sql`${posts}.rowid in (select rowid from posts_search where posts_search match ${phrase})`;
  }
  const pattern = likePattern(query);
  return or(
    sql`${posts.title} like ${pattern} escape '\\'`,
    sql`${posts.excerpt} like ${pattern} escape '\\'`,
  )!;
}

export type PostSearch = { q?: string; tag?: string; page?: number; pageSize?: number };

/**
 * One page of the public blog: published posts whose title or excerpt contains `q` (case-insensitive)
 * and that carry `tag`, newest first, with the total count for the result line and the pager.
 */
export function searchPublishedPosts({ q = "", tag = "", page = 1, pageSize = POSTS_PER_PAGE }: PostSearch) {
  const conditions: (SQL | undefined)[] = [isPublished];
  // No text holds a NUL, and the full-text index reads its query as a C string: one would end the
  // query inside its quotes (an SQL error).
  const query = q.replaceAll("\0", "").trim();
  if (query) conditions.push(titleOrExcerptContains(query));
  if (tag) {
    conditions.push(
      inArray(posts.id, getDb().select({ id: postTags.postId }).from(postTags).where(eq(postTags.tag, tag))),
    );
  }
  const where = and(...conditions);
  const db = getDb();
  const total = db.select({ n: count() }).from(posts).where(where).get()?.n ?? 0;
  const found = db
    .select()
    .from(posts)
    .where(where)
    .orderBy(desc(posts.createdAt))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .all();
  return { posts: found, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

const tagLists = new WeakMap<Db, { version: string; tags: string[] }>();

/**
 * Every tag used by a published post, most used first, then alphabetically. Every blog page shows it
 * and it only changes with the posts, so it is kept until the posts change.
 */
export function listPublishedTags(): string[] {
  const db = getDb();
  const version = contentVersion("posts", db);
  const kept = tagLists.get(db);
  if (kept?.version === version) return kept.tags;
  const tags = countPublishedTags();
  tagLists.set(db, { version, tags });
  return tags;
}

/**
 * How many topics the blog lists (its pills and "More topics"): the most used. An imported site's
 * hundreds of one-post tags stay reachable from each post's tag links and a search naming one.
 */
export const TOPICS_LISTED = 48;

/**
 * The topics the blog offers, most used first: the first TOPICS_LISTED, with the chosen one and the
 * one a search names exactly (any case) added when they are further down.
 */
export function listedTopics(q: string, tag: string, listed = TOPICS_LISTED): string[] {
  const all = listPublishedTags();
  const shown = all.slice(0, listed);
  for (const extra of [tag, inAnyCase(all, q.trim())])
    if (extra && !shown.includes(extra) && all.includes(extra)) shown.push(extra);
  return shown;
}

function countPublishedTags(): string[] {
  return getDb()
    .select({ tag: postTags.tag, uses: count() })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .where(isPublished)
    .groupBy(postTags.tag)
    .orderBy(desc(count()), postTags.tag)
    .all()
    .map((row) => row.tag);
}

/** A published post's id and address by its address (hreflang: its body is not read). */
export function publishedPostAddress(slug: string): { id: string; slug: string } | undefined {
  return getDb()
    .select({ id: posts.id, slug: posts.slug })
    .from(posts)
    .where(and(eq(posts.slug, slug), isPublished))
    .get();
}

/** A post by slug; drafts only when asked for (the signed-in admin). */
export function getPostBySlug(
  slug: string,
  { includeDrafts = false }: { includeDrafts?: boolean } = {},
): Post | undefined {
  return getDb()
    .select()
    .from(posts)
    .where(and(eq(posts.slug, slug), includeDrafts ? notDeleted : isPublished))
    .get();
}

export function getPostById(id: string): Post | undefined {
  return getDb()
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), notDeleted))
    .get();
}

/**
 * Other published posts: those sharing the most tags with `post` first, then the newest. The shared
 * tags are matched in the database, not sent as a list: an imported post may carry thousands.
 */
export function listRelatedPosts(post: Pick<Post, "id" | "tags">, limit = RELATED_POSTS): Post[] {
  const newest = desc(posts.createdAt);
  const order = post.tags.length
    ? [
        desc(
          sql`(select count(*) from post_tags theirs join post_tags own on own.tag = theirs.tag where theirs.post_id = ${posts.id} and own.post_id = ${post.id})`,
        ),
        newest,
      ]
    : [newest];
  return getDb()
    .select()
    .from(posts)
    .where(and(isPublished, ne(posts.id, post.id)))
    .orderBy(...order)
    .limit(limit)
    .all();
}

/**
 * The slug of the published post that `sent` names in another case ("Some-Post" for "some-post"), or
 * undefined when a post has `sent` as it is or none has it in any case.
 */
export function publishedPostSlugSpelledAs(sent: string): string | undefined {
  const stored = getDb()
    .select({ slug: posts.slug })
    .from(posts)
    .where(and(isPublished, sql`${posts.slug} like ${likeAnyCase(sent)} escape '\\'`))
    .all();
  return spellingAmong(
    sent,
    stored.map((row) => row.slug),
  );
}

const endedRow = (slug: string) =>
  getDb()
    .select({ endRedirect: posts.endRedirect })
    .from(posts)
    .where(and(eq(posts.slug, slug), eq(posts.status, "draft"), isNotNull(posts.endedAt), notDeleted))
    .get();

/**
 * A post that left the site at its end, by its address: where it sends visitors (null: 410 Gone),
 * followed through other ended posts, never round in a loop.
 */
export const endedPostAt = (slug: string) => followEndRedirect(slug, endedRow, postSlugIn);

/** The current slug of the published post that once lived at `oldSlug`, for a 301. */
export function findRedirectedSlug(oldSlug: string, { includeDrafts = false } = {}): string | undefined {
  return getDb()
    .select({ slug: posts.slug })
    .from(oldAddresses)
    .innerJoin(posts, eq(posts.id, oldAddresses.postId))
    .where(
      and(
        eq(oldAddresses.kind, "post"),
        eq(oldAddresses.oldSlug, oldSlug),
        includeDrafts ? notDeleted : isPublished,
      ),
    )
    .get()?.slug;
}
