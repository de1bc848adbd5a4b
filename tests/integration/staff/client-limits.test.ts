// Every limit on what visitors send counts an IPv6 /64 as one client, and the code step of signing in is
// counted per account from every address together; through the real services and a real SQLite file.
import { generateTOTP } from "@epic-web/totp";
import { describe, expect, it } from "vitest";

import { takeEnquiryAllowance } from "~/features/enquiries/index.server";
import { requestSubscription, SIGNUPS_PER_CLIENT } from "~/features/newsletter/index.server";
import {
  afterPassword,
  completeSecondStep,
  pendingSecondStep,
  verifyCredentials,
} from "~/features/staff/auth.server";
import {
  beginTotp,
  confirmTotp,
  setSecondFactorRequired,
} from "~/features/staff/credentials/two-factor.server";
import {
  CODE_FAILURES_ALLOWED,
  LOGIN_FAILURES_ALLOWED,
  takeLoginAttempt,
} from "~/features/staff/login-throttle.server";
import { createUser } from "~/features/staff/users.server";
import type { LoginError } from "~/platform/http/errors.server";

/** The n-th address of one IPv6 /64 (a single subscriber's allocation). */
const inOneSlash64 = (prefix: string, n: number) => `${prefix}:${(n + 1).toString(16)}:0:0:${n + 7}`;

describe("an IPv6 /64 is one client", () => {
  it("for the sign-in throttle", async () => {
    const waits = [];
    for (let i = 0; i <= LOGIN_FAILURES_ALLOWED; i++)
      waits.push(await takeLoginAttempt("someone", inOneSlash64("2001:db8:10:1", i)));
    expect(waits.slice(0, LOGIN_FAILURES_ALLOWED)).toEqual(Array(LOGIN_FAILURES_ALLOWED).fill(0));
    expect(waits.at(-1)).toBeGreaterThan(0);
    // The next /64 is someone else.
    expect(await takeLoginAttempt("someone", "2001:db8:10:2::1")).toBe(0);
  });

  it("for the contact form and POST /api/contact", async () => {
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await takeEnquiryAllowance(inOneSlash64("2001:db8:20:1", i)));
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(waits[5]).toBeGreaterThan(0);
  });

  it("for newsletter sign-ups: twelve addresses of one /64 cannot send twelve confirmation mails", async () => {
    const outcomes = [];
    for (let i = 0; i < 12; i++)
      outcomes.push(
        (
          await requestSubscription(`reader-${i}@example.ie`, {
            source: "api",
            clientIp: inOneSlash64("2001:db8:30:1", i),
          })
        ).kind,
      );
    expect(outcomes.filter((kind) => kind === "accepted")).toHaveLength(SIGNUPS_PER_CLIENT.points);
  });
});

const code = async (secret: string) =>
  (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;

/** Six digits that are none of the codes the app could show around now. */
async function wrongCode(secret: string) {
  const right = await code(secret);
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
}

const attempt = (user: Parameters<typeof completeSecondStep>[0], typed: string, ip: string) =>
  completeSecondStep(user, typed, ip, "test").then(
    () => "signed in",
    (error: LoginError) => error.status,
  );

describe("the code step", () => {
  it("counts wrong codes per account from every address, not reset by a right password", async () => {
    const user = await createUser("coded", "a-long-enough-password");
    const { secret } = await beginTotp(user.id);
    await confirmTotp(user.id, await code(secret));
    setSecondFactorRequired(user.id, true);

    const next = await afterPassword(user, "test");
    if (!("secondStep" in next)) throw new Error("expected a second step");
    const stepRequest = new Request("http://localhost/admin/login/verify", {
      headers: { Cookie: next.secondStep.split(";")[0]! },
    });
    expect(await pendingSecondStep(stepRequest)).toMatchObject({ id: user.id });

    const answers = [];
    for (let i = 0; i < CODE_FAILURES_ALLOWED; i++) {
      answers.push(await attempt(user, await wrongCode(secret), `192.0.2.${i + 1}`));
      // A right password in between gives nothing back.
      if (i === 1) await verifyCredentials("coded", "a-long-enough-password", "192.0.2.99");
    }
    expect(answers).toEqual([...Array(CODE_FAILURES_ALLOWED - 1).fill(401), 429]);

    // The pending step is void, a right code no longer helps, and no new step begins for a while.
    expect(await pendingSecondStep(stepRequest)).toBeNull();
    expect(await attempt(user, await code(secret), "192.0.2.200")).toBe(429);
    await expect(afterPassword(user, "test")).rejects.toMatchObject({ status: 429 });
  });
});
