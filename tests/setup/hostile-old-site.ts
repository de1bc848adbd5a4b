// An old site that fights an import's fetching, for the hostile import tests: `/terabyte…` says it is a
// terabyte (and would send it), anything else sends its first bytes and then one more every 100 ms,
// never finishing. It counts what it was asked for and what it had to send.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll } from "vitest";

import type { Progress } from "~/features/imports/index.server";
import { resetEnvCache } from "~/platform/env.server";

const MB = 1024 * 1024;

/** The first bytes of the kind of file the path names: a PDF's, else a JPEG's. */
function startOf(url: string): { type: string; bytes: Buffer } {
  return url.endsWith(".pdf")
    ? { type: "application/pdf", bytes: Buffer.from("%PDF-1.4\n") }
    : { type: "image/jpeg", bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) };
}

/** Starts the site on a free local port and lets the import fetch from it; `terabyteType` types the huge file. */
export async function startHostileOldSite(terabyteType: string) {
  const state = { url: "", bytesSent: 0, asked: [] as string[] };
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    state.asked.push(req.url!);
    open.add(res);
    res.on("close", () => open.delete(res));
    if (req.url!.includes("/terabyte")) {
      res.writeHead(200, { "Content-Type": terabyteType, "Content-Length": String(MB * MB) });
      const chunk = Buffer.alloc(256 * 1024, 1);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) state.bytesSent += chunk.length;
      };
      res.on("drain", pump);
      pump();
      return;
    }
    const { type, bytes } = startOf(req.url!);
    res.writeHead(200, { "Content-Type": type });
    res.write(bytes);
    const drip = setInterval(() => res.write(" "), 100);
    res.on("close", () => clearInterval(drip));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.IMPORT_ALLOWED_ORIGINS = state.url;
  resetEnvCache();
  const stop = async () => {
    for (const res of open) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { state, stop };
}

/** The site for one test file: started before its tests and stopped after them; read `state` in a test. */
export function hostileOldSiteForFile(terabyteType: string) {
  const site = { state: { url: "", bytesSent: 0, asked: [] as string[] } };
  let stop = async () => {};
  beforeAll(async () => {
    ({ state: site.state, stop } = await startHostileOldSite(terabyteType));
  });
  afterAll(() => stop());
  return site;
}

/** What an import's copying reports to, kept in memory for the test to read. */
export const importProgress = (): Progress => ({
  counts: {} as Progress["counts"],
  startedAt: new Date(),
  problems: new Set(),
  save: () => {},
});
