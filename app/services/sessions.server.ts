import { randomBytes } from "node:crypto";

import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie, createSessionStorage } from "react-router";

import { getDb } from "#db/client";
import { sessions } from "#db/schema";
import { getEnv } from "~/env.server";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

type SessionData = { userId: string };

/**
 * The name of the admin's session cookie, in one place: the cookie is made with it and the page
 * cache (`hasLiveSession`) looks for it, so a change of name (e.g. `__Host-` on https) is made here.
 */
export function sessionCookieName(): string {
  return "__session";
}

/**
 * Sessions live in the database; the cookie holds only a random id, signed with SESSION_SECRET.
 * httpOnly, SameSite=Lax, Secure whenever the site is served over https, 7 days.
 */
function createStorage() {
  const env = getEnv();
  const cookie = createCookie(sessionCookieName(), {
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
          data,
          expiresAt: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        })
        .run();
      return Promise.resolve(id);
    },
    readData(id) {
      const row = getDb()
        .select({ data: sessions.data })
        .from(sessions)
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
        .get();
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
  const prefix = `${sessionCookieName()}=`;
  if (!cookieHeader?.split(";").some((pair) => pair.trimStart().startsWith(prefix))) return false;
  const session = await sessionStorage().getSession(cookieHeader);
  return session.has("userId");
}

/** Signs every session of a user out (after a password change). */
export function deleteUserSessions(userId: string) {
  getDb().delete(sessions).where(eq(sessions.userId, userId)).run();
}

/** Drops expired rows; called now and then so the table does not grow forever. */
export function purgeExpiredSessions() {
  getDb().delete(sessions).where(lt(sessions.expiresAt, new Date())).run();
}
