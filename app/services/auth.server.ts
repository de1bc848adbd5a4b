import { redirect } from "react-router";

import { LoginError } from "./errors.server";
import {
  loginRetryAfter,
  recordLoginFailure,
  recordLoginSuccess,
  retryMessage,
} from "./login-throttle.server";
import { timingDummyHash, verifyPassword } from "./password.server";
import { sessionStorage } from "./sessions.server";
import { findUserByUsername, getUserById, type PublicUser } from "./users.server";

export const INVALID_CREDENTIALS = "Invalid username or password";

/**
 * Checks a username and password, with the throttle in front: the same message and about the same
 * time whether or not the user exists.
 */
export async function verifyCredentials(username: string, password: string, ip: string): Promise<PublicUser> {
  const wait = await loginRetryAfter(username, ip);
  if (wait > 0) throw new LoginError(retryMessage(wait), 429, wait);
  const user = findUserByUsername(username.trim());
  const valid = await verifyPassword(password, user?.password ?? (await timingDummyHash()));
  if (!user || !valid) {
    await recordLoginFailure(username, ip);
    throw new LoginError(INVALID_CREDENTIALS, 401);
  }
  await recordLoginSuccess(username);
  return { id: user.id, username: user.username };
}

/** A fresh session for the user; returns the Set-Cookie header value. */
export async function startSession(userId: string): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  return storage.commitSession(session);
}

/** Ends the session server-side; returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

/** The signed-in admin, or null (no cookie, a forged or expired one, or a removed user). */
export async function getSessionUser(request: Request): Promise<PublicUser | null> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__session=")) return null;
  const session = await sessionStorage().getSession(cookie);
  const userId = session.get("userId");
  return userId ? (getUserById(userId) ?? null) : null;
}

/** For admin pages: the admin, or a redirect to the sign-in page. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/admin/login");
  return user;
}

/** For /api writes: the admin, or a 401 JSON answer. */
export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const user = await getSessionUser(request);
  if (!user) throw Response.json({ error: "Authentication required" }, { status: 401 });
  return user;
}
