// The page beacon is the one write anyone may send: truncated, oversized, nested, malformed,
// prototype-named and concurrent bodies are refused with a JSON error or counted as plain values,
// never a 500, never a half-written figure.
import { request as httpRequest } from "node:http";

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { analyticsLive, analyticsSalts, pageViews, pageVitals, visits, vitalsLive } from "#db/schema";
import { flushPageViews, forgetSalt } from "~/features/analytics/analytics.server";
import { analyticsReport } from "~/features/analytics/analytics-report.server";
import { forgetBeaconLimits } from "~/features/analytics/beacon-limits.server";
import { getDb } from "~/platform/db.server";
import { dublinDay } from "~/platform/text/dublin-time";

import { beaconServer, storedPaths } from "./beacon-server";
import { CHROME } from "./visitors";

const served = beaconServer();

beforeEach(() => {
  for (const table of [pageVitals, vitalsLive, pageViews, visits, analyticsLive, analyticsSalts])
    getDb().delete(table).run();
  forgetSalt();
  forgetBeaconLimits();
});

let address = 0;
const send = (body: string | Blob, ip = `10.50.${address >> 8}.${address++ & 255}`) =>
  fetch(`${served.base}/api/event`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": CHROME, "X-Forwarded-For": ip },
    body,
  });

const today = () => dublinDay(new Date());
const total = () => {
  flushPageViews();
  return getDb().select().from(analyticsLive).where(eq(analyticsLive.dimension, "total")).get();
};

describe("a hostile beacon", () => {
  it("refuses truncated, nested and malformed bodies with a JSON 400, and counts none of them", async () => {
    const nested = (depth: number) => `${'{"p":'.repeat(depth)}"/"${"}".repeat(depth)}`;
    const bodies = [
      '{"p": "/services/seo", "r"',
      '{"p": "/services/seo"',
      "",
      "null",
      "[]",
      '"/"',
      '{"p": ["/"]}',
      '{"p": "/", "r": {"r": ""}}',
      nested(150),
      `{"p": "/", "m": ${"[".repeat(200)}${"]".repeat(200)}}`,
      '{"p": "/", "m": [["LCP", NaN]]}',
      '{"p": "/", "m": [["LCP", 1, {"toString": "x"}]]}',
      '{"__proto__": {"p": "/polluted"}}',
      '{"constructor": {"prototype": {"p": "/polluted"}}}',
    ];
    for (const body of bodies) {
      const response = await send(body);
      expect(response.status, body.slice(0, 60)).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    // Bytes that are not UTF-8 are not a page.
    expect(
      (await send(new Blob([new Uint8Array([0x7b, 0x22, 0x70, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])])))
        .status,
    ).toBe(204);
    expect(({} as Record<string, unknown>).p).toBeUndefined();
    expect(storedPaths()).not.toContain("/polluted");
  });

  it("refuses an oversized body, declared or streamed, and keeps answering after a body cut off", async () => {
    const big = JSON.stringify({ p: `/${"a".repeat(2000)}`, r: "" });
    expect((await send(big)).status).toBe(413);
    // Streamed in chunks without a length.
    const streamed = await fetch(`${served.base}/api/event`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "User-Agent": CHROME },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode("x".repeat(512)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    // A body that stops halfway, its connection closed.
    await new Promise<void>((resolve) => {
      const cut = httpRequest({
        host: "127.0.0.1",
        port: served.port,
        path: "/api/event",
        method: "POST",
        headers: { "Content-Type": "text/plain", "Content-Length": "200", "User-Agent": CHROME },
      });
      cut.on("error", () => resolve());
      cut.on("close", () => resolve());
      cut.write('{"p": "/cut-off", "r"', () => cut.destroy());
    });
    expect((await send(JSON.stringify({ p: "/after", r: "" }))).status).toBe(204);
    expect(storedPaths()).toEqual(["/after"]);
  });

  it("counts prototype-named pages, campaigns and causes as the plain values they are", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const ip = `10.60.0.${name.length}`;
      expect((await send(JSON.stringify({ p: `/${name}?utm_campaign=${name}`, r: "" }), ip)).status).toBe(
        204,
      );
      flushPageViews();
      expect((await send(JSON.stringify({ p: `/${name}`, m: [["LCP", 5000, name]] }), ip)).status).toBe(204);
    }
    const report = analyticsReport({ from: today(), to: today() });
    expect(report.campaigns.map((row) => row.value).sort()).toEqual([
      "__proto__",
      "constructor",
      "hasOwnProperty",
      "toString",
    ]);
    expect(report.pages.map((row) => row.path).sort()).toEqual([
      "/__proto__",
      "/constructor",
      "/hasOwnProperty",
      "/toString",
    ]);
    expect(report.vitals.pages.find((page) => page.path === "/__proto__")?.LCP.n).toBe(1);
    expect(({} as Record<string, unknown>).campaign).toBeUndefined();
  });

  it("counts every one of many beacons sent at once, each once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(JSON.stringify({ p: `/same-${i % 5}`, r: "" }), `10.70.0.${i}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(204));
    // The same visitor's page twice at once, and its vitals with it.
    await Promise.all([
      send(JSON.stringify({ p: "/twice", r: "" }), "10.71.0.1"),
      send(JSON.stringify({ p: "/twice", r: "" }), "10.71.0.1"),
    ]);
    expect(total()).toMatchObject({ visitors: 51, visits: 51, views: 52 });
    const page = getDb()
      .select()
      .from(analyticsLive)
      .all()
      .find((row) => row.dimension === "page" && row.value === "/twice");
    expect(page).toMatchObject({ visitors: 1, visits: 1, views: 2 });
  });
});
