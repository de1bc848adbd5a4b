import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

import busboy from "busboy";

import { jsonError } from "./api.server";

/**
 * Reads a multipart/form-data request as a stream: text fields are collected, and the one file in
 * `fileField` is handed to `onFile` as a stream (never held in memory). Returns the fields and what
 * `onFile` returned (undefined when no file was sent).
 */
export async function readMultipart<T>(
  request: Request,
  fileField: string,
  onFile: (file: Readable, filename: string) => Promise<T>,
): Promise<{ fields: Record<string, string>; file?: T }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    throw jsonError(415, "Send the file as multipart/form-data");
  }
  const fields: Record<string, string> = {};
  let result: Promise<T> | undefined;
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        limits: { files: 1, fields: 40, fieldSize: 600 * 1024, parts: 45 },
      });
    } catch {
      reject(jsonError(400, "The multipart body could not be read"));
      return;
    }
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("file", (name, stream, info) => {
      if (name !== fileField || result || !info.filename) {
        stream.resume();
        return;
      }
      result = onFile(stream, info.filename);
      result.catch(() => stream.resume());
    });
    parser.on("error", () => reject(jsonError(400, "The multipart body could not be read")));
    parser.on("close", resolve);
    Readable.fromWeb(request.body as WebReadableStream)
      .on("error", reject)
      .pipe(parser);
  });
  return { fields, file: result ? await result : undefined };
}
