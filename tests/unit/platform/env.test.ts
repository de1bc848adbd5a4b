import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import express from "express";
import { describe, expect, it } from "vitest";

import { parseEnv, trustProxy } from "~/platform/env.server";

const secret = "s".repeat(32);

describe("parseEnv", () => {
  it("fills in the documented defaults", () => {
    const env = parseEnv({ DATABASE_PATH: ":memory:" });
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      UPLOADS_DIR: "./uploads",
      SITE_URL: "http://localhost:3000",
      RATE_LIMIT_FACTOR: 1,
    });
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
  });

  it("derives SITE_URL from PORT and trims a trailing slash from a given one", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://example.ie/" }).SITE_URL).toBe("https://example.ie");
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", HOST: "" })).toMatchObject({ PORT: 3000, HOST: "0.0.0.0" });
  });

  it.each([
    [{ PORT: "abc" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ RATE_LIMIT_FACTOR: "0" }, /RATE_LIMIT_FACTOR/],
    [{ SITE_URL: "not a url" }, /SITE_URL/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL/],
    [{ CONTACT_NOTIFY_TO: "nobody" }, /CONTACT_NOTIFY_TO/],
    [{ NODE_ENV: "staging" }, /NODE_ENV/],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET/],
    [{ TRUST_PROXY: "everyone" }, /TRUST_PROXY/],
    [{ TRUST_PROXY: "10.0.0.0/99" }, /TRUST_PROXY/],
  ])("names the bad variable in %o", (source, name) => {
    expect(() => parseEnv(source)).toThrow(name);
  });

  it("without SESSION_SECRET, makes one secret once and keeps it beside the database, for its owner alone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "secret-"));
    const DATABASE_PATH = path.join(dir, "data", "app.db");
    const first = parseEnv({ NODE_ENV: "production", DATABASE_PATH }).SESSION_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, "data", "session-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The next start (a restart, npm run preview again) signs nobody out.
    expect(parseEnv({ NODE_ENV: "production", DATABASE_PATH }).SESSION_SECRET).toBe(first);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_PATH, SESSION_SECRET: secret }).SESSION_SECRET).toBe(
      secret,
    );
  });

  it("says in one line what to do when the secret can be neither given nor kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "secret-"));
    writeFileSync(path.join(dir, "not-a-folder"), "");
    expect(() => parseEnv({ DATABASE_PATH: path.join(dir, "not-a-folder", "app.db") })).toThrow(
      /^SESSION_SECRET is not set and .*session-secret cannot be written .*: set SESSION_SECRET/,
    );
    writeFileSync(path.join(dir, "session-secret"), "short\n");
    expect(() => parseEnv({ DATABASE_PATH: path.join(dir, "app.db") })).toThrow(/fewer than 32 characters/);
  });

  it("wants ADMIN_USERNAME and ADMIN_PASSWORD together, with a long password", () => {
    expect(() => parseEnv({ ADMIN_USERNAME: "admin" })).toThrow(/together/);
    expect(() => parseEnv({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe("TRUST_PROXY", () => {
  // Whether Express takes the client address from X-Forwarded-For when the peer is `peer`.
  const trusts = (value: string | undefined, peer: string) => {
    const app = express().set("trust proxy", trustProxy(parseEnv({ TRUST_PROXY: value })));
    return (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(peer, 0);
  };

  it("by default believes a forwarded address only from a proxy on this machine", () => {
    expect(trusts(undefined, "127.0.0.1")).toBe(true);
    // Docker's port forwarding and a TCP balancer arrive from private addresses: not trusted.
    expect(trusts(undefined, "172.17.0.1")).toBe(false);
    expect(trusts(undefined, "10.0.0.5")).toBe(false);
  });

  it("can trust nothing, a number of proxies, or given addresses and ranges", () => {
    expect(trusts("none", "127.0.0.1")).toBe(false);
    expect(trusts("1", "203.0.113.9")).toBe(true);
    expect(trusts("loopback, 172.16.0.0/12", "172.17.0.1")).toBe(true);
    expect(trusts("loopback, 172.16.0.0/12", "10.0.0.5")).toBe(false);
  });
});
