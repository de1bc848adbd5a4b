// Where the off-site copy lives (BACKUP_REPLICA_URL), read once and described without secrets.
import { withoutTrailing } from "~/platform/text/trailing";

/** Where the replica is: a folder (a second disk) or an S3-compatible bucket and prefix. */
export type Replica =
  | { kind: "file"; dir: string }
  | { kind: "s3"; bucket: string; prefix: string; region: string; endpoint?: string };

/** Reads BACKUP_REPLICA_URL: `file:///path` or `s3://bucket/prefix` (AWS_* variables for the rest). */
export function parseReplicaUrl(value: string, env: NodeJS.ProcessEnv = process.env): Replica {
  const url = new URL(value);
  if (url.protocol === "file:") return { kind: "file", dir: decodeURIComponent(url.pathname) };
  if (url.protocol === "s3:") {
    const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
    return {
      kind: "s3",
      bucket: url.hostname,
      prefix: withoutTrailing(decodeURIComponent(url.pathname).replace(/^\/+/, ""), "/"),
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? "auto" : "us-east-1"),
      endpoint,
    };
  }
  throw new Error("BACKUP_REPLICA_URL must start with file:// or s3://");
}

/** The replica as operators may see it: no credentials, ever (none are in the URL anyway). */
export function describeReplica(replica: Replica): string {
  return replica.kind === "file"
    ? `file://${replica.dir}`
    : `s3://${replica.bucket}/${replica.prefix}${replica.endpoint ? ` at ${new URL(replica.endpoint).host}` : ""}`;
}
