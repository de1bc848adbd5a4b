// An old site's image is fetched within one deadline for the whole of it: an old site that answers a
// byte at a time (each gap far shorter than the deadline) is cut off at the deadline, whether it drips
// its headers, its body or a chain of redirects.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FetchRefused, openRemoteImage } from "~/features/imports/fetch-image.server";
import { resetEnvCache } from "~/platform/env.server";

let server: Server;
let site = "";
const timers = new Set<NodeJS.Timeout>();
const drip = (every: number, write: () => boolean) => {
  const timer = setInterval(() => {
    if (!write()) clearInterval(timer);
  }, every);
  timers.add(timer);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/headers") {
      // The status line, then a header every 50 ms, never the end of them.
      res.socket!.write("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n");
      drip(50, () => res.socket!.write("X-Still-Here: yes\r\n"));
    } else if (req.url === "/body") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      drip(50, () => res.write(Buffer.from([0xff])));
    } else if (req.url?.startsWith("/hop/")) {
      // Each hop answers after 250 ms: each well within the deadline, the four together not.
      const n = Number(req.url.slice(5));
      const timer = setTimeout(() => res.writeHead(302, { Location: `/hop/${n + 1}` }).end(), 250);
      timers.add(timer);
    } else res.writeHead(200, { "Content-Type": "image/jpeg" }).end(Buffer.from([0xff, 0xd8, 0xff]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.IMPORT_ALLOWED_ORIGINS = site;
  resetEnvCache();
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const within = { timeoutMs: 700 };

describe("an image from the old site", () => {
  it("is given whole when the site answers", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await openRemoteImage(`${site}/photo.jpg`, within))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("is refused when its headers drip past the deadline", { timeout: 20_000 }, async () => {
    const error = await openRemoteImage(`${site}/headers`, within).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toMatch(/took longer than/);
  });

  it("is cut off when its body drips past the deadline", { timeout: 20_000 }, async () => {
    const stream = await openRemoteImage(`${site}/body`, within);
    const error = await (async () => {
      for await (const _ of stream);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
  });

  it("is refused when its redirects together take past the deadline", { timeout: 20_000 }, async () => {
    const error = await openRemoteImage(`${site}/hop/0`, within).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as Error).message).toMatch(/took longer/);
  });
});
