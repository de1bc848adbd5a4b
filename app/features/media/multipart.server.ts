import type { Readable } from "node:stream";

import busboy from "busboy";

import { jsonError, refusingOddShapes } from "~/platform/http/api.server";

const UNREADABLE = "The multipart body could not be read";
const CUT_OFF = "The upload was cut off before the end";

/** Room for a multipart body's boundaries, part headers and a few small fields around its file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type MultipartLimits = {
  /** The whole body, in bytes: past this (or a Content-Length above it) the answer is a 413 at once. */
  maxBytes: number;
  /** The 413's message. */
  tooLarge: string;
};

/**
 * Reads a multipart/form-data request as a stream: text fields are collected, and the one file in
 * `fileField` is handed to `onFile` as a stream (never held in memory). Returns the fields and what
 * `onFile` returned (undefined when no file was sent). A form with several images (a portrait and a
 * candid photo) names several fields: each takes one file, one after the other, and `files` holds
 * what `onFile` returned for each field that brought one (`file` is the first).
 *
 * Reading stops the moment the answer is known: when `onFile` fails (e.g. its 413 once the file passes
 * its limit, thrown here as it is) or the body passes `limits.maxBytes` (a 413 Response). The rest of
 * the body is then left unread: the server answers and closes the connection (server/middleware.ts,
 * closeUnreadBodies). When `onFile` returns instead, whatever it left of its file is skipped, so the
 * fields after it still arrive (the editor refuses an oversized cover and still shows what was typed).
 * The request body is never cancelled: that would drop the connection before the answer is sent.
 */
export async function readMultipart<T>(
  request: Request,
  fileField: string | readonly string[],
  onFile: (file: Readable, filename: string, field: string) => Promise<T>,
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; file?: T; files: Partial<Record<string, T>> }> {
  const fileFields: readonly string[] = typeof fileField === "string" ? [fileField] : fileField;
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw jsonError(415, "Send the file as multipart/form-data");
  }
  if (Number(request.headers.get("content-length")) > limits.maxBytes) throw jsonError(413, limits.tooLarge);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: fileFields.length, fields: 40, fieldSize: 600 * 1024, parts: 44 + fileFields.length },
    });
  } catch {
    throw jsonError(400, UNREADABLE);
  }

  const fields: Record<string, string> = {};
  const checkShape = refusingOddShapes();
  const files = new Map<string, { stream: Readable; result: Promise<T> }>();
  let stopped = false;
  let stop: (error: unknown) => void = () => {};
  const parsed = new Promise<void>((resolve, reject) => {
    stop = (error) => {
      if (stopped) return;
      stopped = true;
      reject(error);
    };
    parser.on("field", (name, value) => {
      try {
        checkShape(name);
      } catch (refused) {
        return stop(refused);
      }
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      // A body that ends inside a file (cut off, or a boundary never closed) fails the file's stream
      // as well as the parser: listened to at once, before any handler awaits, or the process ends.
      stream.on("error", () => stop(jsonError(400, CUT_OFF)));
      if (stopped || files.has(name) || !fileFields.includes(name) || !info.filename) {
        stream.resume();
        return;
      }
      const result = onFile(stream, info.filename, name);
      files.set(name, { stream, result });
      result.then(() => stream.resume(), stop);
    });
    parser.on("error", () => stop(jsonError(400, UNREADABLE)));
    parser.on("close", resolve);
  });

  // The body is fed to the parser by hand, so that reading can simply stop.
  const reader = request.body.getReader();
  void (async () => {
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (stopped) return;
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) return stop(jsonError(413, limits.tooLarge));
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
    parser.end();
  })().catch(() => stop(jsonError(400, CUT_OFF)));

  try {
    await parsed;
  } catch (error) {
    // Whatever the files' handler had written is removed before the answer goes out.
    for (const file of files.values()) {
      if (!file.stream.readableEnded) file.stream.destroy();
      await file.result.catch(() => {});
    }
    throw error;
  }
  const results: Partial<Record<string, T>> = {};
  for (const [name, file] of files) results[name] = await file.result;
  const first = fileFields.find((name) => name in results);
  return { fields, file: first ? results[first] : undefined, files: results };
}
