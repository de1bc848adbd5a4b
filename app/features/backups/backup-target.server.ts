// Where uploaded files are copied to: `<replica>/uploads/<path>` in a folder or an S3-compatible
// bucket (Litestream copies only the database). Uploads never change once written (random names),
// so a file of the same size already there is the same file.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";

import { AwsClient } from "aws4fetch";
import pLimit from "p-limit";

import { withoutTrailing } from "~/platform/text/trailing";

import type { Replica } from "./replica.server";

export interface BackupTarget {
  /** Every copied upload: path relative to the uploads folder → size in bytes. */
  list(): Promise<Map<string, number>>;
  /** Copies one file (`relative` to `root`) to the replica. */
  put(root: string, relative: string, size: number): Promise<void>;
  /** Copies back every upload that `root` lacks; returns how many. */
  restoreUploads(root: string): Promise<number>;
}

/** Paths inside the uploads folder that are never copied: unfinished uploads. */
export const skipUpload = (relative: string) => relative.split(/[\\/]/).some((part) => part.startsWith("."));

async function walk(root: string, dir = root, found = new Map<string, number>()) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return found;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(root, full).split(path.sep).join("/");
    if (skipUpload(relative)) continue;
    if (entry.isDirectory()) await walk(root, full, found);
    else if (entry.isFile()) found.set(relative, (await stat(full)).size);
  }
  return found;
}

/** All regular files under `root` (relative paths → sizes), unfinished uploads left out. */
export const listFiles = (root: string) => walk(root);

const safeTarget = (root: string, relative: string) => {
  const target = path.resolve(root, relative);
  if (!target.startsWith(root + path.sep) || skipUpload(relative))
    throw new Error(`Unsafe path in replica: ${relative}`);
  return target;
};

function fileTarget(dir: string): BackupTarget {
  const copies = path.join(dir, "uploads");
  return {
    list: () => listFiles(copies),
    async put(root, relative) {
      const target = path.join(copies, relative);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.partial-${randomBytes(4).toString("hex")}`;
      await copyFile(path.join(root, relative), partial);
      await rename(partial, target);
    },
    async restoreUploads(root) {
      const have = await listFiles(root);
      let count = 0;
      const limit = pLimit(8);
      await Promise.all(
        [...(await listFiles(copies))]
          .filter(([relative]) => !have.has(relative) && !relative.includes(".partial-"))
          .map(([relative]) =>
            limit(async () => {
              const target = safeTarget(root, relative);
              await mkdir(path.dirname(target), { recursive: true });
              await copyFile(path.join(copies, relative), `${target}.restoring`);
              await rename(`${target}.restoring`, target);
              count++;
            }),
          ),
      );
      return count;
    },
  };
}

const xmlText = (value: string) =>
  value.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!,
  );

/**
 * A read from the bucket (a listing, a download), tried again when the connection drops under it, as
 * S3's own clients do: a restore of thousands of files should not end on one reset. (Answers 5xx and
 * 429 are tried again by the signing client; any other answer is final.)
 */
async function again<T>(read: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      // Node's fetch throws a TypeError for a connection that failed or closed mid-answer.
      if (attempt >= tries || !(error instanceof TypeError)) throw error;
      await sleep(100 * 2 ** attempt);
    }
  }
}

function s3Target(replica: Extract<Replica, { kind: "s3" }>, env: NodeJS.ProcessEnv): BackupTarget {
  const client = new AwsClient({
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? "",
    sessionToken: env.AWS_SESSION_TOKEN || undefined,
    region: replica.region,
    service: "s3",
  });
  // Path-style addressing with an endpoint (R2, MinIO, …), virtual-hosted on AWS itself.
  const bucketUrl = replica.endpoint
    ? `${withoutTrailing(replica.endpoint, "/")}/${replica.bucket}`
    : `https://${replica.bucket}.s3.${replica.region}.amazonaws.com`;
  const prefix = [replica.prefix, "uploads"].filter(Boolean).join("/") + "/";
  const keyUrl = (relative: string) =>
    `${bucketUrl}/${(prefix + relative).split("/").map(encodeURIComponent).join("/")}`;
  const check = async (response: Response, what: string) => {
    if (!response.ok)
      throw new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response;
  };

  const list = async () => {
    const found = new Map<string, number>();
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ "list-type": "2", prefix });
      if (token) query.set("continuation-token", token);
      const body = await again(async () =>
        (await check(await client.fetch(`${bucketUrl}?${query}`), "listing")).text(),
      );
      for (const [, item] of body.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = xmlText(/<Key>([\s\S]*?)<\/Key>/.exec(item!)?.[1] ?? "");
        const size = Number(/<Size>(\d+)<\/Size>/.exec(item!)?.[1] ?? 0);
        if (key.startsWith(prefix)) found.set(key.slice(prefix.length), size);
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(body)
        ? xmlText(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(body)?.[1] ?? "")
        : undefined;
    } while (token);
    return found;
  };

  return {
    list,
    async put(root, relative, size) {
      const file = path.join(root, relative);
      await check(
        await client.fetch(keyUrl(relative), {
          method: "PUT",
          // Streamed, never read into memory whole (videos are up to 100 MB).
          body: Readable.toWeb(createReadStream(file)) as ReadableStream,
          headers: { "Content-Length": String(size) },
          // @ts-expect-error: Node's fetch needs this to send a stream
          duplex: "half",
        }),
        `upload of ${relative}`,
      );
    },
    async restoreUploads(root) {
      const have = await listFiles(root);
      let count = 0;
      const limit = pLimit(8);
      await Promise.all(
        [...(await list())]
          .filter(([relative]) => !have.has(relative))
          .map(([relative]) =>
            limit(async () => {
              const target = safeTarget(root, relative);
              await mkdir(path.dirname(target), { recursive: true });
              const partial = `${target}.restoring`;
              await again(async () => {
                const response = await check(await client.fetch(keyUrl(relative)), `download of ${relative}`);
                try {
                  await pipeline(Readable.fromWeb(response.body! as never), createWriteStream(partial));
                  await rename(partial, target);
                } catch (error) {
                  await rm(partial, { force: true });
                  throw error;
                }
              });
              count++;
            }),
          ),
      );
      return count;
    },
  };
}

/** The uploads' side of the replica; S3 credentials are the standard AWS_* variables of `env`. */
export function openBackupTarget(replica: Replica, env: NodeJS.ProcessEnv = process.env): BackupTarget {
  return replica.kind === "file" ? fileTarget(replica.dir) : s3Target(replica, env);
}
