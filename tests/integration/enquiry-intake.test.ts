import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "#db/client";
import { contacts } from "#db/schema";
import { resetEnvCache } from "~/env.server";
import { formStartToken } from "~/lib/spam.server";
import { submitEnquiry } from "~/services/enquiry-intake.server";

const valid = { name: "Niamh Byrne", email: "niamh@example.ie", goals: "More bookings from search." };
const rows = () => getDb().select().from(contacts).all();
let nextIp = 0;
// Each case its own address, so the allowance of one never limits another.
const fresh = () => `10.0.0.${++nextIp}`;

beforeAll(() => {
  process.env.CONTACT_RATE_LIMIT = "5";
  process.env.CONTACT_MIN_FILL_SECONDS = "3";
  process.env.RATE_LIMIT_FACTOR = "1";
  resetEnvCache();
});

describe("submitEnquiry", () => {
  it("stores a valid enquiry as new", async () => {
    const outcome = await submitEnquiry(
      { ...valid, budget: "", status: "closed" },
      { clientIp: fresh(), checkStartTime: true, startToken: formStartToken(Date.now() - 5000) },
    );
    expect(outcome.kind).toBe("stored");
    if (outcome.kind !== "stored") return;
    expect(outcome.contact).toMatchObject({ ...valid, budget: null, status: "new" });
    expect(rows().map((r) => r.id)).toContain(outcome.contact.id);
  });

  it("answers invalid input with every field's message and stores nothing", async () => {
    const before = rows().length;
    const outcome = await submitEnquiry(
      { name: "A", email: "nope", goals: "short" },
      { clientIp: fresh(), checkStartTime: false },
    );
    expect(outcome).toEqual({
      kind: "invalid",
      issues: expect.arrayContaining([
        { path: "name", message: "Name must be at least 2 characters" },
        { path: "email", message: "Please enter a valid email address" },
        { path: "goals", message: "Please provide more details about your goals" },
      ]),
    });
    expect(rows()).toHaveLength(before);
  });

  it("treats a filled honeypot as a bot: nothing stored, with or without the start-time check", async () => {
    const before = rows().length;
    for (const checkStartTime of [true, false]) {
      const outcome = await submitEnquiry(valid, {
        clientIp: fresh(),
        honeypot: "https://spam.example",
        startToken: formStartToken(Date.now() - 5000),
        checkStartTime,
      });
      expect(outcome).toEqual({ kind: "bot", input: { ...valid, budget: null } });
    }
    expect(rows()).toHaveLength(before);
  });

  it("checks the signed start time only when asked (the page form, not the API)", async () => {
    const before = rows().length;
    const tooFast = { clientIp: fresh(), startToken: formStartToken(), checkStartTime: true };
    expect((await submitEnquiry(valid, tooFast)).kind).toBe("bot");
    const forged = { clientIp: fresh(), startToken: `${Date.now() - 5000}.forged`, checkStartTime: true };
    expect((await submitEnquiry(valid, forged)).kind).toBe("bot");
    expect((await submitEnquiry(valid, { clientIp: fresh(), checkStartTime: true })).kind).toBe("bot");
    expect(rows()).toHaveLength(before);
    expect((await submitEnquiry(valid, { clientIp: fresh(), checkStartTime: false })).kind).toBe("stored");
  });

  it("takes a start token once, and not after a day: a replay or an old token is a bot", async () => {
    const before = rows().length;
    const token = formStartToken(Date.now() - 5000);
    const first = await submitEnquiry(valid, { clientIp: fresh(), startToken: token, checkStartTime: true });
    expect(first.kind).toBe("stored");
    const replay = await submitEnquiry(valid, { clientIp: fresh(), startToken: token, checkStartTime: true });
    expect(replay.kind).toBe("bot");
    const old = formStartToken(Date.now() - 25 * 60 * 60 * 1000);
    expect(
      (await submitEnquiry(valid, { clientIp: fresh(), startToken: old, checkStartTime: true })).kind,
    ).toBe("bot");
    expect(rows()).toHaveLength(before + 1);
  });

  it("limits valid enquiries per address and says how long to wait", async () => {
    const ip = fresh();
    const api = { clientIp: ip, checkStartTime: false };
    // Invalid input does not use up the allowance.
    for (let i = 0; i < 3; i++) await submitEnquiry({}, api);
    for (let i = 0; i < 5; i++) expect((await submitEnquiry(valid, api)).kind).toBe("stored");
    const before = rows().length;
    const limited = await submitEnquiry(valid, api);
    expect(limited).toEqual({
      kind: "rate-limited",
      retryAfterSeconds: expect.any(Number),
      message: expect.stringMatching(/^You've sent several messages in a short time\. Please try again in/),
    });
    if (limited.kind === "rate-limited") expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(rows()).toHaveLength(before);
    expect((await submitEnquiry(valid, { ...api, clientIp: fresh() })).kind).toBe("stored");
  });
});
