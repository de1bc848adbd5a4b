import { promisify } from "node:util";
import zlib from "node:zlib";

/** The encodings the `compression` middleware offers, in its order of preference. */
const ENCODINGS = ["br", "gzip", "deflate"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Below this the middleware sends a body as it is (its default threshold). */
const MIN_BYTES = 1024;
const TEXTUAL = /^(text\/|application\/([\w.-]+\+)?(json|xml|javascript)\b)/i;

/**
 * The encoding to send `Accept-Encoding` in, as the middleware chooses it: the highest quality the
 * client gives, br before gzip before deflate on a tie, none where plain is preferred or none is given.
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const qualityOf = (name: string) => quality.get(name) ?? quality.get("*") ?? 0;
  // Plain is always acceptable unless refused, at the lowest quality given (as the middleware's negotiator has it).
  const lowest = Math.min(1, ...[...quality.values()].map((q) => q || 1));
  const plain = quality.get("identity") ?? quality.get("*") ?? lowest;
  let best: Encoding | null = null;
  for (const encoding of ENCODINGS) {
    const q = qualityOf(encoding);
    if (q > 0 && q >= plain && (!best || q > qualityOf(best))) best = encoding;
  }
  return best;
}

/** Whether the middleware would compress a body of this type and size (and may be spared the work). */
export function worthEncoding(
  contentType: string | undefined,
  cacheControl: string | undefined,
  bytes: number,
) {
  return (
    bytes >= MIN_BYTES &&
    TEXTUAL.test(contentType ?? "") &&
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
