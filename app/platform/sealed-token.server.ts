import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

import { getEnv } from "~/platform/env.server";

/**
 * What a sealed token is for: a link in an e-mail, a step of signing in kept in a short-lived cookie, or
 * the browser an account has signed in on.
 */
export type TokenPurpose =
  | "newsletter-confirm"
  | "newsletter-unsubscribe"
  | "newsletter-subscribe-again"
  | "staff-invite"
  | "sign-in-step"
  | "passkey-challenge"
  | "known-device";

const keys = new Map<string, Buffer>();
/** A key of its own for each use, derived from SESSION_SECRET (HKDF), so no two uses share one. */
function keyFor(use: string): Buffer {
  const secret = getEnv().SESSION_SECRET;
  const cacheKey = `${use}\0${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", use, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * A token for a link in an e-mail: the address sealed with AES-256-GCM, bound to its purpose and, when
 * `ttlMs` is given, to an expiry (`ttlMs` after `issuedAt`). Opaque, so the address is not in the link (or in any log of it), and
 * nobody can make one for another address or turn a confirmation link into an unsubscribe link.
 */
export function sealToken(
  purpose: TokenPurpose,
  email: string,
  ttlMs?: number,
  issuedAt = Date.now(),
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor("sealed-token"), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = JSON.stringify(ttlMs ? { e: email, x: issuedAt + ttlMs } : { e: email });
  const sealed = Buffer.concat([cipher.update(body, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The address a token was made for; "expired" past its expiry; null when it is not one of ours. */
export function openToken(
  purpose: TokenPurpose,
  token: string,
): { email: string; expiresAt?: number } | "expired" | null {
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length < 29 || bytes.length > 1024) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor("sealed-token"), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const body = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    const { e, x } = JSON.parse(body) as { e: string; x?: number };
    if (x !== undefined && Date.now() > x) return "expired";
    return x === undefined ? { email: e } : { email: e, expiresAt: x };
  } catch {
    return null;
  }
}

/**
 * A client address as a consent record keeps it: a keyed hash, so it proves which address a sign-up came
 * from when that address is known, without the list holding anyone's address.
 */
export function clientHash(ip: string): string {
  return createHmac("sha256", keyFor("client-hash")).update(ip).digest("hex");
}
