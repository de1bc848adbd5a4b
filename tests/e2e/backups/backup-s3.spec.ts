import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import S3rver from "@20minutes/s3rver";
import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { listFiles, openBackupTarget } from "../../../app/features/backups/backup-target.server";
import { adminSessionCookie, startServer } from "../../../scripts/lib/start-server";

// The S3 path of the off-site backup against an S3 fake that checks signatures (decision 031):
// Litestream's segments and the uploads arrive in the bucket, and the uploads come back from it.
// (Litestream cannot restore from this fake: its listings lack the common prefixes it looks for, so
// the restore drills run on a file:// replica in backup.spec.ts.)
test("with an s3:// replica, the database's WAL and each new upload reach the bucket, and uploads restore from it", async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), "agency-s3-"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(dir, "bucket-store"),
    configureBuckets: [{ name: "backups" }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = {
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    AWS_REGION: "eu-west-1",
  };
  const server = await startServer({
    BACKUP_REPLICA_URL: "s3://backups/northwall",
    AWS_ENDPOINT_URL_S3: endpoint,
    ...credentials,
  });
  try {
    const cookie = await adminSessionCookie(server.baseURL);
    const slot = await fetch(`${server.baseURL}/api/images/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: server.baseURL },
    });
    const { uploadURL } = (await slot.json()) as { uploadURL: string };
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2255aa" } })
      .png()
      .toBuffer();
    const put = await fetch(new URL(uploadURL, server.baseURL), {
      method: "PUT",
      headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "image/png" },
      body: image,
    });
    expect(put.ok).toBe(true);
    const uploads = [...(await listFiles(server.uploadsDir)).keys()].filter((f) => f.startsWith("images/"));
    expect(uploads.length).toBeGreaterThan(0);

    // What is in the bucket, read from the fake's own store (keys as folders, "._S3rver_object" files).
    const stored = async () =>
      [...(await listFiles(path.join(dir, "bucket-store", "backups"))).keys()]
        .filter((f) => f.endsWith("._S3rver_object"))
        .map((f) => f.slice(0, -"._S3rver_object".length));
    await expect
      .poll(
        async () => (await stored()).filter((key) => key.startsWith("northwall/db/generations/")).length,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(1);
    await expect
      .poll(
        async () => {
          const keys = await stored();
          return uploads.filter((f) => !keys.includes(`northwall/uploads/${f}`));
        },
        {
          timeout: 15_000,
        },
      )
      .toEqual([]);
    expect((await (await fetch(`${server.baseURL}/healthz`)).json()).backup).toMatchObject({
      running: true,
      stale: false,
      lastError: null,
    });

    // The uploads come back through the S3 API (signed list and GETs) into an empty folder.
    const target = openBackupTarget(
      { kind: "s3", bucket: "backups", prefix: "northwall", region: "eu-west-1", endpoint },
      credentials,
    );
    const restoreDir = path.join(dir, "restored-uploads");
    expect(await target.restoreUploads(restoreDir)).toBeGreaterThanOrEqual(uploads.length);
    for (const file of uploads)
      expect(
        readFileSync(path.join(restoreDir, file)).equals(readFileSync(path.join(server.uploadsDir, file))),
      ).toBe(true);
  } finally {
    await server.stop();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
