import { describe, expect, it } from "vitest";

import { parseEnv } from "~/env.server";

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
