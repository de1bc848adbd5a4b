import { and, count, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";

import { type Post, posts } from "#db/schema";
import { getDb, type Tx } from "~/platform/db.server";
import { runTask, type Task } from "~/platform/tasks.server";
import { checkWriting, type WritingProblem } from "~/platform/text/writing-checks";

/** A post's fields the checks read. */
type Checked = Pick<
  Post,
  | "id"
  | "title"
  | "content"
  | "excerpt"
  | "seoTitle"
  | "seoDescription"
  | "socialImage"
  | "coverImage"
  | "coverAlt"
>;

/** Whether the site answers a path: only the pages feature knows every page (connected at start). */
type PageChecker = (path: string) => boolean;
let makePageChecker: (() => PageChecker) | null = null;

/** How the checks learn whether an internal link's page exists (the pages feature's pageChecker). */
export function checkLinksWith(make: () => PageChecker) {
  makePageChecker = make;
}

/** Marks what links to posts to be counted again (the pages: connected at start), in the write's transaction. */
let markLinkingPages: ((tx: Tx) => void) | null = null;

/** How a post going live, leaving the site or moving tells the counts of what links to it. */
export function postAddressesChangedWith(mark: (tx: Tx) => void) {
  markLinkingPages = mark;
}

/**
 * After a write that put a post's address on the site, took it off or moved it: a page linking there
 * may now lead nowhere, or somewhere again, so the pages are counted again by the background count
 * (started by countMarkedPosts after the write).
 */
export function postAddressesChanged(tx: Tx) {
  markLinkingPages?.(tx);
}

/** Whether a save changed the addresses the site answers for a post (it went live, left, or moved). */
export const addressChanged = (
  before: Pick<Post, "status" | "slug"> | undefined,
  after: Pick<Post, "status" | "slug">,
): boolean => {
  const liveBefore = before?.status === "published";
  const liveAfter = after.status === "published";
  return liveBefore !== liveAfter || (liveAfter && before?.slug !== after.slug);
};

type Reader = Pick<Tx, "select">;

/** Another post (not deleted) has this title, in any case. */
function titleTaken(db: Reader, post: Pick<Post, "id" | "title">): boolean {
  return Boolean(
    db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          isNull(posts.deletedAt),
          ne(posts.id, post.id),
          sql`lower(${posts.title}) = lower(${post.title.trim()})`,
        ),
      )
      .limit(1)
      .get(),
  );
}

/**
 * The checks while writing of a post as saved (what `GET /api/blog/{id}/checks` answers): the pure
 * checks, with whether another post has its title and whether its internal links' pages exist.
 */
export function checkPost(
  post: Checked,
  db: Reader = getDb(),
  pageExists = makePageChecker?.(),
): WritingProblem[] {
  return checkWriting(
    {
      title: post.title,
      html: post.content,
      summary: post.excerpt,
      seoTitle: post.seoTitle,
      seoDescription: post.seoDescription,
      socialImage: post.socialImage,
      coverImage: post.coverImage,
      coverAlt: post.coverAlt,
    },
    { duplicateTitle: titleTaken(db, post), pageExists },
  );
}

/**
 * What the editor's checks need of the saved post that only the server knows: its title, when another
 * post has it, and its internal links whose pages do not exist (the browser checks the rest as one types).
 */
export function savedCheckFacts(post: Checked): { duplicateTitle: string | null; brokenLinks: string[] } {
  const exists = makePageChecker?.();
  const brokenLinks: string[] = [];
  const pageExists = exists
    ? (path: string) => {
        const found = exists(path);
        if (!found) brokenLinks.push(path);
        return found;
      }
    : undefined;
  checkWriting({ title: post.title, html: post.content, summary: post.excerpt }, { pageExists });
  return { duplicateTitle: titleTaken(getDb(), post) ? post.title : null, brokenLinks };
}

/**
 * Keeps a saved post's count of problems (the posts list filters on it), in the save's transaction.
 * The posts that had or now have its title changed with it (their duplicate came or went): they are
 * marked to be counted again by the background count, in slices, after the save has let go of the
 * database, however many of them an import made.
 */
export function recordPostChecks(tx: Tx, post: Post, titleBefore?: string): Post {
  const checkProblems = checkPost(post, tx).length;
  tx.update(posts).set({ checkProblems }).where(eq(posts.id, post.id)).run();
  const titles = [...new Set([titleBefore, post.title].flatMap((t) => (t?.trim() ? [t.trim()] : [])))];
  if (titles.length > 0)
    tx.update(posts)
      .set({ checkProblems: null })
      .where(
        and(
          isNull(posts.deletedAt),
          ne(posts.id, post.id),
          or(...titles.map((title) => sql`lower(${posts.title}) = lower(${title})`)),
        ),
      )
      .run();
  return { ...post, checkProblems };
}

/** After a save: the posts it marked are counted soon, not at the next half-minute. */
export const countMarkedPosts = () => runTask(writingChecksTask.name);

const withProblems = and(isNull(posts.deletedAt), gt(posts.checkProblems, 0));

/** The posts whose checks found problems at their last save, last changed first (the list's filter). */
export function listPostsWithProblems(): Post[] {
  return getDb().select().from(posts).where(withProblems).orderBy(desc(posts.updatedAt)).all();
}

/** How many posts have problems (posts_check_problems_idx). */
export function countPostsWithProblems(): number {
  return getDb().select({ n: count() }).from(posts).where(withProblems).get()?.n ?? 0;
}

/** Posts read a run by the background count (imported or older posts, never saved in the editor). */
const UNCHECKED_A_RUN = 25;
/** A run stops once it has held the event loop this long (a post's checks take about a millisecond). */
const RUN_BUDGET_MS = 50;

/** Counts the problems of up to `limit` posts never counted, within the run's budget; whether any are left. */
export function checkUncheckedPosts(limit = UNCHECKED_A_RUN): boolean {
  const db = getDb();
  const unchecked = db
    .select()
    .from(posts)
    .where(and(isNull(posts.checkProblems), isNull(posts.deletedAt)))
    .limit(limit)
    .all();
  const pageExists = makePageChecker?.();
  const started = performance.now();
  for (const post of unchecked) {
    db.update(posts)
      .set({ checkProblems: checkPost(post, db, pageExists).length })
      .where(eq(posts.id, post.id))
      .run();
    if (performance.now() - started > RUN_BUDGET_MS) return true;
  }
  return unchecked.length === limit;
}

let moreUnchecked = false;

/** What else the background count counts (case studies, connected at start): each says whether any are left. */
const otherCounters: Array<() => boolean> = [];
export function countUncheckedWith(counter: () => boolean) {
  otherCounters.push(counter);
}

/**
 * Counts the problems of posts that came in other ways than the editor (a WordPress import, the
 * starting posts, posts from before the checks): a slice a run, the next soon after while any are left.
 */
export const writingChecksTask: Task = {
  name: "writing-checks",
  label: "Counts the writing problems of imported and older posts, for the posts list's filter",
  every: () => (moreUnchecked ? 100 : 30_000),
  atStart: true,
  run: () => {
    moreUnchecked = [checkUncheckedPosts, ...otherCounters].map((counter) => counter()).some(Boolean);
  },
};
