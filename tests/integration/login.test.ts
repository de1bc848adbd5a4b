import { beforeAll, describe, expect, it } from "vitest";

import { INVALID_CREDENTIALS, verifyCredentials } from "~/services/auth.server";
import type { LoginError } from "~/services/errors.server";
import { createUser } from "~/services/users.server";

beforeAll(async () => {
  await createUser("editor", "the-right-password");
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

  it("locks a username after five failures, whatever the address", async () => {
    for (let i = 0; i < 5; i++) expect(await fail("locked-user", `10.1.0.${i}`)).toMatch(/^401/);
    expect(await fail("locked-user", "10.1.0.99")).toBe(
      "429 Too many sign-in attempts. Please try again in 15 minutes.",
    );
  });

  it("locks an address after five failures, whatever the username", async () => {
    for (let i = 0; i < 5; i++) expect(await fail(`user-${i}`, "10.2.0.1")).toMatch(/^401/);
    await expect(verifyCredentials("editor", "the-right-password", "10.2.0.1")).rejects.toMatchObject({
      status: 429,
    });
  });

  it("forgets a username's failures after it signs in", async () => {
    for (let i = 0; i < 4; i++) await fail("editor", `10.3.0.${i}`);
    await verifyCredentials("editor", "the-right-password", "10.3.1.1");
    for (let i = 0; i < 4; i++) expect(await fail("editor", `10.4.0.${i}`)).toMatch(/^401/);
    expect(await verifyCredentials("editor", "the-right-password", "10.4.1.1")).toMatchObject({
      username: "editor",
    });
  });
});
