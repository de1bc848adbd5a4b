import { createHash, randomInt } from "node:crypto";

import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, count, eq, isNull } from "drizzle-orm";
import { renderSVG } from "uqr";

import { getDb } from "#db/client";
import { passkeys, recoveryCodes, users } from "#db/schema";

import { audit } from "./audit.server";
import { FieldError, NotFoundError } from "./errors.server";
import { getAccount } from "./users.server";

/** Authenticator apps (Google Authenticator, 1Password, Authy...) all read these: SHA-1, 6 digits, 30 s. */
const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Northwall Digital";

/** Codes are typed from a phone: spaces and dashes are ignored, letters taken in either case. */
const normalize = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
const hashCode = (code: string) => createHash("sha256").update(normalize(code)).digest("hex");

/**
 * Starts adding an authenticator app: a new secret, not yet in force until a code from the app has
 * been checked (confirmTotp), so a half-done setup never locks anyone out.
 */
export async function beginTotp(userId: string) {
  const account = getAccount(userId);
  if (!account) throw new NotFoundError("No such account");
  const { secret } = await generateTOTP(TOTP);
  getDb().update(users).set({ totpSecret: secret, totpConfirmedAt: null }).where(eq(users.id, userId)).run();
  return totpSetup(account.username, secret);
}

/** What the setup screen shows: a QR code to scan and the key to type where a camera cannot be used. */
export function totpSetup(username: string, secret: string) {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: username, issuer: ISSUER });
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

export async function checkTotp(secret: string, code: string): Promise<boolean> {
  const otp = normalize(code);
  if (!/^\d{6}$/.test(otp)) return false;
  return Boolean(await verifyTOTP({ ...TOTP, otp, secret }));
}

/** The first code from the app puts it in force and hands out the recovery codes (shown once). */
export async function confirmTotp(userId: string, code: string): Promise<string[]> {
  const account = getAccount(userId);
  if (!account?.totpSecret) throw new FieldError("code", "Start again: scan the new code first");
  if (!(await checkTotp(account.totpSecret, code))) {
    throw new FieldError(
      "code",
      "That code is not right. Check the app shows this site and try the newest code.",
    );
  }
  getDb().update(users).set({ totpConfirmedAt: new Date() }).where(eq(users.id, userId)).run();
  audit("account.totp-on");
  return newRecoveryCodes(userId);
}

export function turnOffTotp(userId: string) {
  getDb().transaction((tx) => {
    tx.update(users).set({ totpSecret: null, totpConfirmedAt: null }).where(eq(users.id, userId)).run();
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    // Without an app, "require a second step" stands only if a passkey remains to sign in with.
    const keys = tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0;
    if (keys === 0) tx.update(users).set({ requireSecondFactor: false }).where(eq(users.id, userId)).run();
  });
  audit("account.totp-off");
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
  if (account.totpSecret && account.totpConfirmedAt && (await checkTotp(account.totpSecret, code)))
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

/** Whether a password alone may sign this account in. */
export function secondFactorOf(userId: string) {
  const account = getAccount(userId);
  const keys = getDb().select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0;
  const totp = Boolean(account?.totpConfirmedAt);
  return { totp, passkeys: keys, required: Boolean(account?.requireSecondFactor) && (totp || keys > 0) };
}

export function setSecondFactorRequired(userId: string, required: boolean) {
  const { totp, passkeys: keys } = secondFactorOf(userId);
  if (required && !totp && keys === 0) {
    throw new FieldError("required", "Add a passkey or an authenticator app first");
  }
  getDb().update(users).set({ requireSecondFactor: required }).where(eq(users.id, userId)).run();
  audit(required ? "account.second-factor-required" : "account.second-factor-optional");
}
