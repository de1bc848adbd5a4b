import { createHash, randomInt } from "node:crypto";

import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { renderSVG } from "uqr";

import { passkeys, recoveryCodes, users } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { STAFF_RULE, staffMustUseSecondFactor } from "~/features/staff/staff-policy.server";
import { getAccount } from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";
import { FieldError, NotFoundError } from "~/platform/http/errors.server";

/** Authenticator apps (Google Authenticator, 1Password, Authy...) all read these: SHA-1, 6 digits, 30 s. */
const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Northwall Digital";

/** Codes are typed from a phone: spaces and dashes are ignored, letters taken in either case. */
const normalize = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
const hashCode = (code: string) => createHash("sha256").update(normalize(code)).digest("hex");

/**
 * Starts adding an authenticator app: a new secret kept apart from any app in force (which stays in
 * force, and stays required) until a code from the new app has been checked (confirmTotp).
 */
export async function beginTotp(userId: string) {
  const account = getAccount(userId);
  if (!account) throw new NotFoundError("No such account");
  const { secret } = await generateTOTP(TOTP);
  getDb().update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId)).run();
  audit("account.totp-setup-begun");
  return totpSetup(account.username, secret);
}

/** What the setup screen shows: a QR code to scan and the key to type where a camera cannot be used. */
export function totpSetup(username: string, secret: string) {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: username, issuer: ISSUER });
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** The 30-second step the code was made in (the app's clock may be a step either side), or null. */
async function stepOfCode(secret: string, code: string): Promise<number | null> {
  const otp = normalize(code);
  if (!/^\d{6}$/.test(otp)) return null;
  const now = Math.floor(Date.now() / 1000 / TOTP.period);
  const match = await verifyTOTP({ ...TOTP, otp, secret });
  return match ? now + match.delta : null;
}

/**
 * Accepts a code once: it is right for the app in force and of a later step than the last code taken
 * (so one seen over a shoulder, or sent twice, is refused). Taking the step is one conditional write,
 * so two requests with the same code cannot both pass.
 */
async function takeTotpCode(userId: string, secret: string, code: string): Promise<boolean> {
  const step = await stepOfCode(secret, code);
  if (step === null) return false;
  return (
    getDb()
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(users.id, userId),
          eq(users.totpSecret, secret),
          or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        ),
      )
      .run().changes === 1
  );
}

/**
 * The first code from the new app puts it in force in place of any before, makes the second step
 * required (an app nobody is asked for protects nothing) and hands out recovery codes (shown once).
 */
export async function confirmTotp(userId: string, code: string): Promise<string[]> {
  const account = getAccount(userId);
  const pending = account?.totpPendingSecret;
  if (!pending) throw new FieldError("code", "Start again: scan the new code first");
  const step = await stepOfCode(pending, code);
  if (step === null) {
    throw new FieldError(
      "code",
      "That code is not right. Check the app shows this site and try the newest code.",
    );
  }
  getDb()
    .update(users)
    .set({
      totpSecret: pending,
      totpPendingSecret: null,
      totpConfirmedAt: new Date(),
      totpLastStep: step,
      requireSecondFactor: true,
    })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending)))
    .run();
  audit("account.totp-on");
  return newRecoveryCodes(userId);
}

/**
 * Turns the app off (and any setup under way); refused when the staff's rule leaves nothing else,
 * but for the operator's reset (who then adds a factor at the next sign-in, as the rule asks).
 */
export function turnOffTotp(userId: string, { operatorReset = false } = {}) {
  const keys = passkeyCount(userId);
  if (keys === 0 && staffMustUseSecondFactor() && !operatorReset) throw new FieldError("totp", STAFF_RULE);
  getDb().transaction((tx) => {
    tx.update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpConfirmedAt: null, totpLastStep: null })
      .where(eq(users.id, userId))
      .run();
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    // Without an app, "require a second step" stands only if a passkey remains to sign in with.
    if (keys === 0) tx.update(users).set({ requireSecondFactor: false }).where(eq(users.id, userId)).run();
    audit("account.totp-off", "", tx);
  });
}

const passkeyCount = (userId: string) =>
  getDb().select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0;

/** New recovery codes asked for: the old ones stop working. */
export function replaceRecoveryCodes(userId: string): string[] {
  if (!getAccount(userId)?.totpConfirmedAt)
    throw new FieldError("totp", "Turn on the authenticator app first");
  const codes = newRecoveryCodes(userId);
  audit("account.recovery-codes-new");
  return codes;
}

/** Ten fresh codes (xxxxx-xxxxx), replacing any before; only their hashes are kept. */
export function newRecoveryCodes(userId: string): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join("");
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
  getDb().transaction((tx) => {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    tx.insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(code) })))
      .run();
  });
  return codes;
}

export function unusedRecoveryCodes(userId: string): number {
  return (
    getDb()
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get()?.n ?? 0
  );
}

/**
 * The second step of signing in: a code from the app, or one of the recovery codes (used up). Returns
 * how, for the audit log, or null when neither matches.
 */
export async function verifySecondFactor(userId: string, code: string): Promise<"app" | "recovery" | null> {
  const account = getAccount(userId);
  if (!account) return null;
  if (account.totpSecret && account.totpConfirmedAt && (await takeTotpCode(userId, account.totpSecret, code)))
    return "app";
  const used = getDb()
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run().changes;
  return used ? "recovery" : null;
}

/**
 * Whether a password alone may sign this account in: not when the account or the staff's rule requires
 * a second step and the account has one. `missing`: the staff's rule requires one it has not yet added.
 */
export function secondFactorOf(userId: string) {
  const account = getAccount(userId);
  const keys = passkeyCount(userId);
  const totp = Boolean(account?.totpConfirmedAt);
  const staffRule = staffMustUseSecondFactor();
  const wanted = staffRule || Boolean(account?.requireSecondFactor);
  return {
    totp,
    passkeys: keys,
    required: wanted && (totp || keys > 0),
    missing: staffRule && !totp && keys === 0,
  };
}

export function setSecondFactorRequired(userId: string, required: boolean, { operatorReset = false } = {}) {
  const { totp, passkeys: keys } = secondFactorOf(userId);
  if (required && !totp && keys === 0) {
    throw new FieldError("required", "Add a passkey or an authenticator app first");
  }
  if (!required && staffMustUseSecondFactor() && !operatorReset) {
    throw new FieldError("required", "The owner requires a second step of all staff");
  }
  getDb().update(users).set({ requireSecondFactor: required }).where(eq(users.id, userId)).run();
  audit(required ? "account.second-factor-required" : "account.second-factor-optional");
}
