import { and, countDistinct, eq, inArray, isNull } from "drizzle-orm";

import { importedItems, importFailures, importHeldPosts, teamMembers, users } from "#db/schema";
import { getDb } from "~/platform/db.server";

/** What an old site's item became here, and when: undefined when it was never imported. */
export function imported(site: string, oldKey: string): { value: string; at: Date } | undefined {
  const row = getDb()
    .select({ value: importedItems.newValue, at: importedItems.createdAt })
    .from(importedItems)
    .where(and(eq(importedItems.site, site), eq(importedItems.oldKey, oldKey)))
    .get();
  return row ?? undefined;
}

/** Notes what an old site's item became here (the first time wins: an import run again adds nothing). */
export function remember(site: string, oldKey: string, newValue: string) {
  getDb().insert(importedItems).values({ site, oldKey, newValue }).onConflictDoNothing().run();
}

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase("en-IE") === b.trim().toLocaleLowerCase("en-IE");

/**
 * The member of staff an old site's author is: by their name, their username, or the name of the team
 * member their account is linked to. Null when none matches (the post is then signed by the team).
 */
export function matchAuthor(name: string, login: string): string | null {
  const staff = getDb()
    .select({ id: users.id, name: users.name, username: users.username, member: teamMembers.name })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.id, users.teamMemberId))
    .all();
  const found = staff.find(
    (person) =>
      (name && (sameName(person.name, name) || (person.member && sameName(person.member, name)))) ||
      (login && sameName(person.username, login)),
  );
  return found?.id ?? null;
}

export type Failure = { postId: string; kind: "image" | "cover" | "media"; address: string; source: string };

/** Notes what a post of an import could not bring (its old address, and the file to fetch). */
export function noteFailures(importId: string, failures: Failure[]) {
  if (failures.length)
    getDb()
      .insert(importFailures)
      .values(failures.map((failure) => ({ importId, ...failure })))
      .onConflictDoNothing()
      .run();
}

/** What an import still misses. */
export function failuresOf(importId: string): Failure[] {
  return getDb()
    .select({
      postId: importFailures.postId,
      kind: importFailures.kind,
      address: importFailures.address,
      source: importFailures.source,
    })
    .from(importFailures)
    .where(eq(importFailures.importId, importId))
    .all();
}

/** A post's misses that are now here: images (and covers), or other files; without a kind, all. */
export function forgetFailures(
  importId: string,
  postId: string,
  addresses: string[],
  kind?: "image" | "media",
) {
  if (addresses.length)
    getDb()
      .delete(importFailures)
      .where(
        and(
          eq(importFailures.importId, importId),
          eq(importFailures.postId, postId),
          inArray(importFailures.address, addresses),
          kind && inArray(importFailures.kind, kind === "media" ? ["media"] : ["image", "cover"]),
        ),
      )
      .run();
}

/** The files an import could not fetch, each counted once however many posts use it. */
export function failedCounts(importId: string): { imagesFailed: number; mediaFailed: number } {
  const files = (kinds: Failure["kind"][]) =>
    getDb()
      .select({ n: countDistinct(importFailures.source) })
      .from(importFailures)
      .where(and(eq(importFailures.importId, importId), inArray(importFailures.kind, kinds)))
      .get()?.n ?? 0;
  return { imagesFailed: files(["image", "cover"]), mediaFailed: files(["media"]) };
}

/** A post kept as a draft only because files were missing: the status it had there, as the import left it. */
export function holdPost(
  importId: string,
  postId: string,
  status: "published" | "scheduled",
  untouchedAt: Date,
) {
  getDb()
    .insert(importHeldPosts)
    .values({ importId, postId, status, untouchedAt })
    .onConflictDoNothing()
    .run();
}

/** The posts an import holds as drafts, and what became of each after a retry. */
export function heldPostsOf(importId: string) {
  return getDb().select().from(importHeldPosts).where(eq(importHeldPosts.importId, importId)).all();
}

/** A held post's end: put live by a retry (`released`), or left a draft because it was edited (`kept`). */
export function settleHeldPost(importId: string, postId: string, end: "released" | "kept" | "gone") {
  const where = and(
    eq(importHeldPosts.importId, importId),
    eq(importHeldPosts.postId, postId),
    isNull(importHeldPosts.releasedAt),
  );
  if (end === "gone") getDb().delete(importHeldPosts).where(where).run();
  else
    getDb()
      .update(importHeldPosts)
      .set(end === "released" ? { releasedAt: new Date() } : { keptAt: new Date() })
      .where(where)
      .run();
}
