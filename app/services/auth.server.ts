import { redirect } from "react-router";

import { LoginError } from "./errors.server";
import { recordLoginSuccess, retryMessage, takeLoginAttempt } from "./login-throttle.server";
import { HashingBusyError, timingDummyHash, verifyPassword } from "./password.server";
import { hasSessionCookie, sessionStorage } from "./sessions.server";
import { findUserByUsername, getUserById, type PublicUser } from "./users.server";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const SIGN_IN_BUSY = "Sign-in is busy just now. Please try again in a few seconds.";
const BUSY_RETRY_SECONDS = 5;

/**
 * Checks a username and password. The attempt is counted first (login-throttle), so parallel
 * guesses cannot slip past the limit, and the hash waits its turn (password.server): a burst is
 * answered 429/503 at once instead of computing a hash each. The same message and about the same
 * time whether or not the user exists.
 */
export async function verifyCredentials(username: string, password: string, ip: string): Promise<PublicUser> {
  const wait = await takeLoginAttempt(username, ip);
  if (wait > 0) throw new LoginError(retryMessage(wait), 429, wait);
  const user = findUserByUsername(username.trim());
  let valid: boolean;
  try {
    valid = await verifyPassword(password, user?.password ?? (await timingDummyHash()));
  } catch (error) {
    if (error instanceof HashingBusyError) throw new LoginError(SIGN_IN_BUSY, 503, BUSY_RETRY_SECONDS);
    throw error;
  }
  if (!user || !valid) throw new LoginError(INVALID_CREDENTIALS, 401);
  await recordLoginSuccess(username, ip);
  return { id: user.id, username: user.username };
}

/** A fresh session for the user (the browser noted, for the sessions list); returns the Set-Cookie value. */
export async function startSession(userId: string, userAgent = ""): Promise<string> {
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  session.set("userAgent", userAgent);
  return storage.commitSession(session);
}

/** The id of the session a request carries (to mark "this device"), if it is a live one. */
export async function currentSessionId(request: Request): Promise<string | undefined> {
  const cookie = request.headers.get("Cookie");
  if (!hasSessionCookie(cookie)) return undefined;
  const session = await sessionStorage().getSession(cookie);
  return session.get("userId") ? session.id : undefined;
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
  if (!hasSessionCookie(cookie)) return null;
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
