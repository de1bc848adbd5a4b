import { promisify } from "node:util";
import zlib from "node:zlib";

import compressible from "compressible";
import Negotiator from "negotiator";

// What the `compression` middleware offers and prefers, and how it negotiates (the same libraries), so
// a cached page's copy is the one the middleware would have made.
const OFFERED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
export type Encoding = "br" | "gzip" | "deflate";

/** Below this the middleware sends a body as it is (its default threshold). */
const MIN_BYTES = 1024;

/** The encoding the middleware would send for this `Accept-Encoding`, or null for the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const headers = header === undefined ? {} : { "accept-encoding": header };
  // negotiator 0.6.4 takes the preferred order as a second argument; its published types predate it.
  const negotiate = Negotiator.prototype.encoding as (
    this: Negotiator,
    available: string[],
    preferred: string[],
  ) => string | undefined;
  const chosen = negotiate.call(new Negotiator({ headers }), OFFERED, PREFERRED);
  return chosen && chosen !== "identity" ? (chosen as Encoding) : null;
}

/** Whether the middleware would compress a body of this type and size (and may be spared the work). */
export function worthEncoding(
  contentType: string | undefined,
  cacheControl: string | undefined,
  bytes: number,
) {
  return (
    bytes >= MIN_BYTES &&
    compressible(contentType ?? "") === true &&
    !/(^|,)\s*no-transform\s*(,|$)/i.test(cacheControl ?? "")
  );
}

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // The middleware's settings: brotli at quality 4, zlib's defaults.
  br: (body) =>
    promisify(zlib.brotliCompress)(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => promisify(zlib.gzip)(body),
  deflate: (body) => promisify(zlib.deflate)(body),
};

export const encode = (body: Buffer, encoding: Encoding): Promise<Buffer> => compressors[encoding](body);
