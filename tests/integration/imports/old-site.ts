// A local stand-in for the old WordPress or Ghost site: it serves the exports' images (and counts the
// requests for them), and the fixture exports with its addresses.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";

import { resetEnvCache } from "~/platform/env.server";

export async function startOldSite() {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6" } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#fa3" } })
    .png()
    .toBuffer();
  const files: Record<string, [string, Buffer]> = {
    "/wp-content/uploads/2024/05/shopfront.jpg": ["image/jpeg", jpeg],
    "/wp-content/uploads/2024/05/chart.png": ["image/png", png],
    // A Ghost site's.
    "/content/images/2024/05/team.jpg": ["image/jpeg", jpeg],
  };
  const served: string[] = [];
  // While held, the site takes requests and answers none until let go (an import caught mid-way).
  let held: Promise<void> | null = null;
  const server = createServer(async (req, res) => {
    served.push(req.url!);
    await held;
    const file = files[req.url!];
    if (!file) return res.writeHead(404).end("Not found");
    res.writeHead(200, { "Content-Type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url,
    served,
    close,
    /** The old site down: its address refuses connections until `up()`. */
    down: close,
    /** Back at the same address. */
    up: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    /** Holds every answer until the function returned is called. */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
  };
}

/**
 * The old site for one test file: started before its tests, the import allowed to fetch from it, and
 * stopped after them. Read its fields (url, served, down…) in a test, not before.
 */
export function oldSiteForFile() {
  const site = {} as OldSite;
  beforeAll(async () => {
    Object.assign(site, await startOldSite());
    process.env.IMPORT_ALLOWED_ORIGINS = site.url;
    resetEnvCache();
  });
  afterAll(() => site.close?.());
  return site;
}
type OldSite = Awaited<ReturnType<typeof startOldSite>>;

/** The fixture export (tests/fixtures/imports) with the old site at `site`, as a file; `edit` changes its text. */
/**
 * A file's path in the folder tests/setup/temp-db.ts made for this test file (beside its database),
 * removed with it after the file; in the system's temp folder for a browser test, which has none.
 */
export const inTestFolder = (name: string) =>
  path.join(process.env.DATABASE_PATH ? path.dirname(process.env.DATABASE_PATH) : tmpdir(), name);

export function wordpressExport(
  site: string,
  name = "wordpress-export",
  edit = (text: string) => text,
): string {
  const file = inTestFolder(`${name}-${process.pid}-${Date.now()}.xml`);
  const text = readFileSync("tests/fixtures/imports/wordpress-export.xml", "utf8").replaceAll(
    "{{SITE}}",
    site,
  );
  writeFileSync(file, edit(text));
  return file;
}

/** Any text as a file, for the refusals. */
export function textFile(name: string, text: string): string {
  const file = inTestFolder(`${name}-${process.pid}-${Date.now()}.xml`);
  writeFileSync(file, text);
  return file;
}

/** A Ghost export's tables, as `ghostExport`'s `edit` changes them. */
export type GhostTables = {
  posts: Record<string, unknown>[];
  tags: Record<string, unknown>[];
  posts_tags: Record<string, unknown>[];
  users: Record<string, unknown>[];
  posts_authors: Record<string, unknown>[];
};

/**
 * The Ghost fixture export, as a file (Ghost's own placeholder stands for the site's address); `edit`
 * changes its tables (adds pages, tags, authors) before it is written.
 */
export function ghostExport(name = "ghost-export", edit?: (tables: GhostTables) => void): string {
  const file = inTestFolder(`${name}-${process.pid}-${Date.now()}.json`);
  const text = readFileSync("tests/fixtures/imports/ghost-export.json", "utf8");
  if (!edit) {
    writeFileSync(file, text);
    return file;
  }
  const exported = JSON.parse(text) as { db: [{ data: GhostTables }] };
  edit(exported.db[0].data);
  writeFileSync(file, JSON.stringify(exported));
  return file;
}
