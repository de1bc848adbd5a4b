// A session alone cannot change how an account signs in once its sign-in is more than a few minutes old:
// the account page's plain forms (no JavaScript) and the passkey endpoint ask the person to confirm it is
// them first. Against the built server over HTTP.
import { generateTOTP } from "@epic-web/totp";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closeDb, getDb } from "#db/client";
import { auditLog, sessions, users } from "#db/schema";
import { beginTotp, confirmTotp } from "~/services/two-factor.server";
import { createUser } from "~/services/users.server";

import { type RunningServer, startServer } from "../../scripts/lib/start-server";

const PASSWORD = "a-long-enough-password";
let server: RunningServer;
let userId = "";
let cookie = "";

beforeAll(async () => {
  const user = await createUser("confirmer", PASSWORD);
  userId = user.id;
  const { secret } = await beginTotp(user.id);
  const otp = (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;
  const [recoveryCode] = await confirmTotp(user.id, otp);
  closeDb();
  server = await startServer({
    DATABASE_PATH: process.env.DATABASE_PATH!,
    UPLOADS_DIR: process.env.UPLOADS_DIR!,
  });
  const signIn = await fetch(`${server.baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseURL },
    body: JSON.stringify({ username: "confirmer", password: PASSWORD, code: recoveryCode }),
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const post = async (fields: Record<string, string>) => {
  const response = await fetch(`${server.baseURL}/admin/account`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: server.baseURL,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
};

const account = () => getDb().select().from(users).where(eq(users.id, userId)).get()!;

describe("confirm it's you", () => {
  it("refuses factor changes from a session whose sign-in is old, until the person confirms", async () => {
    getDb()
      .update(sessions)
      .set({ data: sql`json_set(${sessions.data}, '$.confirmedAt', 0)` })
      .where(eq(sessions.userId, userId))
      .run();

    for (const fields of [
      { intent: "totp-off" },
      { intent: "totp-begin" },
      { intent: "recovery-new" },
      { intent: "require", required: "off" },
    ]) {
      const answer = await post(fields);
      expect(answer.status, fields.intent).toBe(403);
      expect(answer.html).toContain("Confirm it’s you first");
    }
    const passkey = await fetch(`${server.baseURL}/admin/account/passkey`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({ step: "options" }),
    });
    expect(passkey.status).toBe(403);
    expect(account()).toMatchObject({ requireSecondFactor: true, totpPendingSecret: null });
    expect(account().totpSecret).toBeTruthy();

    expect((await post({ intent: "confirm", confirmPassword: "not-the-password" })).status).toBe(400);
    expect((await post({ intent: "confirm", confirmPassword: PASSWORD })).status).toBe(200);
    expect((await post({ intent: "totp-off" })).status).toBe(200);
    expect(account().totpSecret).toBeNull();

    const logged = getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId))
      .all()
      .map((entry) => entry.action);
    expect(logged).toEqual(expect.arrayContaining(["account.confirmed", "account.totp-off"]));
  });
});
