import { describe, expect, it, vi } from "vitest";

import { hashPassword, timingDummyHash, verifyPassword } from "~/features/staff/credentials/password.server";
import {
  countUsers,
  createUser,
  ensureAdmin,
  findUserByUsername,
  setPassword,
} from "~/features/staff/users.server";
import { ConflictError } from "~/platform/http/errors.server";

describe("passwords", () => {
  it("hashes with scrypt N=2^17 outside the tests and verifies only the right password", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const hash = await hashPassword("correct horse battery");
    vi.unstubAllEnvs();
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("wrong horse battery", hash)).toBe(false);
    expect(await verifyPassword("anything", "garbage")).toBe(false);
  });

  it("hashes cheaply in the tests, and a hash's own cost is what it is checked with", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
  });

  it("checks an unknown user's guess at the cost the accounts' own hashes have", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const account = "scrypt$2048$8$1$c2FsdA==$aGFzaA==";
    expect(await timingDummyHash(account)).toMatch(/^scrypt\$2048\$8\$1\$/);
    // Without an account's hash, or with one no hasher makes (damaged, or a cost that would take
    // gigabytes), at the site's own cost.
    expect(await timingDummyHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
    for (const odd of ["garbage", "scrypt$3000$8$1$a$b", "scrypt$1073741824$8$1$a$b", "scrypt$2048$0$1$a$b"])
      expect(await timingDummyHash(odd), odd).toMatch(/^scrypt\$131072\$8\$1\$/);
    vi.unstubAllEnvs();
  });
});

describe("users", () => {
  it("creates the admin from the environment only when no user exists", async () => {
    expect(await ensureAdmin(undefined, undefined)).toBeNull();
    const admin = await ensureAdmin("admin", "a-long-enough-password");
    expect(admin?.username).toBe("admin");
    expect(await ensureAdmin("second", "another-long-password")).toBeNull();
    expect(countUsers()).toBe(1);
    const stored = findUserByUsername("admin");
    expect(stored?.password).not.toContain("a-long-enough-password");
  });

  it("refuses short passwords and duplicate usernames, and resets a password", async () => {
    await expect(createUser("short", "tiny")).rejects.toThrow(/at least 12/);
    await expect(createUser("admin", "yet-another-password")).rejects.toBeInstanceOf(ConflictError);
    expect(await setPassword("admin", "a-brand-new-password")).toBe(true);
    expect(await verifyPassword("a-brand-new-password", findUserByUsername("admin")!.password)).toBe(true);
    expect(await setPassword("ghost", "a-brand-new-password")).toBe(false);
  });
});
