import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, count, eq } from "drizzle-orm";

import { passkeys, users } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { STAFF_RULE, staffMustUseSecondFactor } from "~/features/staff/staff-policy.server";
import { getAccount, getUserById, type StaffUser } from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { FieldError, NotFoundError } from "~/platform/http/errors.server";
import { openToken, sealToken } from "~/platform/sealed-token.server";

/** A challenge is good for five minutes: long enough to find the phone, short enough not to linger. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEY_FAILED =
  "That passkey could not be used to sign in here. Try again, or use your password.";

// Some 300 modules (the certificate parsers): loaded by the first passkey request, not by every start.
const webAuthn = () => import("@simplewebauthn/server");

/** The site's own address is the relying party: a passkey made here works only here. */
function relyingParty() {
  const site = new URL(getEnv().SITE_URL);
  return { rpID: site.hostname, origin: site.origin, rpName: "Northwall Digital admin" };
}

/**
 * The challenge travels sealed in a short-lived cookie rather than in server memory, so it survives a
 * restart and needs no table; sealing binds it to its purpose (and, when registering, to the user).
 */
function sealChallenge(challenge: string, userId = ""): string {
  return sealToken("passkey-challenge", JSON.stringify({ c: challenge, u: userId }), CHALLENGE_TTL_MS);
}

function openChallenge(sealed: string | undefined, userId = ""): string | null {
  const opened = sealed ? openToken("passkey-challenge", sealed) : null;
  if (!opened || opened === "expired") return null;
  const { c, u } = JSON.parse(opened.email) as { c: string; u: string };
  return u === userId ? c : null;
}

export function listPasskeys(userId: string) {
  return getDb()
    .select({
      id: passkeys.id,
      name: passkeys.name,
      backedUp: passkeys.backedUp,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
    .all();
}

export async function registrationOptions(user: StaffUser) {
  const account = getAccount(user.id);
  if (!account) throw new NotFoundError("No such account");
  const { rpID, rpName } = relyingParty();
  const existing = getDb()
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all();
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.username,
    userDisplayName: account.name || account.username,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    excludeCredentials: existing,
    // A passkey: kept on the device (discoverable), so signing in needs no username; unlocked by the
    // person (fingerprint, face, PIN), or a found security key would be a way in on its own.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options, sealed: sealChallenge(options.challenge, user.id) };
}

/** Checks the browser's answer and keeps the new passkey under the name given (or the device's). */
export async function registerPasskey(
  user: StaffUser,
  response: RegistrationResponseJSON,
  sealedChallenge: string | undefined,
  name: string,
) {
  const challenge = openChallenge(sealedChallenge, user.id);
  if (!challenge) throw new FieldError("passkey", "That took too long. Please try adding the passkey again.");
  const { rpID, origin } = relyingParty();
  const { verifyRegistrationResponse } = await webAuthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new FieldError("passkey", `The passkey was not accepted: ${(error as Error).message}`);
  }
  if (!verified.verified) throw new FieldError("passkey", "The passkey was not accepted.");
  const { credential, credentialBackedUp } = verified.registrationInfo;
  getDb()
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
      name: name.trim().slice(0, 80) || "Passkey",
    })
    .onConflictDoNothing()
    .run();
  audit("account.passkey-added", name);
}

export async function authenticationOptions() {
  const { rpID } = relyingParty();
  // No allowCredentials: the browser offers the passkeys it holds for this site (no username typed).
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
  return { options, sealed: sealChallenge(options.challenge) };
}

/** Signs in with a passkey: the user it belongs to, or a FieldError with PASSKEY_FAILED. */
export async function verifyPasskeySignIn(
  response: AuthenticationResponseJSON,
  sealedChallenge: string | undefined,
): Promise<StaffUser> {
  const challenge = openChallenge(sealedChallenge);
  const stored = getDb()
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, String(response?.id ?? "")))
    .get();
  if (!challenge || !stored) throw new FieldError("passkey", PASSKEY_FAILED);
  const { rpID, origin } = relyingParty();
  const { verifyAuthenticationResponse } = await webAuthn();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      },
      // The passkey stands for the password and the second step both: it must have asked for its person.
      requireUserVerification: true,
    });
  } catch {
    throw new FieldError("passkey", PASSKEY_FAILED);
  }
  if (!result.verified) throw new FieldError("passkey", PASSKEY_FAILED);
  getDb()
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, stored.id))
    .run();
  const user = getUserById(stored.userId);
  if (!user) throw new FieldError("passkey", PASSKEY_FAILED);
  return user;
}

/**
 * Removes one of the user's passkeys. The last way to sign in cannot go: an account without a password
 * keeps its last passkey; and "require a second step" is lifted when nothing is left to require.
 */
export function removePasskey(userId: string, id: string) {
  const account = getAccount(userId);
  const mine = getDb()
    .select({ name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .get();
  if (!account || !mine) throw new NotFoundError("No such passkey");
  const total =
    getDb().select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0;
  if (!account.password && total <= 1) {
    throw new FieldError("passkey", "This is how you sign in: set a password first, then remove it");
  }
  const last = total <= 1 && !account.totpConfirmedAt;
  if (last && staffMustUseSecondFactor()) throw new FieldError("passkey", STAFF_RULE);
  getDb().transaction((tx) => {
    tx.delete(passkeys).where(eq(passkeys.id, id)).run();
    if (last) tx.update(users).set({ requireSecondFactor: false }).where(eq(users.id, userId)).run();
    audit("account.passkey-removed", mine.name, tx);
  });
}
