import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { type BackupStatus } from "~/features/backups/backup.server";
import { BackupStatusNotice } from "~/features/backups/components/backup-status";
import { litestreamConfig } from "~/features/backups/litestream.server";
import { describeReplica, parseReplicaUrl } from "~/features/backups/replica.server";
import { parseEnv } from "~/platform/env.server";
import { elapsed } from "~/platform/text/dates";

describe("BACKUP_REPLICA_URL", () => {
  it("names a folder or an S3 bucket and prefix; the endpoint and region come from the AWS variables", () => {
    expect(parseReplicaUrl("file:///mnt/backup/site")).toEqual({ kind: "file", dir: "/mnt/backup/site" });
    expect(parseReplicaUrl("s3://northwall/site/", { AWS_REGION: "eu-west-1" })).toEqual({
      kind: "s3",
      bucket: "northwall",
      prefix: "site",
      region: "eu-west-1",
      endpoint: undefined,
    });
    const r2 = parseReplicaUrl("s3://northwall", {
      AWS_ENDPOINT_URL_S3: "https://acc.r2.cloudflarestorage.com",
    });
    expect(r2).toMatchObject({
      prefix: "",
      region: "auto",
      endpoint: "https://acc.r2.cloudflarestorage.com",
    });
    expect(describeReplica(r2)).toBe("s3://northwall/ at acc.r2.cloudflarestorage.com");
  });

  it("is checked at start with a readable message", () => {
    expect(() => parseEnv({ BACKUP_REPLICA_URL: "/mnt/backup" })).toThrow(
      "BACKUP_REPLICA_URL must be file:///absolute/path or s3://bucket/prefix",
    );
    expect(() => parseEnv({ BACKUP_REPLICA_URL: "https://example.com/x" })).toThrow(/BACKUP_REPLICA_URL/);
    expect(parseEnv({ BACKUP_REPLICA_URL: "s3://bucket/path" }).BACKUP_REPLICA_URL).toBe("s3://bucket/path");
    expect(parseEnv({ BACKUP_REPLICA_URL: "" }).BACKUP_REPLICA_URL).toBeUndefined();
  });

  it("becomes a Litestream configuration without secrets, path-style with an endpoint", () => {
    const config = litestreamConfig(
      "/data/app.db",
      parseReplicaUrl("s3://b/site", { AWS_ENDPOINT_URL_S3: "http://minio:9000" }),
      "127.0.0.1:9999",
    );
    expect(config).toContain('path: "/data/app.db"');
    expect(config).toContain('path: "site/db"');
    expect(config).toContain('endpoint: "http://minio:9000"');
    expect(config).toContain("force-path-style: true");
    expect(config).toContain('addr: "127.0.0.1:9999"');
    expect(config).not.toMatch(/secret|access-key/i);
  });
});

describe("the admin's backup notice", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const on = (over: Partial<Extract<BackupStatus, { enabled: true }>>): BackupStatus => ({
    enabled: true,
    replica: "s3://northwall/site",
    running: true,
    replicatedAt: new Date(now - 12_000).toISOString(),
    lagSeconds: 12,
    idle: false,
    stale: false,
    lastError: null,
    ...over,
  });
  const html = (status: BackupStatus) =>
    renderToStaticMarkup(createElement(BackupStatusNotice, { status, now }));

  it("says how long ago the last copy was, or that everything is copied", () => {
    expect(html(on({}))).toContain("Off-site backup: last copied 12 seconds ago.");
    expect(html(on({ lagSeconds: 0, replicatedAt: new Date(now - 1000).toISOString() }))).toContain(
      "Off-site backup: every change is copied (checked just now).",
    );
    expect(html(on({}))).toContain('role="status"');
  });

  it("warns when it is behind or not running, and says when it is off", () => {
    const behind = html(on({ stale: true, replicatedAt: new Date(now - 7 * 60_000).toISOString() }));
    expect(behind).toContain('role="alert"');
    expect(behind).toContain("last copied 7 minutes ago");
    expect(html(on({ running: false, stale: true, lastError: "litestream stopped (exit 1)" }))).toContain(
      "not running",
    );
    const off = html({ enabled: false });
    expect(off).toContain("Off-site backup is not set up");
    // In the owner's words: the setting's name is for whoever runs the server, in docs/operations.md.
    expect(off).toContain("Whoever runs the server can turn it on");
    expect(off).not.toMatch(/BACKUP_REPLICA_URL|<code/);
    expect(elapsed(1)).toBe("1 second");
    expect(elapsed(7200)).toBe("2 hours");
  });
});
