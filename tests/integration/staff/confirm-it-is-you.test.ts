// A session alone cannot change how an account signs in once its sign-in is more than a few minutes old:
// the account page's plain forms (no JavaScript) and the passkey endpoint ask the person to confirm it is
// them first. Against the built server over HTTP.
import { generateTOTP } from "@epic-web/totp";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLog, sessions, users } from "#db/schema";
import { beginTotp, confirmTotp } from "~/features/staff/credentials/two-factor.server";
import { createUser } from "~/features/staff/users.server";
import { getDb } from "~/platform/db.server";

import { type RunningServer } from "../../../scripts/lib/start-server";
import { serveTestDatabase } from "../../setup/serve-test-database";

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
  await createUser("no-second-step", PASSWORD, { role: "editor" });
  server = await serveTestDatabase();
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

const post = async (fields: Record<string, string>, path = "/admin/account") => {
  const response = await fetch(`${server.baseURL}${path}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: server.baseURL,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
};

const account = () => getDb().select().from(users).where(eq(users.id, userId)).get()!;

describe("confirm it's you", () => {
  it("refuses factor changes from a session whose sign-in is old, until the person confirms", async () => {
    getDb()
      .update(sessions)
      .set({ data: sql`json_set(${sessions.data}, '$.confirmedAt', 0)` })
      .where(eq(sessions.userId, userId))
      .run();

    for (const fields of <Record<string, string>[]>[
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

describe("the owner's rule for all staff", () => {
  it("sends whoever has no second step to add one before anything else", async () => {
    const signIn = await fetch(`${server.baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseURL },
      body: JSON.stringify({ username: "No-Second-Step", password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const editor = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const get = (path: string) =>
      fetch(`${server.baseURL}${path}`, { headers: { Cookie: editor }, redirect: "manual" });
    const before = await get("/admin/posts");
    expect(`${before.status} ${before.headers.get("location")}`).toBe("200 null");

    // The owner (whose app went off above) is the first to be sent to add one.
    const rule = await post({ intent: "second-step-rule", required: "on" }, "/admin/staff");
    expect(`${rule.status} ${rule.location}`).toBe("302 /admin/account?second-step=required");
    const page = await get("/admin/posts");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/account?second-step=required");
    expect((await get("/admin/account")).status).toBe(200);
    expect((await get("/api/media")).status).toBe(403);
  });
});
