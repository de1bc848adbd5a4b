// Changing how an account signs in: a setup never touches the app in force, every change is in the audit
// log, a code works once, a password change can drop the passkeys, and the owner's rule for all staff.
// Through the real services and a real SQLite file.
import { generateTOTP } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { passkeys, users } from "#db/schema";
import { listAudit } from "~/features/audit/index.server";
import { afterPassword } from "~/features/staff/auth.server";
import { removePasskey } from "~/features/staff/credentials/passkeys.server";
import {
  beginTotp,
  confirmTotp,
  replaceRecoveryCodes,
  secondFactorOf,
  setSecondFactorRequired,
  turnOffTotp,
  verifySecondFactor,
} from "~/features/staff/credentials/two-factor.server";
import { setStaffSecondFactorRule } from "~/features/staff/staff-policy.server";
import {
  changeOwnPassword,
  createUser,
  findUserByUsername,
  type StaffUser,
} from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, FieldError } from "~/platform/http/errors.server";
import { runInRequestScope, setRequestActor } from "~/platform/http/request-scope.server";

const codeOf = async (secret: string) =>
  (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;

/** Runs `fn` as a request by `user`, so what it records names them. */
const as = <T>(user: StaffUser, fn: () => T): T =>
  runInRequestScope("192.0.2.10", () => {
    setRequestActor(user);
    return fn();
  });

async function withApp(username: string) {
  const user = await createUser(username, "a-long-enough-password");
  const { secret } = await as(user, () => beginTotp(user.id));
  const confirmingCode = await codeOf(secret);
  const codes = await as(user, () => confirmTotp(user.id, confirmingCode));
  return { user, secret, codes, confirmingCode };
}

const actionsOf = (user: StaffUser) =>
  listAudit({ actorId: user.id })
    .entries.map((entry) => entry.action)
    .reverse();

function addPasskeyRow(userId: string, id: string) {
  getDb()
    .insert(passkeys)
    .values({ id, userId, publicKey: Buffer.from([1]), name: `Key ${id}` })
    .run();
}

describe("setting up an authenticator app", () => {
  it("turning one on makes the second step required", async () => {
    const { user } = await withApp("turned-on");
    expect(secondFactorOf(user.id)).toMatchObject({ totp: true, required: true });
  });

  it("starting another setup keeps the app in force, and the second step required", async () => {
    const { user, secret } = await withApp("keeps-app");
    await as(user, () => beginTotp(user.id));
    expect(secondFactorOf(user.id)).toMatchObject({ totp: true, required: true });
    expect(getDb().select().from(users).where(eq(users.id, user.id)).get()?.totpSecret).toBe(secret);
    const next = await afterPassword(user, "test");
    expect(next).toHaveProperty("secondStep");
  });

  it("records every change in the audit log", async () => {
    const { user } = await withApp("audited");
    await as(user, () => beginTotp(user.id));
    as(user, () => replaceRecoveryCodes(user.id));
    as(user, () => setSecondFactorRequired(user.id, false));
    as(user, () => turnOffTotp(user.id));
    expect(actionsOf(user)).toEqual([
      "account.totp-setup-begun",
      "account.totp-on",
      "account.totp-setup-begun",
      "account.recovery-codes-new",
      "account.second-factor-optional",
      "account.totp-off",
    ]);
  });
});

describe("a code from the app", () => {
  it("signs in once: the same code again is refused", async () => {
    const { user, secret, confirmingCode } = await withApp("replayed");
    // The code that confirmed the app cannot sign in afterwards either.
    expect(await verifySecondFactor(user.id, confirmingCode)).toBeNull();
    getDb().update(users).set({ totpLastStep: null }).where(eq(users.id, user.id)).run();
    const code = await codeOf(secret);
    const twice = await Promise.all([verifySecondFactor(user.id, code), verifySecondFactor(user.id, code)]);
    expect(twice.filter((how) => how === "app")).toHaveLength(1);
    expect(await verifySecondFactor(user.id, code)).toBeNull();
  });
});

describe("changing the password", () => {
  it("can remove the passkeys too, recorded", async () => {
    const user = await createUser("worried", "the-first-password");
    addPasskeyRow(user.id, "worried-1");
    addPasskeyRow(user.id, "worried-2");
    await as(user, () => changeOwnPassword(user.id, "the-first-password", "the-second-password"));
    expect(getDb().select().from(passkeys).where(eq(passkeys.userId, user.id)).all()).toHaveLength(2);
    await as(user, () =>
      changeOwnPassword(user.id, "the-second-password", "the-third-password", undefined, {
        removePasskeys: true,
      }),
    );
    expect(getDb().select().from(passkeys).where(eq(passkeys.userId, user.id)).all()).toEqual([]);
    expect(actionsOf(user)).toEqual([
      "account.password-changed",
      "account.password-changed",
      "account.passkeys-removed",
    ]);
  });
});

describe("usernames", () => {
  it("are one whatever their capitals", async () => {
    await createUser("Aoife", "a-long-enough-password");
    await expect(createUser("aoife", "a-long-enough-password")).rejects.toBeInstanceOf(ConflictError);
    expect(findUserByUsername("AOIFE")?.username).toBe("Aoife");
  });
});

describe("the owner's rule for all staff", () => {
  it("requires a second step of everyone: a password alone is not enough, and the last factor stays", async () => {
    const { user: withFactor } = await withApp("ruled-app");
    as(withFactor, () => setSecondFactorRequired(withFactor.id, false));
    const keyed = await createUser("ruled-key", "a-long-enough-password");
    addPasskeyRow(keyed.id, "ruled-key-1");
    const without = await createUser("ruled-none", "a-long-enough-password");

    setStaffSecondFactorRule(true);
    try {
      expect(secondFactorOf(withFactor.id)).toMatchObject({ required: true, missing: false });
      expect(secondFactorOf(without.id)).toMatchObject({ required: false, missing: true });
      expect(() => setSecondFactorRequired(withFactor.id, false)).toThrow(FieldError);
      expect(() => turnOffTotp(withFactor.id)).toThrow(FieldError);
      expect(() => removePasskey(keyed.id, "ruled-key-1")).toThrow(FieldError);
      await expect(afterPassword(keyed, "test")).rejects.toMatchObject({ status: 401 });
    } finally {
      setStaffSecondFactorRule(false);
    }
    expect(secondFactorOf(withFactor.id)).toMatchObject({ required: false, missing: false });
  });
});
