import { createHash } from "node:crypto";

import { createCookie } from "react-router";

import { getEnv } from "~/platform/env.server";
import { openToken, sealToken } from "~/platform/sealed-token.server";

/**
 * OWASP's "device cookie": a browser that has given an account's right password gets a sealed note of
 * the account, kept for half a year and renewed at each sign-in. Guesses from it are counted against
 * that browser alone, and it is served first by the hasher, so strangers guessing the account's
 * password from anywhere else cannot keep its person out (login-throttle, password.server).
 */
const KNOWN_DEVICE_DAYS = 180;

function knownDeviceCookie() {
  const https = getEnv().SITE_URL.startsWith("https:");
  return createCookie(https ? "__Host-device" : "device", {
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    path: "/",
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
}

/** The Set-Cookie value that marks this browser as one the account has signed in on. */
export function knownDeviceCookieFor(userId: string): Promise<string> {
  return knownDeviceCookie().serialize(sealToken("known-device", userId, KNOWN_DEVICE_DAYS * 86_400_000));
}

/**
 * The browser's note, when it is one of ours and not expired: which account it is for, and a key
 * of its own (a hash of the note) that its guesses are counted under.
 */
export async function knownDeviceOf(
  cookieHeader: string | null,
): Promise<{ userId: string; key: string } | undefined> {
  const note: unknown = await knownDeviceCookie().parse(cookieHeader);
  if (typeof note !== "string") return undefined;
  const opened = openToken("known-device", note);
  if (!opened || opened === "expired") return undefined;
  return { userId: opened.email, key: createHash("sha256").update(note).digest("base64url") };
}
