import { createHash, randomBytes } from "node:crypto";

import { and, desc, eq, gt, lt, ne, or } from "drizzle-orm";
import { createCookie, createSessionStorage } from "react-router";

import { sessions } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A session nobody has used for this long ends (a working day), whatever its cookie says. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

/** Neither past its 7 days nor idle too long (what readData and the list both ask). */
const isLive = (now: number) =>
  and(gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)));

/**
 * The session cookie's name: on https the `__Host-` prefix makes browsers refuse it unless it is
 * Secure, for this exact host and path / (no subdomain can set or shadow it).
 */
export function sessionCookieName(siteUrl = getEnv().SITE_URL): string {
  return siteUrl.startsWith("https:") ? "__Host-session" : "__session";
}

/** Whether a request carries a session cookie at all (cheap; says nothing about its validity). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  const prefix = `${sessionCookieName()}=`;
  return Boolean(cookieHeader?.split(";").some((pair) => pair.trimStart().startsWith(prefix)));
}

/** `confirmedAt`: when the person last proved it was them (signing in, or "confirm it's you"). */
type SessionData = { userId: string; userAgent?: string; confirmedAt?: number };

/**
 * Sessions live in the database; the cookie holds only a random id, signed with SESSION_SECRET.
 * httpOnly, SameSite=Lax, Secure whenever the site is served over https, 7 days at most and
 * SESSION_IDLE_MS without use.
 */
function createStorage() {
  const env = getEnv();
  const cookie = createCookie(sessionCookieName(env.SITE_URL), {
    httpOnly: true,
    sameSite: "lax",
    secure: env.SITE_URL.startsWith("https:"),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: [env.SESSION_SECRET],
  });
  return createSessionStorage<SessionData>({
    cookie,
    createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      getDb()
        .insert(sessions)
        .values({
          id,
          userId: String(data.userId),
          data: { userId: data.userId, ...(data.confirmedAt && { confirmedAt: data.confirmedAt }) },
          userAgent: (data.userAgent ?? "").slice(0, 300),
          expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        })
        .run();
      return Promise.resolve(id);
    },
    readData(id) {
      const now = Date.now();
      const row = getDb()
        .select({ data: sessions.data, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(and(eq(sessions.id, id), isLive(now)))
        .get();
      if (row && now - (row.lastSeenAt?.getTime() ?? 0) > TOUCH_EVERY_MS) {
        getDb()
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.id, id))
          .run();
      }
      return Promise.resolve((row?.data as SessionData | undefined) ?? null);
    },
    updateData(id, data, expires) {
      getDb()
        .update(sessions)
        .set({ data, ...(expires && { expiresAt: expires }) })
        .where(eq(sessions.id, id))
        .run();
      return Promise.resolve();
    },
    deleteData(id) {
      getDb().delete(sessions).where(eq(sessions.id, id)).run();
      return Promise.resolve();
    },
  });
}

let storage: ReturnType<typeof createStorage> | undefined;
export function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

/**
 * Whether a Cookie header carries a live session: the session cookie, correctly signed, naming a
 * session that has not expired. Only such a request skips the page cache (the admin may see drafts);
 * a visitor's other cookies, or a forged or stale session cookie, are served from it.
 */
export async function hasLiveSession(cookieHeader: string | null | undefined): Promise<boolean> {
  if (!hasSessionCookie(cookieHeader)) return false;
  const session = await sessionStorage().getSession(cookieHeader);
  return session.has("userId");
}

/** Signs a user out everywhere (but the session `keep`, when given: the one changing the password). */
export function deleteUserSessions(userId: string, keep?: string) {
  getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .run();
}

/** Drops expired and idle rows; called now and then so the table does not grow forever. */
export function purgeExpiredSessions() {
  const now = Date.now();
  getDb()
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))),
    )
    .run();
}

/** A session as its owner sees it; `handle` names it in forms (the id itself is the secret in the cookie). */
export type SessionSummary = {
  handle: string;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

const handleOf = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

/** The user's live sessions, most recently used first. */
export function listUserSessions(userId: string, currentId: string | undefined): SessionSummary[] {
  const now = Date.now();
  return getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isLive(now)))
    .orderBy(desc(sessions.lastSeenAt))
    .all()
    .map((row) => ({
      handle: handleOf(row.id),
      userAgent: row.userAgent,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt ?? row.createdAt,
      current: row.id === currentId,
    }));
}

/** Ends one of the user's sessions by its handle; false when there is no such session. */
export function endUserSession(userId: string, handle: string): boolean {
  const ids = getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all();
  const match = ids.find((row) => handleOf(row.id) === handle);
  if (!match) return false;
  getDb().delete(sessions).where(eq(sessions.id, match.id)).run();
  return true;
}

/** Ends every session of the user but the one in use. */
export function endOtherSessions(userId: string, currentId: string) {
  getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .run();
}
