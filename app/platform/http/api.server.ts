import type { z } from "zod";

import { FORM_SHAPE_REFUSALS, formShapeCheck, hasTooManyFields } from "./form-shape";

/** The JSON error shape of every /api route: `{ "error": "...", "issues": [...] }`. */
export function jsonError(
  status: number,
  error: string,
  issues?: { path: string; message: string }[],
  headers?: HeadersInit,
) {
  return Response.json(issues ? { error, issues } : { error }, { status, headers });
}

/** zod issues as `{ path, message }` pairs, e.g. `{ path: "email", message: "Please enter a valid email address" }`. */
export function issuesOf(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

export const DEFAULT_JSON_LIMIT_BYTES = 32 * 1024;

/**
 * How long a body may take to arrive: the largest one taken (600 KB) at 10 KB a second. A body sent a
 * byte at a time would otherwise hold its connection and its reader for Node's five minutes.
 */
const BODY_SECONDS = 60;

/** The next chunk, or a 408 to throw (the rest left unread) when the deadline passes first. */
async function readBefore(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        // Refused first: cancelling ends the pending read as if the body were whole.
        reject(jsonError(408, `The body took longer than ${BODY_SECONDS} seconds to arrive`));
        reader.cancel().catch(() => {});
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The raw body, at most `limit` bytes, or a ready 413 Response to throw (checked before reading
 * when Content-Length says so). What is left unread is never read: the server answers with
 * `Connection: close` and drops the rest while the client is told (closeUnreadBodies).
 */
export async function readBody(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = jsonError(413, `The body must be at most ${limit} bytes`);
  if (Number(request.headers.get("content-length")) > limit) throw tooLarge;
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const deadline = Date.now() + BODY_SECONDS * 1000;
  while (reader) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await readBefore(reader, deadline);
    } catch (error) {
      if (error instanceof Response) throw error;
      // The client stopped sending (the connection closed mid-body): its doing, not a fault here.
      throw jsonError(400, "The body was cut off before the end");
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw tooLarge;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The JSON body of an /api request, or a ready error Response to throw: 415 for another content
 * type, 413 over `limit` bytes, 408 when it comes too slowly, 400 when it is not UTF-8 JSON or not
 * an object.
 */
export async function readJsonBody(
  request: Request,
  limit = DEFAULT_JSON_LIMIT_BYTES,
): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw jsonError(415, "Send the body as JSON with Content-Type: application/json");
  }
  const bytes = await readBody(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    // Bytes that are not UTF-8 would be kept as U+FFFD, the sender's text silently changed.
    if (error instanceof TypeError) throw jsonError(400, "The body is not UTF-8 text");
    throw jsonError(400, "The body is not valid JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw jsonError(400, "The body must be a JSON object");
  return body as Record<string, unknown>;
}

/**
 * The fields of a page's form post (urlencoded or multipart without files), at most `limit` bytes.
 * Errors are thrown as Responses whose `{ error }` the error page shows: 415, 413 or 400.
 */
export async function readFormBody(request: Request, limit: number): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw jsonError(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data");
  }
  const bytes = await readBody(request, limit);
  if (/^application\/x-www-form-urlencoded\b/i.test(type) && !isUtf8Form(bytes))
    throw jsonError(400, "The form is not UTF-8 text");
  if (hasTooManyFields(bytes, type)) throw jsonError(400, FORM_SHAPE_REFUSALS.fields);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw jsonError(400, "The form could not be read");
  }
  const checkShape = refusingOddShapes();
  for (const name of form.keys()) checkShape(name);
  return form;
}

/**
 * A form's names checked as they come (see formShapeCheck): throws 400 once the form is shaped like no
 * form here. Every form's reader checks its names before anything parses the fields.
 */
export function refusingOddShapes(): (name: string) => void {
  const check = formShapeCheck();
  return (name) => {
    const refused = check(name);
    if (refused) throw jsonError(400, refused);
  };
}

/**
 * Whether a url-encoded form is UTF-8, as bytes and in its %-escapes: otherwise the reader keeps what
 * it cannot decode as U+FFFD and the sender's words are saved changed. A "%" not followed by two hex
 * digits is a literal "%", as the reader takes it.
 */
function isUtf8Form(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // Each run of escapes decoded as the bytes it names (a bundler may drop a decodeURIComponent whose
  // result is unused, taking the check with it).
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  for (const [escapes] of text.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    try {
      utf8.decode(Buffer.from(escapes.replaceAll("%", ""), "hex"));
    } catch {
      return false;
    }
  }
  return true;
}

/** Form body limits of the pages' actions: generous for people, small for anything else. */
export const FORM_LIMIT_BYTES = {
  contact: 64 * 1024,
  newsletter: 4 * 1024,
  login: 4 * 1024,
  privacyRequest: 4 * 1024,
  // A move, or a note of up to 2000 characters (each up to 12 bytes once form-encoded).
  enquiryInbox: 32 * 1024,
  sessions: 1024,
  account: 8 * 1024,
  staff: 8 * 1024,
  outbox: 1024,
  subscribers: 1024,
  revisionRestore: 1024,
  newsletterSend: 2048,
  redirects: 8 * 1024,
  // A service's name, address and the one it starts from.
  services: 4 * 1024,
  // A page's form: its longest (a legal page's bodies, 60,000 characters of HTML) form-encoded, with room.
  page: 1024 * 1024,
  // An import's preview: where each of up to 2,000 old addresses goes and what each tag becomes.
  importChoices: 1024 * 1024,
  editor: 2 * 1024 * 1024,
  /**
   * The editor's form with a cover file (no JavaScript): a cover over its own 10 MB is skipped as it
   * arrives, so the form still comes back with everything typed; past this the request is refused at once.
   */
  editorWithCover: 32 * 1024 * 1024,
};
