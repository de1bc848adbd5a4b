// A start of the production server reads a few hundred files, not some 1,300: its packages are bundled
// (vite.config.ts) and the rarely needed ones load with their first use (decision 077). Measured by the
// server itself: a module hook lists every file it loads, written out as it stops.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { startServer } from "../../../scripts/lib/start-server";

const dir = mkdtempSync(path.join(tmpdir(), "start-loads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LISTING_HOOK = `
import { registerHooks } from "node:module";
import { writeFileSync } from "node:fs";
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on("exit", () => writeFileSync(process.env.LOADED_LIST, loaded.join("\\n")));
`;

/** What the server loaded from node_modules while it started (and stopped), by package. */
async function packagesLoadedByAStart(): Promise<{ files: number; packages: Set<string> }> {
  const hook = path.join(dir, "hook.mjs");
  const list = path.join(dir, "loaded.txt");
  writeFileSync(hook, LISTING_HOOK);
  const server = await startServer({ NODE_OPTIONS: `--import=${hook}`, LOADED_LIST: list });
  await server.stop();
  const fromPackages = readFileSync(list, "utf8")
    .split("\n")
    .filter((url) => url.includes("/node_modules/"));
  const packages = new Set(fromPackages.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)![1]!));
  return { files: fromPackages.length, packages };
}

describe("a start of the production server", () => {
  it("leaves the rarely needed packages to their first use, and reads the rest as bundled", async () => {
    const { files, packages } = await packagesLoadedByAStart();
    // Passkeys, images, drawing, sending and rendering e-mail (Prettier, Prism): none is needed to answer.
    for (const lazy of [
      "@simplewebauthn/server",
      "sharp",
      "satori",
      "nodemailer",
      "prettier",
      "prismjs",
      "@react-email/components",
      "drizzle-orm",
      "zod",
    ]) {
      expect(packages, lazy).not.toContain(lazy);
    }
    // Some 300 today (React, React Router, express, pino, better-sqlite3); 1,300 before the bundling.
    expect(files).toBeLessThan(500);
  });
});
