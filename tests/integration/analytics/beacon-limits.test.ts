import { beforeEach, describe, expect, it } from "vitest";

import { analyticsLive, analyticsSalts, pageViews, visits } from "#db/schema";
import { forgetSalt } from "~/features/analytics/analytics.server";
import {
  BEACONS_PER_ADDRESS_PER_MINUTE,
  BEACONS_PER_MINUTE,
  forgetBeaconLimits,
} from "~/features/analytics/beacon-limits.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

import { beaconServer, storedPaths } from "./beacon-server";
import { CHROME } from "./visitors";

const served = beaconServer();

beforeEach(() => {
  for (const table of [pageViews, visits, analyticsLive, analyticsSalts]) getDb().delete(table).run();
  forgetSalt();
  forgetBeaconLimits();
});

const beacon = (ip: string, path: string) =>
  fetch(`${served.base}/api/event`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": CHROME, "X-Forwarded-For": ip },
    body: JSON.stringify({ p: path, r: "" }),
  });

/** Runs `test` with every limit at a tenth (RATE_LIMIT_FACTOR), fresh counts before and after. */
async function atATenthOfTheLimits(test: () => Promise<void>) {
  process.env.RATE_LIMIT_FACTOR = "0.1";
  resetEnvCache();
  forgetBeaconLimits();
  try {
    await test();
  } finally {
    delete process.env.RATE_LIMIT_FACTOR;
    resetEnvCache();
    forgetBeaconLimits();
  }
}

/** A person reading the site: each of another network. */
const person = (i: number) => `192.0.${i}.2`;

const storedSet = () => new Set(storedPaths());

describe("the beacon limits", () => {
  it("refuses an address (an IPv6 one by its /64) over its limit, and stores none of its excess", async () => {
    for (let i = 0; i < BEACONS_PER_ADDRESS_PER_MINUTE; i++)
      expect((await beacon(`2001:db8:1:2::${i.toString(16)}`, `/ok-${i}`)).status).toBe(204);
    // Another address of the same /64.
    const refused = await beacon("2001:db8:1:2:ffff:ffff:ffff:1", "/refused");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/too many/i) });
    // The next /64, and an IPv4 address, are counted apart.
    expect((await beacon("2001:db8:1:3::1", "/next-64")).status).toBe(204);
    expect((await beacon("198.51.100.7", "/ipv4")).status).toBe(204);

    const stored = storedSet();
    expect(stored.size).toBe(BEACONS_PER_ADDRESS_PER_MINUTE + 2);
    expect(stored.has("/refused")).toBe(false);
    expect(stored.has("/next-64")).toBe(true);
  });

  it("refuses every address once the site's limit is used up, and stores none of the excess", async () => {
    await atATenthOfTheLimits(async () => {
      const total = Math.round(BEACONS_PER_MINUTE * 0.1);
      for (let i = 0; i < total; i++)
        expect((await beacon(`10.${i >> 8}.${i & 255}.20`, `/ok-${i}`)).status).toBe(204);
      const refused = await beacon("192.0.2.99", "/refused");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      const stored = storedSet();
      expect(stored.size).toBe(total);
      expect(stored.has("/refused")).toBe(false);
    });
  });

  it("leaves room for people while a few addresses flood at their own limit", async () => {
    await atATenthOfTheLimits(async () => {
      // Twenty addresses, each sending all its own limit allows: as many as the site's limit.
      const perAddress = Math.round(BEACONS_PER_ADDRESS_PER_MINUTE * 0.1);
      let flooded = 0;
      for (let i = 0; i < 20; i++)
        for (let n = 0; n < perAddress; n++)
          if ((await beacon(`10.30.0.${i}`, `/flood-${i}-${n}`)).status === 204) flooded++;
      expect(flooded).toBeLessThanOrEqual(Math.round(BEACONS_PER_MINUTE * 0.1));
      // The people reading the site meanwhile are still counted.
      for (let i = 0; i < 5; i++) expect((await beacon(person(i), `/person-${i}`)).status).toBe(204);
      const stored = storedSet();
      for (let i = 0; i < 5; i++) expect(stored.has(`/person-${i}`)).toBe(true);
    });
  });

  // One network sends a beacon from each of its addresses, as a person reading one page would: an IPv6
  // /48 holds 65,536 /64s (each a client of its own), an IPv4 /24 256 addresses.
  for (const [network, address] of [
    ["one IPv6 /48 from its /64s", (i: number) => `2001:db8:77:${i.toString(16)}::1`],
    ["one IPv4 /24 from its addresses", (i: number) => `203.0.113.${i}`],
  ] as const)
    it(`keeps room for people while ${network} sends, each as light as a person`, async () => {
      await atATenthOfTheLimits(async () => {
        for (let i = 0; i < 200; i++) await beacon(address(i), `/network-${i}`);
        for (let i = 0; i < 5; i++) expect((await beacon(person(i), `/person-${i}`)).status).toBe(204);
        const stored = storedSet();
        for (let i = 0; i < 5; i++) expect(stored.has(`/person-${i}`)).toBe(true);
      });
    });
});
