import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * The text files a browser downloads, by extension, with the type each is sent as: the build writes
 * their compressed copies (scripts/vite/precompressed.ts) and the server holds them in memory
 * (server/immutable-files.ts). Images and fonts are compressed already. No imports but Node's: the Vite
 * config loads this too.
 */
export const TEXT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A file's brotli and gzip copies: gzip at its best, brotli at `quality` (its best, 11, unless told). */
export async function compressedCopies(
  source: Buffer,
  quality = zlib.constants.BROTLI_MAX_QUALITY,
): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}
