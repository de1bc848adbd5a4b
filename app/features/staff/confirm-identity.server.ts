import { eq, sql } from "drizzle-orm";

import { sessions } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { getDb } from "~/platform/db.server";
import { FieldError, LoginError } from "~/platform/http/errors.server";

import { currentSessionId, verifyCredentials } from "./auth.server";
import { secondFactorOf, verifySecondFactor } from "./credentials/two-factor.server";
import {
  codeStepBlockedFor,
  recordCodeSuccess,
  retryMessage,
  takeCodeAttempt,
  tooManyCodesMessage,
} from "./login-throttle.server";
import { sessionStorage } from "./sessions.server";
import { getAccount, type StaffUser } from "./users.server";

/**
 * How long proving it is you (signing in, or "confirm it's you") lets a session change how the account
 * signs in, as GitHub's sudo mode: a session left open, or a stolen cookie, cannot add a factor of its
 * own or take one away after that.
 */
export const CONFIRM_WINDOW_MS = 10 * 60 * 1000;
export const CONFIRM_FIRST =
  "Confirm it’s you first: enter your password or a code from your app, then make the change.";

/**
 * Whether the session proved it was its person within the window. An account with nothing to prove it
 * with (joined by invitation to add a passkey, none added yet) has only this session: it counts.
 */
export async function recentlyConfirmed(request: Request, userId: string): Promise<boolean> {
  const session = await sessionStorage().getSession(request.headers.get("Cookie"));
  const at = session.get("confirmedAt");
  if (typeof at === "number" && Date.now() - at < CONFIRM_WINDOW_MS) return true;
  const factors = secondFactorOf(userId);
  return !getAccount(userId)?.password && !factors.totp && factors.passkeys === 0;
}

/** For a change to the account's way in: a FieldError on `confirm` unless the session proved it lately. */
export async function requireRecentConfirmation(request: Request, userId: string) {
  if (!(await recentlyConfirmed(request, userId))) throw new FieldError("confirm", CONFIRM_FIRST);
}

/**
 * "Confirm it's you": the password, or a code from the app (or a recovery code), counted by the sign-in
 * throttles like signing in. Opens the window for this session.
 */
export async function confirmIdentity(
  request: Request,
  user: StaffUser,
  { password, code }: { password: string; code: string },
  ip: string,
) {
  if (password) {
    try {
      await verifyCredentials(user.username, password, ip, request.headers.get("Cookie"));
    } catch (error) {
      if (error instanceof LoginError && error.status === 401)
        throw new FieldError("confirmPassword", "That is not your password");
      throw error;
    }
  } else if (code) {
    const wait = await takeCodeAttempt(user.id, ip);
    if (wait > 0) {
      const accountWait = await codeStepBlockedFor(user.id);
      throw new LoginError(accountWait ? tooManyCodesMessage(accountWait) : retryMessage(wait), 429, wait);
    }
    if (!(await verifySecondFactor(user.id, code)))
      throw new FieldError("confirmCode", "That code is not right");
    await recordCodeSuccess(user.id, ip);
  } else {
    throw new FieldError("confirmPassword", "Enter your password, or a code from your app");
  }
  const sessionId = await currentSessionId(request);
  if (!sessionId) throw new FieldError("confirm", "Please sign in again");
  getDb()
    .update(sessions)
    .set({ data: sql`json_set(${sessions.data}, '$.confirmedAt', ${Date.now()})` })
    .where(eq(sessions.id, sessionId))
    .run();
  audit("account.confirmed", password ? "With their password" : "With a code");
}
