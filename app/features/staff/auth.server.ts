import { createCookie } from "react-router";

import { audit, auditFailedSignIn } from "~/features/audit/index.server";
import { getEnv } from "~/platform/env.server";
import { FieldError, LoginError } from "~/platform/http/errors.server";
import { setRequestActor } from "~/platform/http/request-scope.server";
import { openToken, sealToken } from "~/platform/sealed-token.server";

import { knownDeviceCookieFor, knownDeviceOf } from "./credentials/known-device.server";
import { verifyPasskeySignIn } from "./credentials/passkeys.server";
import { HashingBusyError, timingDummyHash, verifyPassword } from "./credentials/password.server";
import { secondFactorOf, unusedRecoveryCodes, verifySecondFactor } from "./credentials/two-factor.server";
import {
  codeStepBlockedFor,
  giveBackLoginAttempt,
  newDevicesBlockedFor,
  newDevicesBlockedMessage,
  recordCodeSuccess,
  recordLoginSuccess,
  recordPasskeySuccess,
  retryMessage,
  takeCodeAttempt,
  takeLoginAttempt,
  takePasskeyAttempt,
  tooManyCodesMessage,
} from "./login-throttle.server";
import { hasSessionCookie, sessionStorage } from "./sessions.server";
import {
  findUserByUsername,
  firstPasswordHash,
  getUserById,
  markSignedIn,
  type StaffUser,
} from "./users.server";

export const INVALID_CREDENTIALS = "Invalid username or password";
export const SIGN_IN_BUSY = "Sign-in is busy just now. Please try again in a few seconds.";
const BUSY_RETRY_SECONDS = 5;

/**
 * Checks a username and password. The attempt is counted first (login-throttle), so parallel
 * guesses cannot slip past the limit, and the hash waits its turn (password.server): a burst is
 * answered 429/503 at once instead of computing a hash each, and a 503 gives its point back. A
 * browser the account has signed in on (its note in `cookieHeader`) is counted on its own and served
 * first. The same message and about the same time whether or not the user exists (or has a password:
 * a passkey-only account has none).
 */
export async function verifyCredentials(
  username: string,
  password: string,
  ip: string,
  cookieHeader: string | null = null,
): Promise<StaffUser> {
  const user = findUserByUsername(username.trim());
  const device = await knownDeviceOf(cookieHeader);
  const knownDevice = user && device?.userId === user.id ? device.key : undefined;
  const wait = await takeLoginAttempt(username, ip, knownDevice);
  if (wait > 0) {
    const newDevicesWait = knownDevice ? 0 : await newDevicesBlockedFor(username);
    if (newDevicesWait > 0)
      throw new LoginError(newDevicesBlockedMessage(newDevicesWait), 429, newDevicesWait);
    throw new LoginError(retryMessage(wait), 429, wait);
  }
  let valid: boolean;
  try {
    const stored = user?.password || (await timingDummyHash(firstPasswordHash()));
    valid = await verifyPassword(password, stored, knownDevice ? "known-device" : "other");
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await giveBackLoginAttempt(username, ip, knownDevice);
    throw new LoginError(SIGN_IN_BUSY, 503, BUSY_RETRY_SECONDS);
  }
  if (!user || !valid) {
    auditFailedSignIn(username, user ? "Wrong password" : "No such user");
    throw new LoginError(INVALID_CREDENTIALS, 401);
  }
  await recordLoginSuccess(username, ip, knownDevice);
  return { id: user.id, username: user.username, role: user.role, name: user.name };
}

/**
 * A fresh session for the user (the browser noted, for the sessions list); returns the Set-Cookie
 * value. Every way of signing in ends here, so this is where a sign-in is recorded.
 */
export async function startSession(userId: string, userAgent = "", how = "a password"): Promise<string> {
  const user = getUserById(userId);
  if (!user) throw new LoginError(INVALID_CREDENTIALS, 401);
  const storage = sessionStorage();
  const session = await storage.getSession();
  session.set("userId", user.id);
  session.set("userAgent", userAgent);
  session.set("confirmedAt", Date.now());
  setRequestActor(user);
  markSignedIn(user.id);
  audit("sign-in", `With ${how}`);
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

/** The signed-in member of staff, or null (no cookie, a forged or expired one, or a removed user). */
export async function getSessionUser(request: Request): Promise<StaffUser | null> {
  const cookie = request.headers.get("Cookie");
  if (!hasSessionCookie(cookie)) return null;
  const session = await sessionStorage().getSession(cookie);
  const userId = session.get("userId");
  const user = userId ? (getUserById(userId) ?? null) : null;
  if (user) setRequestActor(user);
  return user;
}

/** A short-lived cookie of the sign-in's own (a second step pending, a passkey challenge). */
function stepCookie(name: string) {
  const https = getEnv().SITE_URL.startsWith("https:");
  return createCookie(https ? `__Host-${name}` : name, {
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    path: "/",
    maxAge: SIGN_IN_STEP_SECONDS,
  });
}
const SIGN_IN_STEP_SECONDS = 5 * 60;
export const secondStepCookie = () => stepCookie("signin-step");
export const passkeyChallengeCookie = () => stepCookie("passkey-challenge");

export const PASSKEY_ONLY =
  "This account signs in with a passkey, or the password and a code. Use “Sign in with a passkey”.";

/**
 * After a right password: a session, unless the account requires a second step. Then a sealed note
 * (which user, for five minutes) goes in a cookie and the code is asked for next; an account whose only
 * second step is a passkey is told to use it. Either way the browser is now one the account has
 * signed in on (`knownDevice`, a Set-Cookie value): only the password's person gets here.
 */
export async function afterPassword(
  user: StaffUser,
  userAgent: string,
): Promise<({ session: string } | { secondStep: string }) & { knownDevice: string }> {
  const factors = secondFactorOf(user.id);
  const knownDevice = await knownDeviceCookieFor(user.id);
  if (!factors.required) return { session: await startSession(user.id, userAgent), knownDevice };
  if (!factors.totp) {
    auditFailedSignIn(user.username, "Password alone (a passkey is required)");
    throw new LoginError(PASSKEY_ONLY, 401);
  }
  const blocked = await codeStepBlockedFor(user.id);
  if (blocked > 0) throw new LoginError(tooManyCodesMessage(blocked), 429, blocked);
  const note = sealToken("sign-in-step", user.id, SIGN_IN_STEP_SECONDS * 1000);
  return { secondStep: await secondStepCookie().serialize(note), knownDevice };
}

/** Who passed the password step and is asked for the code, from the cookie; null when none or too late. */
export async function pendingSecondStep(request: Request): Promise<StaffUser | null> {
  const note: unknown = await secondStepCookie().parse(request.headers.get("Cookie"));
  const opened = typeof note === "string" ? openToken("sign-in-step", note) : null;
  if (!opened || opened === "expired") return null;
  // Too many wrong codes void every pending step of the account, from wherever it was begun.
  if ((await codeStepBlockedFor(opened.email)) > 0) return null;
  return getUserById(opened.email) ?? null;
}

export const WRONG_CODE = "That code is not right. Use the newest code from your app, or a recovery code.";

/**
 * The second step: the code from the app or a recovery code, counted against the account from every
 * address together (a right password does not reset it) and against the client. Past the account's
 * allowance the pending step is void (429: sign in again later). Returns the session's Set-Cookie.
 */
export async function completeSecondStep(
  user: StaffUser,
  code: string,
  ip: string,
  userAgent: string,
): Promise<string> {
  const wait = await takeCodeAttempt(user.id, ip);
  if (wait > 0) {
    const accountWait = await codeStepBlockedFor(user.id);
    if (accountWait > 0) throw new LoginError(tooManyCodesMessage(accountWait), 429, accountWait);
    throw new LoginError(retryMessage(wait), 429, wait);
  }
  const how = await verifySecondFactor(user.id, code);
  if (!how) {
    auditFailedSignIn(user.username, "Wrong code at the second step");
    const accountWait = await codeStepBlockedFor(user.id);
    if (accountWait > 0) throw new LoginError(tooManyCodesMessage(accountWait), 429, accountWait);
    throw new LoginError(WRONG_CODE, 401);
  }
  await recordCodeSuccess(user.id, ip);
  const cookie = await startSession(
    user.id,
    userAgent,
    how === "app" ? "a password and a code" : "a recovery code",
  );
  if (how === "recovery") audit("account.recovery-code-used", `${unusedRecoveryCodes(user.id)} left`);
  return cookie;
}

/**
 * Signs in with a passkey: counted by the sign-in throttle like a password (a flood of made-up answers
 * is refused before any is checked or logged); returns the session's Set-Cookie.
 */
export async function passkeySignIn(
  response: Parameters<typeof verifyPasskeySignIn>[0],
  sealedChallenge: string | undefined,
  ip: string,
  userAgent: string,
): Promise<string> {
  const wait = await takePasskeyAttempt(ip);
  if (wait > 0) throw new LoginError(retryMessage(wait), 429, wait);
  let user: StaffUser;
  try {
    user = await verifyPasskeySignIn(response, sealedChallenge);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    auditFailedSignIn("(passkey)", "Passkey not accepted");
    throw new LoginError(error.message, 401);
  }
  await recordPasskeySuccess(ip);
  return startSession(user.id, userAgent, "a passkey");
}
