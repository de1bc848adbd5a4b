import { UploadError } from "~/platform/http/errors.server";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NOT_JSON = "The body is not valid JSON";
const PREFIX = /^data:[\w/+.-]+;base64$/;
const NOT_BASE64 = /[^A-Za-z0-9+/=]/;

/**
 * Reads a JSON object such as `{"video": "data:video/mp4;base64,AAAA…", "fileName": "a.mp4"}` as it
 * streams: the data URL in `field` comes out as decoded bytes chunk by chunk, never as one string, and
 * the rest of the object (at most `restLimit` bytes) is kept and checked by `check` at the end. Memory
 * stays at a chunk or two whatever the size of the data URL.
 *
 * Only the top-level structure is followed here (strings, nesting, the keys of the outer object);
 * the body with the data URL's payload left out is then given to JSON.parse, so whatever JSON.parse
 * refuses is refused. Every refusal is an UploadError: 400 (not JSON, not an object, not base64,
 * `check` failing), 413 (the rest past `restLimit`).
 */
export async function* dataUrlFromJson(
  body: ReadableStream<Uint8Array>,
  field: string,
  { restLimit, check }: { restLimit: number; check: (rest: Record<string, unknown>) => void },
): AsyncGenerator<Buffer> {
  const parser = new DataUrlJsonParser(field, restLimit);
  // Read by hand and never cancelled: a cancelled body would drop the connection before the answer.
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const decoded = parser.push(value);
      if (decoded.length) yield decoded;
    }
  } finally {
    reader.releaseLock();
  }
  parser.end();
  check(parser.rest());
}

type State = "json" | "string" | "prefix" | "payload";

/** The state machine behind dataUrlFromJson; push() the body's chunks, then end() and rest(). */
export class DataUrlJsonParser {
  private state: State = "json";
  private depth = 0;
  private topIsObject = false;
  private expectingKey = false;
  private key = "";
  private stringIsKey = false;
  private keyBytes: number[] = [];
  private escaped = false;
  private prefix: number[] = [];
  private base64 = "";
  private base64Length = 0;
  private padded = false;
  private found = false;
  private kept: Buffer[] = [];
  private keptBytes = 0;

  constructor(
    private readonly field: string,
    private readonly restLimit: number,
  ) {}

  /** Feeds a chunk of the body; returns the bytes of the data URL decoded from it (maybe none). */
  push(chunk: Uint8Array): Buffer {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const out: Buffer[] = [];
    let keepFrom = 0; // bytes from here on are kept in rest(), unless they are the payload's
    let i = 0;
    while (i < bytes.length) {
      const b = bytes[i]!;
      if (this.state === "payload") {
        if (this.escaped) {
          this.escaped = false;
          if (b === 0x2f)
            this.addBase64("/"); // "\/", as some encoders write a slash
          else if (b !== 0x6e && b !== 0x72) this.notBase64(); // "\n" and "\r" are line breaks
          i++;
        } else if (b === BACKSLASH) {
          this.escaped = true;
          i++;
        } else if (b === QUOTE) {
          out.push(this.endPayload());
          this.state = "json";
          keepFrom = i++; // the closing quote is kept
          continue;
        } else {
          // A run of base64 up to the next quote or backslash, decoded at once.
          const quote = bytes.indexOf(QUOTE, i);
          const backslash = bytes.indexOf(BACKSLASH, i);
          const stop = Math.min(quote < 0 ? bytes.length : quote, backslash < 0 ? bytes.length : backslash);
          this.addBase64(bytes.toString("latin1", i, stop));
          out.push(this.decode(false));
          i = stop;
        }
        keepFrom = i;
        continue;
      }
      if (this.state === "prefix") {
        // The data URL's header, up to its comma (e.g. data:video/mp4;base64,), kept once it is checked.
        if (!this.escaped && (b === 0x2c || b === QUOTE)) {
          const header = Buffer.from(this.prefix).toString("utf8");
          if (b === QUOTE || !PREFIX.test(this.decodeString(header) ?? "")) this.notDataUrl();
          this.keep(Buffer.from(`${header},`));
          this.state = "payload";
        } else {
          this.escaped = !this.escaped && b === BACKSLASH;
          this.prefix.push(b);
          if (this.prefix.length > 256) this.notDataUrl();
        }
        keepFrom = ++i;
        continue;
      }
      if (this.state === "json") this.structure(b);
      else this.inString(b);
      i++;
      if ((this.state as State) === "prefix") {
        this.keep(bytes.subarray(keepFrom, i)); // up to the opening quote
        keepFrom = i;
      }
    }
    this.keep(bytes.subarray(keepFrom, i));
    return Buffer.concat(out);
  }

  /** The body has ended: refuses one that stopped inside a string or an object. */
  end() {
    if (this.state !== "json" || this.depth !== 0) throw new UploadError(400, NOT_JSON);
  }

  /** The object with the data URL's payload left out (its header stays, e.g. "data:video/mp4;base64,"). */
  rest(): Record<string, unknown> {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.concat(this.kept).toString("utf8"));
    } catch {
      throw new UploadError(400, NOT_JSON);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new UploadError(400, "The body must be a JSON object");
    return value as Record<string, unknown>;
  }

  private structure(b: number) {
    if (b === QUOTE) {
      const inTopObject = this.depth === 1 && this.topIsObject;
      this.stringIsKey = inTopObject && this.expectingKey;
      this.keyBytes = [];
      const isField = inTopObject && !this.expectingKey && this.key === this.field;
      if (inTopObject && !this.expectingKey) this.key = ""; // a key has one value
      if (isField) {
        if (this.found) throw new UploadError(400, `${this.field} must be given once`);
        this.found = true;
        this.state = "prefix";
        this.prefix = [];
      } else this.state = "string";
      this.escaped = false;
    } else if (b === 0x7b || b === 0x5b) {
      this.depth++;
      if (this.depth === 1) {
        this.topIsObject = b === 0x7b;
        this.expectingKey = this.topIsObject;
      }
    } else if (b === 0x7d || b === 0x5d) this.depth--;
    else if (this.depth === 1 && b === 0x2c) this.expectingKey = this.topIsObject;
    else if (this.depth === 1 && b === 0x3a) this.expectingKey = false;
  }

  private inString(b: number) {
    if (this.escaped) this.escaped = false;
    else if (b === BACKSLASH) this.escaped = true;
    else if (b === QUOTE) {
      this.state = "json";
      if (this.stringIsKey) this.key = this.decodeString(Buffer.from(this.keyBytes).toString("utf8")) ?? "";
      return;
    }
    if (this.stringIsKey && this.keyBytes.length <= 256) this.keyBytes.push(b);
  }

  private decodeString(raw: string): string | undefined {
    try {
      return JSON.parse(`"${raw}"`) as string;
    } catch {
      return undefined;
    }
  }

  private keep(bytes: Buffer) {
    if (!bytes.length) return;
    this.keptBytes += bytes.length;
    if (this.keptBytes > this.restLimit)
      throw new UploadError(
        413,
        `The JSON besides the ${this.field} must be at most ${this.restLimit} bytes`,
      );
    this.kept.push(Buffer.from(bytes));
  }

  private addBase64(text: string) {
    if (!text) return;
    if (NOT_BASE64.test(text)) this.notBase64();
    const pad = text.indexOf("=");
    if ((this.padded && pad !== 0) || (pad >= 0 && /[^=]/.test(text.slice(pad)))) this.notBase64();
    if (pad >= 0) this.padded = true;
    this.base64 += text;
    this.base64Length += text.length;
  }

  private decode(all: boolean): Buffer {
    const usable = all ? this.base64.length : this.base64.length - (this.base64.length % 4);
    if (!usable) return Buffer.alloc(0);
    const decoded = Buffer.from(this.base64.slice(0, usable), "base64");
    this.base64 = this.base64.slice(usable);
    return decoded;
  }

  /** The closing quote: the last bytes, once the base64 is known to be whole. */
  private endPayload(): Buffer {
    const rest = this.base64Length % 4;
    if ((this.padded && rest !== 0) || rest === 1) this.notBase64();
    return this.decode(true);
  }

  private notBase64(): never {
    throw new UploadError(400, `${this.field} must be a base64 data URL (its data is not valid base64)`);
  }

  private notDataUrl(): never {
    throw new UploadError(400, `${this.field} must be a base64 data URL`);
  }
}
