// A header the site's security layer sets and an answer of the app also names (a shared preview's
// Referrer-Policy) is sent once, with the app's own value: the React Router adapter appends the app's
// headers to those already set, and a browser meeting two policies may follow either.
import { once } from "node:events";
import { createServer, type IncomingMessage, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { keepTheAnswersOwn } from "~/platform/http/said-once.server";

let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    // What helmet sets for every answer…
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    // …and what @react-router/express then appends from a shared preview's Response.
    if (req.url === "/own-policy") res.appendHeader("Referrer-Policy", "no-referrer");
    keepTheAnswersOwn(res);
    res.end("an answer");
  });
  server.listen(0);
  await once(server, "listening");
});
afterAll(() => {
  server?.close();
});

/** The raw header lines, as a browser receives them (fetch would join repeats with a comma). */
async function valuesOf(path: string, name: string): Promise<string[]> {
  const req = request({ port: (server.address() as AddressInfo).port, path });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  res.resume();
  const values: string[] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2)
    if (res.rawHeaders[i]!.toLowerCase() === name) values.push(res.rawHeaders[i + 1]!);
  return values;
}

describe("headers said once", () => {
  it("sends the answer's own Referrer-Policy once, in place of the site's", async () => {
    expect(await valuesOf("/own-policy", "referrer-policy")).toEqual(["no-referrer"]);
  });

  it("sends the site's policy once on every other answer", async () => {
    expect(await valuesOf("/any-page", "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
    expect(await valuesOf("/any-page", "x-frame-options")).toEqual(["DENY"]);
  });
});
