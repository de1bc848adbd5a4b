// A passkey stands for the password and the second step both, so signing in with one needs the
// authenticator to have verified its person (fingerprint, face, PIN), not only that someone touched it.
// A software authenticator (a P-256 key) answers the server's real challenge; a real SQLite file.
import { createHash, generateKeyPairSync, sign } from "node:crypto";

import { isoCBOR } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";

import { passkeys } from "#db/schema";
import { authenticationOptions, verifyPasskeySignIn } from "~/features/staff/credentials/passkeys.server";
import { createUser } from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { FieldError } from "~/platform/http/errors.server";

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;

function softwareAuthenticator() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // EC2
      [3, -7], // ES256
      [-1, 1], // P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  return {
    publicKey: Buffer.from(cose),
    /** The browser's answer to `challenge`, with the authenticator's flags as given. */
    answer(id: string, challenge: string, flags: number) {
      const site = new URL(getEnv().SITE_URL);
      const rpIdHash = createHash("sha256").update(site.hostname).digest();
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([flags]), Buffer.from([0, 0, 0, 1])]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin: site.origin, crossOrigin: false }),
      );
      const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        clientExtensionResults: {},
        response: {
          authenticatorData: authenticatorData.toString("base64url"),
          clientDataJSON: clientDataJSON.toString("base64url"),
          signature: sign("sha256", signed, privateKey).toString("base64url"),
        },
      };
    },
  };
}

describe("signing in with a passkey", () => {
  it("is refused when the authenticator did not verify its person, and accepted when it did", async () => {
    const user = await createUser("verified", "a-long-enough-password");
    const device = softwareAuthenticator();
    const id = Buffer.from("software-passkey").toString("base64url");
    getDb().insert(passkeys).values({ id, userId: user.id, publicKey: device.publicKey, name: "Soft" }).run();

    const touchedOnly = await authenticationOptions();
    expect(touchedOnly.options.userVerification).toBe("required");
    await expect(
      verifyPasskeySignIn(device.answer(id, touchedOnly.options.challenge, USER_PRESENT), touchedOnly.sealed),
    ).rejects.toBeInstanceOf(FieldError);

    const verified = await authenticationOptions();
    await expect(
      verifyPasskeySignIn(
        device.answer(id, verified.options.challenge, USER_PRESENT | USER_VERIFIED),
        verified.sealed,
      ),
    ).resolves.toMatchObject({ id: user.id });
  });
});
