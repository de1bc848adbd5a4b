import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import express from "express";
import { describe, expect, it } from "vitest";

import { parseEnv, renamedEnvWarnings, trustProxy } from "~/platform/env.server";

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
    [{ ENQUIRY_NOTIFY_TO: "nobody" }, /ENQUIRY_NOTIFY_TO/],
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

describe("the enquiry variables' old names", () => {
  const hook = "https://crm.example/hook";
  const hookSecret = "h".repeat(16);

  it("reads the new names", () => {
    const env = parseEnv({
      ENQUIRY_NOTIFY_TO: "enquiries@example.ie",
      ENQUIRY_RATE_LIMIT: "9",
      ENQUIRY_MIN_FILL_SECONDS: "7",
      ENQUIRY_WEBHOOK_URL: hook,
      ENQUIRY_WEBHOOK_SECRET: hookSecret,
    });
    expect(env).toMatchObject({
      ENQUIRY_NOTIFY_TO: "enquiries@example.ie",
      ENQUIRY_RATE_LIMIT: 9,
      ENQUIRY_MIN_FILL_SECONDS: 7,
      ENQUIRY_WEBHOOK_URL: hook,
      ENQUIRY_WEBHOOK_SECRET: hookSecret,
    });
    expect(renamedEnvWarnings({ ENQUIRY_NOTIFY_TO: "enquiries@example.ie" })).toEqual([]);
  });

  it("still reads the old names, each with one warning naming the new one", () => {
    const old = {
      CONTACT_NOTIFY_TO: "leads@example.ie",
      CONTACT_RATE_LIMIT: "9",
      CONTACT_MIN_FILL_SECONDS: "7",
      LEAD_WEBHOOK_URL: hook,
      LEAD_WEBHOOK_SECRET: hookSecret,
    };
    expect(parseEnv(old)).toMatchObject({
      ENQUIRY_NOTIFY_TO: "leads@example.ie",
      ENQUIRY_RATE_LIMIT: 9,
      ENQUIRY_MIN_FILL_SECONDS: 7,
      ENQUIRY_WEBHOOK_URL: hook,
      ENQUIRY_WEBHOOK_SECRET: hookSecret,
    });
    expect(renamedEnvWarnings(old)).toEqual([
      "CONTACT_NOTIFY_TO is now ENQUIRY_NOTIFY_TO; the old name still works",
      "CONTACT_RATE_LIMIT is now ENQUIRY_RATE_LIMIT; the old name still works",
      "CONTACT_MIN_FILL_SECONDS is now ENQUIRY_MIN_FILL_SECONDS; the old name still works",
      "LEAD_WEBHOOK_URL is now ENQUIRY_WEBHOOK_URL; the old name still works",
      "LEAD_WEBHOOK_SECRET is now ENQUIRY_WEBHOOK_SECRET; the old name still works",
    ]);
    // An empty old name is unset, as every variable is: no warning.
    expect(renamedEnvWarnings({ CONTACT_NOTIFY_TO: "" })).toEqual([]);
  });

  it("uses the new name when both are set, and the warning says the old one is ignored", () => {
    const both = { CONTACT_NOTIFY_TO: "old@example.ie", ENQUIRY_NOTIFY_TO: "new@example.ie" };
    expect(parseEnv(both).ENQUIRY_NOTIFY_TO).toBe("new@example.ie");
    expect(renamedEnvWarnings(both)).toEqual([
      "CONTACT_NOTIFY_TO is now ENQUIRY_NOTIFY_TO; both are set, so ENQUIRY_NOTIFY_TO is used and CONTACT_NOTIFY_TO is ignored: remove CONTACT_NOTIFY_TO",
    ]);
    // The ignored old value is not checked either: only what is used can stop the start.
    expect(parseEnv({ CONTACT_RATE_LIMIT: "lots", ENQUIRY_RATE_LIMIT: "4" }).ENQUIRY_RATE_LIMIT).toBe(4);
  });

  it("names a bad value by the name it was set under", () => {
    expect(() => parseEnv({ CONTACT_NOTIFY_TO: "nobody" })).toThrow(
      "ENQUIRY_NOTIFY_TO (set as CONTACT_NOTIFY_TO) must be an e-mail address",
    );
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: hook })).toThrow(
      /ENQUIRY_WEBHOOK_SECRET is required with ENQUIRY_WEBHOOK_URL/,
    );
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
