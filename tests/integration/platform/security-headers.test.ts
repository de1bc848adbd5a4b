// A header the site's security layer sets and an answer of the app also names (a shared preview's
// Referrer-Policy) is sent once, with the app's own value: the React Router adapter appends the app's
// headers to those already set, and a browser meeting two policies may follow either.
import { once } from "node:events";
import { request } from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { securityHeaders } from "../../../server/middleware";

let server: ReturnType<express.Express["listen"]>;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders(false));
  app.get("/own-policy", (_req, res) => {
    // What @react-router/express does with each header of the app's Response.
    res.append("Referrer-Policy", "no-referrer");
    res.append("X-Frame-Options", "SAMEORIGIN");
    res.send("a shared draft");
  });
  app.get("/site-policy", (_req, res) => {
    res.send("any page");
  });
  server = app.listen(0);
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
});

/** The raw header lines, as a browser receives them (fetch would join repeats with a comma). */
async function rawHeaders(path: string): Promise<[string, string][]> {
  const req = request({ port, path });
  req.end();
  const [res] = (await once(req, "response")) as [import("node:http").IncomingMessage];
  res.resume();
  const pairs: [string, string][] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
  }
  return pairs;
}

const valuesOf = (pairs: [string, string][], name: string) =>
  pairs.filter(([key]) => key === name).map(([, value]) => value);

describe("security headers", () => {
  it("sends the app's own Referrer-Policy once, in place of the site's", async () => {
    const headers = await rawHeaders("/own-policy");
    expect(valuesOf(headers, "referrer-policy")).toEqual(["no-referrer"]);
    expect(valuesOf(headers, "x-frame-options")).toEqual(["SAMEORIGIN"]);
  });

  it("sends the site's policy once on every other answer", async () => {
    const headers = await rawHeaders("/site-policy");
    expect(valuesOf(headers, "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
    expect(valuesOf(headers, "x-frame-options")).toEqual(["DENY"]);
  });
});
