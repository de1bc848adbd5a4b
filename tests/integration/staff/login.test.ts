import { beforeAll, describe, expect, it } from "vitest";

import { INVALID_CREDENTIALS, SIGN_IN_BUSY, verifyCredentials } from "~/features/staff/auth.server";
import { signInWithPassword } from "~/features/staff/authenticator.server";
import { createUser } from "~/features/staff/users.server";
import { FieldError, type LoginError } from "~/platform/http/errors.server";
import { runInRequestScope } from "~/platform/http/request-scope.server";

beforeAll(async () => {
  // One account a test: guesses at a username from every address together are limited too.
  for (const username of ["editor", "burster", "forgetful", "strategist"])
    await createUser(username, "the-right-password");
});

const fail = (username: string, ip: string) =>
  verifyCredentials(username, "wrong-password", ip).then(
    () => "signed in",
    (e: LoginError) => `${e.status} ${e.message}`,
  );

describe("verifyCredentials", () => {
  it("gives the same answer for a wrong password and an unknown user", async () => {
    expect(await fail("editor", "10.0.0.1")).toBe(`401 ${INVALID_CREDENTIALS}`);
    expect(await fail("ghost", "10.0.0.1")).toBe(`401 ${INVALID_CREDENTIALS}`);
    expect(await verifyCredentials(" editor ", "the-right-password", "10.0.0.1")).toMatchObject({
      username: "editor",
    });
  });

  it("locks a username at one address after five failures", async () => {
    for (let i = 0; i < 5; i++) expect(await fail("locked-user", "10.1.0.1")).toMatch(/^401/);
    expect(await fail("locked-user", "10.1.0.1")).toBe(
      "429 Too many sign-in attempts. Please try again in 15 minutes.",
    );
  });

  it("a stranger's failures elsewhere do not lock the admin out", async () => {
    for (let i = 0; i < 5; i++) await fail("editor", "10.5.0.1");
    expect(await fail("editor", "10.5.0.1")).toMatch(/^429/);
    expect(await verifyCredentials("editor", "the-right-password", "10.5.0.2")).toMatchObject({
      username: "editor",
    });
  });

  it("locks an address after twenty failures, whatever the username", async () => {
    for (let i = 0; i < 20; i++) expect(await fail(`user-${i}`, "10.2.0.1")).toMatch(/^401/);
    await expect(verifyCredentials("editor", "the-right-password", "10.2.0.1")).rejects.toMatchObject({
      status: 429,
    });
  });

  it("counts a burst of parallel guesses before checking them: the allowance, then 429 at once", async () => {
    const burst = Array.from({ length: 40 }, (_, i) =>
      verifyCredentials("burster", i === 39 ? "the-right-password" : "wrong-password", "10.6.0.1").then(
        () => 200,
        (e: LoginError) => e.status,
      ),
    );
    const statuses = await Promise.all(burst);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(5); // checked (401) or told we are busy (503)
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(statuses.at(-1)).toBe(429); // the right password, late in the burst, does not get in
  });

  it("checks a bounded number of passwords at once and says so to the rest", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        verifyCredentials(`nobody-${i}`, "wrong-password", `10.7.0.${i}`).then(
          () => "signed in",
          (e: LoginError) => `${e.status} ${e.message}`,
        ),
      ),
    );
    const busy = answers.filter((a) => a === `503 ${SIGN_IN_BUSY}`);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a === `401 ${INVALID_CREDENTIALS}`).length).toBeLessThanOrEqual(6);
    expect(busy.length + answers.filter((a) => a.startsWith("401")).length).toBe(12);
  });

  it("forgets a username's failures at an address after it signs in there", async () => {
    for (let i = 0; i < 4; i++) await fail("forgetful", "10.3.0.1");
    await verifyCredentials("forgetful", "the-right-password", "10.3.0.1");
    for (let i = 0; i < 4; i++) expect(await fail("forgetful", "10.3.0.1")).toMatch(/^401/);
    expect(await verifyCredentials("forgetful", "the-right-password", "10.3.0.1")).toMatchObject({
      username: "forgetful",
    });
  });
});

describe("signing in through the password strategy (remix-auth's form strategy)", () => {
  const signIn = (username: string, password: string, ip: string) =>
    runInRequestScope(ip, () =>
      signInWithPassword(new Request("http://localhost/admin/login"), { username, password }),
    ).then(
      (user) => `signed in as ${user.username}`,
      (e: LoginError | FieldError) =>
        e instanceof FieldError ? `${e.field}: ${e.message}` : `${e.status} ${e.message}`,
    );

  it("checks its own fields, then the password, counted against the request's address", async () => {
    expect(await signIn("", "x", "10.3.0.1")).toBe("username: Username is required");
    expect(await signIn("strategist", "", "10.3.0.1")).toBe("password: Password is required");
    expect(await signIn("strategist", "wrong-password", "10.3.0.1")).toBe(`401 ${INVALID_CREDENTIALS}`);
    expect(await signIn("strategist", "the-right-password", "10.3.0.1")).toBe("signed in as strategist");
    for (let i = 0; i < 5; i++) await signIn("strategy-lock", "wrong-password", "10.3.0.2");
    expect(await signIn("strategy-lock", "wrong-password", "10.3.0.2")).toMatch(/^429 /);
    // Another address is not locked out with it.
    expect(await signIn("strategy-lock", "wrong-password", "10.3.0.3")).toMatch(/^401 /);
  });
});
