import type { z } from "zod";

/** The JSON error shape of every /api route: `{ "error": "...", "issues": [...] }`. */
export function jsonError(status: number, error: string, issues?: { path: string; message: string }[], headers?: HeadersInit) {
  return Response.json(issues ? { error, issues } : { error }, { status, headers });
}

/** zod issues as `{ path, message }` pairs, e.g. `{ path: "email", message: "Please enter a valid email address" }`. */
export function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

export const DEFAULT_JSON_LIMIT_BYTES = 32 * 1024;
/** An oversized body is read and dropped up to this size, so the client reliably gets its 413. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, already: number) {
  let size = already;
  while (reader && size < DRAIN_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
  }
  await reader?.cancel();
}

/**
 * The JSON body of an /api request, or a ready error Response to throw: 415 for another content
 * type, 413 over `limit` bytes (checked before reading when Content-Length says so), 400 when it is
 * not valid JSON or not an object.
 */
export async function readJsonBody(request: Request, limit = DEFAULT_JSON_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw jsonError(415, "Send the body as JSON with Content-Type: application/json");
  }
  const tooLarge = jsonError(413, `The body must be at most ${limit} bytes`);
  const reader = request.body?.getReader();
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) {
    await drain(reader, 0);
    throw tooLarge;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size);
      throw tooLarge;
    }
    chunks.push(value);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw jsonError(400, "The body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw jsonError(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}
