import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";

import { compressedCopies, TEXT_TYPES } from "~/platform/http/compressed-copies.server";
import { acceptedEncoding } from "~/platform/http/encoded-body.server";

type Bodies = { identity: Buffer; br?: Buffer; gzip?: Buffer };
type File = { type: string; bodies: Bodies };

/**
 * Files that never change under their name, held in memory with their compressed copies and sent as
 * they are: the build's scripts and styles (`.br` and `.gz` made by the build beside each one), and
 * the scripts the server makes at start and names by their content. Every page asks for a few of
 * them: from disk, each answer was a look-up, a read and a compression (some 1.3 ms of a core); from
 * here it is a write. The build's copies are compressed once at brotli's best, smaller than the
 * compression middleware's brotli 4. Browsers keep them for good (a new build names new files).
 */
export function immutableFiles(): {
  /** The text files of a build's folder (`dir`), answered under `prefix`. */
  addFolder: (dir: string, prefix: string) => void;
  /** A script made at start, compressed in the background (answered uncompressed until then). */
  addScript: (url: string, source: string) => void;
  handler: RequestHandler;
} {
  const files = new Map<string, File>();
  return {
    addFolder(dir, prefix) {
      if (!existsSync(dir)) return;
      for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
        const type = TEXT_TYPES[path.extname(name)];
        if (!type) continue;
        const file = path.join(dir, name);
        const copy = (suffix: string) =>
          existsSync(file + suffix) ? readFileSync(file + suffix) : undefined;
        files.set(`${prefix}/${name.split(path.sep).join("/")}`, {
          type,
          bodies: { identity: readFileSync(file), br: copy(".br"), gzip: copy(".gz") },
        });
      }
    },
    addScript(url, source) {
      const bodies: Bodies = { identity: Buffer.from(source) };
      files.set(url, { type: TEXT_TYPES[".js"]!, bodies });
      // Should compressing ever fail, the script goes uncompressed and the middleware compresses it.
      // At brotli 9: made at each start, beside the first requests.
      compressedCopies(bodies.identity, 9).then(
        (copies) => Object.assign(bodies, copies),
        () => undefined,
      );
    },
    handler(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const file = files.get(req.path);
      if (!file) return next();
      const encoding = acceptedEncoding(req.headers["accept-encoding"]);
      const chosen = encoding === "br" || encoding === "gzip" ? encoding : "identity";
      const body = file.bodies[chosen];
      res.setHeader("Content-Type", file.type);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Vary", "Accept-Encoding");
      // The compression middleware leaves an answer that says its encoding as it is.
      if (body && chosen !== "identity") res.setHeader("Content-Encoding", chosen);
      const sent = body ?? file.bodies.identity;
      res.setHeader("Content-Length", sent.length);
      res.end(sent);
    },
  };
}
