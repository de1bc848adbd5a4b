import express from "express";
import { describe, expect, it } from "vitest";

import { parseEnv, trustProxy } from "~/platform/env.server";

const secret = "s".repeat(32);

describe("parseEnv", () => {
  it("fills in the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_PATH: "./data/app.db",
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

  it("refuses production without SESSION_SECRET, in one readable line", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /^SESSION_SECRET is required when NODE_ENV=production/,
    );
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
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
