// Restoring the uploads from an S3 bucket whose connections drop: a real HTTP server standing in for
// the bucket closes the first connection of each request it is asked to, as a busy S3 endpoint or
// proxy can; the restore tries the read again instead of failing on the first reset.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openBackupTarget } from "~/features/backups/backup-target.server";

const FILES: Record<string, string> = {
  "images/a.png": "first picture",
  "videos/b.mp4": "a short film",
};

let server: Server;
let dir: string;
/** Which requests (path and query) lose their connection: on the first try, or on every try. */
let drops: { first: (url: string) => boolean; every: (url: string) => boolean };
/** How often each request was asked. */
const asked = new Map<string, number>();

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "s3-restore-"));
  asked.clear();
  drops = { first: () => false, every: () => false };
  server = createServer((request, response) => {
    const url = request.url!;
    asked.set(url, (asked.get(url) ?? 0) + 1);
    if (drops.every(url) || (drops.first(url) && asked.get(url) === 1)) {
      // Half an answer, then the connection closes: the client sees it end mid-answer.
      response.writeHead(200, { "Content-Length": "1000" });
      response.write("partial");
      request.socket.destroy();
      return;
    }
    if (url.startsWith("/backups?")) {
      const contents = Object.entries(FILES)
        .map(
          ([key, body]) => `<Contents><Key>site/uploads/${key}</Key><Size>${body.length}</Size></Contents>`,
        )
        .join("");
      response.end(`<ListBucketResult><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
      return;
    }
    const key = decodeURIComponent(url.replace("/backups/site/uploads/", ""));
    if (!(key in FILES)) {
      response.writeHead(404).end();
      return;
    }
    response.end(FILES[key]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function target() {
  const { port } = server.address() as AddressInfo;
  return openBackupTarget(
    {
      kind: "s3",
      bucket: "backups",
      prefix: "site",
      region: "eu-west-1",
      endpoint: `http://127.0.0.1:${port}`,
    },
    { AWS_ACCESS_KEY_ID: "key", AWS_SECRET_ACCESS_KEY: "secret" },
  );
}

describe("restoring uploads from an S3 bucket", () => {
  it("tries a listing and a download again when the connection drops mid-answer", async () => {
    const download = "/backups/site/uploads/images/a.png";
    drops.first = (url) => url === download || url.startsWith("/backups?");
    const restored = path.join(dir, "restored");
    expect(await target().restoreUploads(restored)).toBe(2);
    for (const [key, body] of Object.entries(FILES))
      expect(readFileSync(path.join(restored, key), "utf8"), key).toBe(body);
    expect(asked.get(download)).toBe(2);
    expect([...asked].find(([url]) => url.startsWith("/backups?"))?.[1]).toBe(2);
  });

  it("gives up on a file whose connection keeps dropping, leaving no half-written file", async () => {
    const download = "/backups/site/uploads/images/a.png";
    drops.every = (url) => url === download;
    const restored = path.join(dir, "restored");
    await expect(target().restoreUploads(restored)).rejects.toThrow(TypeError);
    expect(asked.get(download)).toBe(3);
    expect(existsSync(path.join(restored, "images", "a.png.restoring"))).toBe(false);
    expect(existsSync(path.join(restored, "images", "a.png"))).toBe(false);
  });
});
