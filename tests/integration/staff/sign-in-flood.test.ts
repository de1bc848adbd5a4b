// The owner signs in while strangers flood wrong passwords from many networks: against the built
// server over HTTP with the real limits (RATE_LIMIT_FACTOR=1) and the full-cost hash. Addresses are
// given by X-Forwarded-For from loopback, which the server's default TRUST_PROXY believes.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { hashPassword } from "~/features/staff/credentials/password.server";

import { E2E_ADMIN, type RunningServer, startServer } from "../../../scripts/lib/start-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_FACTOR: "1" });
  // The owner's password at the full cost a real site hashes at (test servers start with a cheap one),
  // so each check takes the hasher a third of a second, as a stranger's guess at a made-up name does too.
  vi.stubEnv("NODE_ENV", "production");
  const fullCost = await hashPassword(E2E_ADMIN.password);
  vi.unstubAllEnvs();
  const db = new Database(server.databasePath);
  db.prepare("update users set password = ? where username = ?").run(fullCost, E2E_ADMIN.username);
  db.close();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

type Answer = { status: number; error?: string; cookies: string[] };

/** POST /api/auth/login from `address`, sending `cookies` back as a browser would. */
async function signIn(username: string, password: string, address: string, cookies: string[] = []) {
  const response = await fetch(`${server.baseURL}/api/auth/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.baseURL,
      "X-Forwarded-For": address,
      ...(cookies.length > 0 && { Cookie: cookies.join("; ") }),
    },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { error?: string };
  const set = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  return { status: response.status, error: body.error, cookies: set } satisfies Answer;
}

/**
 * Wrong passwords from 13 senders, each sending its next a tenth of a second after the last is
 * answered, from the address `from` gives it: half for the owner's username, half for made-up ones
 * (which keep the one-at-a-time hasher full once the owner's name is refused), or all for the owner's.
 * Runs until stopped; returns what each guess was answered, by username.
 */
function flood(from: (sender: number, guess: number) => string, { onlyTheOwner = false } = {}) {
  let stopped = false;
  const answers: { owner: number[]; others: number[] } = { owner: [], others: [] };
  let sent = 0;
  const network = async (n: number) => {
    while (!stopped) {
      const toOwner = ++sent % 2 === 0 || onlyTheOwner;
      const address = from(n, sent);
      const { status } = await signIn(
        toOwner ? E2E_ADMIN.username : `guess-${sent}`,
        "wrong-password",
        address,
      );
      (toOwner ? answers.owner : answers.others).push(status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const running = Promise.all(Array.from({ length: 13 }, (_, n) => network(n + 1)));
  return {
    answers,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Resolves once `condition` holds, checking every time the flood is answered. */
async function until(condition: () => boolean, what: string, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Waited ${seconds} s for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("wrong passwords from many networks", () => {
  it("leave the owner signing in from a device they have signed in on before", async () => {
    const first = await signIn(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.10");
    expect(first.status).toBe(200);

    // 13 IPv6 /64s, a new address inside its /64 each time.
    const strangers = flood(
      (n, guess) => `2001:db8:4401:${n.toString(16)}::${(guess % 65_535).toString(16)}`,
    );
    try {
      // The hasher is full: strangers are being told that sign-in is busy.
      await until(
        () => [...strangers.answers.owner, ...strangers.answers.others].includes(503),
        "a busy answer",
      );

      // The owner, on the same browser from another network (a phone on mobile data), tries and
      // retries what is answered busy: never refused for too many attempts, and in.
      const owner: number[] = [];
      while (owner.at(-1) !== 200 && owner.length < 10) {
        owner.push(
          (await signIn(E2E_ADMIN.username, E2E_ADMIN.password, "198.51.100.20", first.cookies)).status,
        );
      }
      expect(owner.filter((status) => status !== 503)).toEqual([200]);
    } finally {
      await strangers.stop();
    }
  }, 180_000);

  it("slows guesses at one username from every network together, but not on the owner's device", async () => {
    const first = await signIn(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.11");
    expect(first.status).toBe(200);

    // Each guess from a /64 of its own (a /48 holds 65,536), so no limit per client ever applies.
    const strangers = flood((_, guess) => `2001:db8:4402:${guess.toString(16)}::1`, { onlyTheOwner: true });
    try {
      // Strangers' guesses at the owner's username are refused before any hash once the account's
      // allowance for new devices is spent, whichever network they come from.
      await until(() => strangers.answers.owner.includes(429), "the owner's username refused", 120);
    } finally {
      await strangers.stop();
    }
    const checked = strangers.answers.owner.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);

    // A device the owner has never signed in on is refused too, and told what still works.
    const newDevice = await signIn(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.12");
    expect(newDevice.status).toBe(429);
    expect(newDevice.error).toMatch(/passkey|signed in on before/);

    // The owner's own browser is not.
    const known = await signIn(E2E_ADMIN.username, E2E_ADMIN.password, "192.0.2.13", first.cookies);
    expect(known.status).toBe(200);
  }, 180_000);
});
