import { z } from "zod";

import type { EditedKind } from "#db/schema";

/** The editor's unsaved work: at most this many characters in all (a post's body may be 500,000). */
export const AUTOSAVE_MAX_CHARS = 600_000;

/** Each kind's autosave address, and the name its key has there. */
export const AUTOSAVE_ENDPOINTS = {
  post: { path: "/api/blog/autosave", key: "postKey", noun: "post" },
  "case-study": { path: "/api/work/autosave", key: "caseStudyKey", noun: "case study" },
} as const satisfies Record<EditedKind, { path: string; key: string; noun: string }>;

const itemKey = (kind: EditedKind) => {
  const { key, noun } = AUTOSAVE_ENDPOINTS[kind];
  const error = `${key} must be a ${noun}'s id or "new"`;
  return z.string({ error }).regex(/^[\w-]{1,100}$/, error);
};

const autosaveValues = z
  .record(z.string().max(100, "A field name is too long"), z.string({ error: "Every value must be text" }), {
    error: "values must be an object of the form's fields",
  })
  .refine((v) => Object.keys(v).length <= 200, "values may have at most 200 fields")
  .refine(
    (v) => Object.values(v).reduce((n, text) => n + text.length, 0) <= AUTOSAVE_MAX_CHARS,
    `values must be at most ${AUTOSAVE_MAX_CHARS} characters in all`,
  );

/** PUT: the form's fields as typed (text, not checked as a post or case study: unfinished). */
export function autosaveSchema(kind: EditedKind) {
  const { key } = AUTOSAVE_ENDPOINTS[kind];
  return z
    .object({ [key]: itemKey(kind), values: autosaveValues })
    .transform((body) => ({ itemKey: body[key] as string, values: body.values as Record<string, string> }));
}

/** GET and DELETE ?postKey=… (or ?caseStudyKey=…). */
export function autosaveQuerySchema(kind: EditedKind) {
  return z
    .object({ [AUTOSAVE_ENDPOINTS[kind].key]: itemKey(kind) })
    .transform((query) => ({ itemKey: query[AUTOSAVE_ENDPOINTS[kind].key] as string }));
}
