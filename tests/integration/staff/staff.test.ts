// Staff, second factors and the audit log, through the real services and a real SQLite file.
import { generateTOTP } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { auditLog, users } from "#db/schema";
import { audit, listAudit, pruneAudit } from "~/features/audit/index.server";
import { saveSiteSettings } from "~/features/site-content/index.server";
import { passkeySignIn } from "~/features/staff/auth.server";
import {
  beginTotp,
  confirmTotp,
  secondFactorOf,
  setSecondFactorRequired,
  unusedRecoveryCodes,
  verifySecondFactor,
} from "~/features/staff/credentials/two-factor.server";
import { LOGIN_FAILURES_ALLOWED } from "~/features/staff/login-throttle.server";
import { acceptInvite, inviteStaff, openInvite, withdrawInvite } from "~/features/staff/staff.server";
import {
  changeOwnPassword,
  changeRole,
  createUser,
  getUserById,
  removeStaff,
  updateProfile,
} from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, FieldError, type LoginError } from "~/platform/http/errors.server";
import { runInRequestScope, setRequestActor } from "~/platform/http/request-scope.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";

const totp = async (secret: string) =>
  (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;
const linkToken = (link: string) => new URL(link).searchParams.get("token")!;

describe("staff", () => {
  it("invites by a sealed link that works once, and keeps an owner", async () => {
    const owner = await createUser("first-owner", "a-long-enough-password");
    const { link, id } = await inviteStaff({ name: "Cian Doyle", email: "cian@example.ie", role: "editor" });
    const token = linkToken(link);
    expect(openInvite(token)).toMatchObject({
      ok: true,
      invite: { email: "cian@example.ie", role: "editor" },
    });
    expect(openInvite(`${token.slice(0, -2)}xx`)).toMatchObject({ ok: false });
    await expect(
      inviteStaff({ name: "Again", email: "cian@example.ie", role: "owner" }),
    ).resolves.toBeTruthy();
    const editor = await acceptInvite(token, "cian", "an-editors-password");
    expect(editor).toMatchObject({ role: "editor", name: "Cian Doyle" });
    await expect(acceptInvite(token, "cian2", "an-editors-password")).rejects.toThrow(/has been used/);
    // Someone already on the staff cannot be invited again.
    await expect(
      inviteStaff({ name: "Cian", email: "cian@example.ie", role: "editor" }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(() => withdrawInvite(id)).not.toThrow();

    // The first account stays the owner; another owner may be made an editor or removed.
    expect(() => changeRole(owner.id, "editor")).toThrow(/first account stays the owner/);
    expect(() => removeStaff(owner.id)).toThrow(ConflictError);
    changeRole(editor.id, "owner");
    expect(getUserById(editor.id)?.role).toBe("owner");
    removeStaff(editor.id);
    expect(getUserById(editor.id)).toBeUndefined();
  });

  it("links a team member only if there is one", async () => {
    const user = await createUser("linker", "a-long-enough-password");
    expect(() => updateProfile(user.id, { name: "Linker", teamMemberId: "no-such-member" })).toThrow(
      FieldError,
    );
    updateProfile(user.id, { name: " Linker ", teamMemberId: null });
    expect(getUserById(user.id)?.name).toBe("Linker");
  });

  it("changes a password only with the current one", async () => {
    const user = await createUser("changer", "the-first-password");
    await expect(changeOwnPassword(user.id, "wrong-password", "the-second-password")).rejects.toBeInstanceOf(
      FieldError,
    );
    await expect(changeOwnPassword(user.id, "the-first-password", "short")).rejects.toThrow(/at least 12/);
    await changeOwnPassword(user.id, "the-first-password", "the-second-password");
  });
});

describe("second factors", () => {
  it("turns on an app only once a code from it is right, with ten single-use recovery codes", async () => {
    const user = await createUser("two-step", "a-long-enough-password");
    expect(() => setSecondFactorRequired(user.id, true)).toThrow(
      /Add a passkey or an authenticator app first/,
    );
    const { secret, uri, qrSvg } = await beginTotp(user.id);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qrSvg).toMatch(/^<svg/);
    expect(secondFactorOf(user.id).totp).toBe(false);
    await expect(confirmTotp(user.id, "000000")).rejects.toBeInstanceOf(FieldError);
    const confirmingCode = await totp(secret);
    const codes = await confirmTotp(user.id, confirmingCode);
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code))).toBe(true);
    setSecondFactorRequired(user.id, true);
    expect(secondFactorOf(user.id)).toEqual({ totp: true, passkeys: 0, required: true, missing: false });

    // A code works once: the one that turned the app on cannot sign in.
    expect(await verifySecondFactor(user.id, confirmingCode)).toBe(null);
    getDb().update(users).set({ totpLastStep: null }).where(eq(users.id, user.id)).run();
    expect(await verifySecondFactor(user.id, await totp(secret))).toBe("app");
    expect(await verifySecondFactor(user.id, "123 456")).toBe(null);
    expect(await verifySecondFactor(user.id, ` ${codes[3]!.toUpperCase()} `)).toBe("recovery");
    expect(await verifySecondFactor(user.id, codes[3]!)).toBe(null);
    expect(unusedRecoveryCodes(user.id)).toBe(9);
    // Only hashes are kept.
    const stored = getDb().$client.prepare("select code_hash from recovery_codes").all() as {
      code_hash: string;
    }[];
    expect(stored.some((row) => codes.includes(row.code_hash))).toBe(false);
  });
});

describe("passkey sign-in", () => {
  it("refuses a made-up answer, and a flood of them from one address before checking any", async () => {
    const before = listAudit({ group: "sign-ins" }).entries.length;
    const made = { id: "bm90LWEtcGFzc2tleQ", rawId: "bm90LWEtcGFzc2tleQ", type: "public-key", response: {} };
    const attempt = () =>
      passkeySignIn(made as never, undefined, "198.51.100.7", "test").then(
        () => "signed in",
        (error: LoginError) => error.status,
      );
    const answers = [];
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED + 2; i++) answers.push(await attempt());
    expect(answers.slice(0, LOGIN_FAILURES_ALLOWED)).toEqual(Array(LOGIN_FAILURES_ALLOWED).fill(401));
    expect(answers.slice(LOGIN_FAILURES_ALLOWED)).toEqual([429, 429]);
    // Only what was checked is logged.
    expect(listAudit({ group: "sign-ins" }).entries.length - before).toBe(LOGIN_FAILURES_ALLOWED);
  });
});

describe("audit log", () => {
  it("records who did what from the request's scope, filters, and keeps a year", async () => {
    const owner = await createUser("auditor", "a-long-enough-password");
    runInRequestScope("203.0.113.9", () => {
      setRequestActor(owner);
      saveSiteSettings({ ...getSiteSettings(), phone: "+353 1 555 0199" });
    });
    audit("post.published", "“Scheduled on its own”"); // outside a request: the scheduler
    const [settings] = listAudit({ text: "phone" }).entries;
    expect(settings).toMatchObject({
      actor: "auditor",
      actorId: owner.id,
      action: "settings.changed",
      ip: "203.0.113.9",
    });
    expect(listAudit({ group: "publishing" }).entries[0]).toMatchObject({ actor: "system", actorId: null });
    expect(listAudit({ actorId: owner.id, group: "publishing" }).entries).toEqual([]);

    const db = getDb();
    const old = new Date(Date.now() - 367 * 24 * 60 * 60 * 1000);
    db.insert(auditLog).values({ actor: "someone", action: "sign-in", at: old }).run();
    expect(pruneAudit()).toBe(1);
    expect(db.select().from(auditLog).where(eq(auditLog.actor, "someone")).all()).toEqual([]);
    expect(db.select({ role: users.role }).from(users).where(eq(users.id, owner.id)).get()?.role).toBe(
      "owner",
    );
  });
});
