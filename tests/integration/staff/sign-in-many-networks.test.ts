// Strangers guessing from many networks can neither spend the owner's allowance nor keep the owner out
// of their own browser. Through the real services and a real SQLite file (cheap hashes; the hasher's
// bound and the limits are the real ones). Over HTTP with full-cost hashes: sign-in-flood.test.ts.
import { beforeAll, describe, expect, it } from "vitest";

import { SIGN_IN_BUSY, verifyCredentials } from "~/features/staff/auth.server";
import { knownDeviceCookieFor } from "~/features/staff/credentials/known-device.server";
import { CONCURRENT_HASHES, QUEUED_HASHES } from "~/features/staff/credentials/password.server";
import { LOGIN_FAILURES_ALLOWED, NEW_DEVICE_FAILURES_ALLOWED } from "~/features/staff/login-throttle.server";
import { createUser } from "~/features/staff/users.server";
import type { LoginError } from "~/platform/http/errors.server";

let ownerId = "";
let otherId = "";
beforeAll(async () => {
  ownerId = (await createUser("owner", "the-owners-password")).id;
  otherId = (await createUser("guessed", "the-guessed-password")).id;
  for (const round of [0, 1]) await createUser(`stranger-target-${round}`, "another-password");
});

/** The Cookie header of a browser the account has signed in on. */
const knownBrowserOf = async (userId: string) => (await knownDeviceCookieFor(userId)).split(";")[0]!;

const answer = (username: string, password: string, ip: string, cookie: string | null = null) =>
  verifyCredentials(username, password, ip, cookie).then(
    (user) => `signed in as ${user.username}`,
    (e: LoginError) => `${e.status} ${e.message}`,
  );

describe("a busy hasher", () => {
  it("answers 503 without spending a point of the person's allowance", async () => {
    // Strangers fill the hasher (one hashing, the queue full) and, in the same turn, the owner tries
    // as many times as the allowance: each hears that sign-in is busy. Twice over: before, the second
    // round was refused for too many attempts.
    let stranger = 0;
    for (let round = 0; round < 2; round++) {
      const strangers = Array.from({ length: CONCURRENT_HASHES + QUEUED_HASHES }, () =>
        answer(`stranger-target-${round}`, "wrong-password", `203.0.113.${++stranger}`),
      );
      const owner = Array.from({ length: LOGIN_FAILURES_ALLOWED }, () =>
        answer("owner", "the-owners-password", "192.0.2.50"),
      );
      const [, ownerAnswers] = await Promise.all([Promise.all(strangers), Promise.all(owner)]);
      expect(ownerAnswers).toEqual(Array(LOGIN_FAILURES_ALLOWED).fill(`503 ${SIGN_IN_BUSY}`));
    }

    // Once the hasher is free the owner signs in from the same address: nothing was spent.
    expect(await answer("owner", "the-owners-password", "192.0.2.50")).toBe("signed in as owner");
    // And five wrong passwords are still allowed there before the sixth is refused.
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++)
      expect(await answer("owner", "wrong-password", "192.0.2.50")).toMatch(/^401 /);
    expect(await answer("owner", "wrong-password", "192.0.2.50")).toMatch(/^429 /);
  });
});

/** The n-th IPv6 /64 of a /48: one network each. */
const network = (prefix: string, n: number) => `${prefix}:${n.toString(16)}::1`;

describe("guesses at one username from many networks", () => {
  it("are limited together, whatever network they come from, but not on a browser it signed in on", async () => {
    const strangers = [];
    for (let i = 0; i <= NEW_DEVICE_FAILURES_ALLOWED; i++)
      strangers.push(await answer("guessed", "wrong-password", network("2001:db8:4410", i)));
    expect(strangers.slice(0, NEW_DEVICE_FAILURES_ALLOWED)).toEqual(
      Array(NEW_DEVICE_FAILURES_ALLOWED).fill("401 Invalid username or password"),
    );
    expect(strangers.at(-1)).toMatch(/^429 Too many sign-in attempts for this username/);

    // The right password from yet another network, in a browser that has not signed in: refused too,
    // and told what still works.
    expect(await answer("guessed", "the-guessed-password", "192.0.2.60")).toBe(
      "429 Too many sign-in attempts for this username from browsers it has not signed in on. " +
        "Please try again in 15 minutes, sign in on a browser you have signed in on before, or use a passkey.",
    );
    // A browser another account signed in on is no help.
    expect(
      await answer("guessed", "the-guessed-password", "192.0.2.60", await knownBrowserOf(ownerId)),
    ).toMatch(/^429 /);
    // The person's own browser signs in, from any network.
    expect(await answer("guessed", "the-guessed-password", "192.0.2.61", await knownBrowserOf(otherId))).toBe(
      "signed in as guessed",
    );
  });

  it("count a known browser's own wrong passwords against that browser alone", async () => {
    const browser = await knownBrowserOf(ownerId);
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++)
      expect(await answer("owner", "wrong-password", network("2001:db8:4420", i), browser)).toMatch(/^401 /);
    expect(await answer("owner", "the-owners-password", "192.0.2.70", browser)).toMatch(/^429 /);
    // Another browser of the owner's, signed in before, is not locked with it.
    expect(await answer("owner", "the-owners-password", "192.0.2.70", await knownBrowserOf(ownerId))).toBe(
      "signed in as owner",
    );
  });

  it("cannot keep the owner's browser waiting behind theirs at the hasher", async () => {
    const browser = await knownBrowserOf(ownerId);
    const crowd = CONCURRENT_HASHES + QUEUED_HASHES + 3;
    for (let i = 0; i < crowd; i++) await createUser(`crowd-${i}`, "a-crowd-password");
    const strangers = Array.from({ length: crowd }, (_, i) =>
      answer(`crowd-${i}`, "wrong-password", network("2001:db8:4430", i)),
    );
    const owner = answer("owner", "the-owners-password", "192.0.2.80", browser);
    const answers = await Promise.all(strangers);
    expect(answers.filter((a) => a.startsWith("503 "))).toHaveLength(3);
    expect(await owner).toBe("signed in as owner");
  });
});
