import { z } from "zod";

import type { AutosaveKind } from "#db/schema";
import { formShapeCheck } from "~/platform/http/form-shape";

/** The editor's unsaved work: at most this many characters in all (a post's body may be 500,000). */
export const AUTOSAVE_MAX_CHARS = 600_000;

/** Each kind's autosave address, and the name its key has there. */
export const AUTOSAVE_ENDPOINTS = {
  post: { path: "/api/blog/autosave", key: "postKey", noun: "post" },
  "case-study": { path: "/api/work/autosave", key: "caseStudyKey", noun: "case study" },
  page: { path: "/api/pages/autosave", key: "pageKey", noun: "page" },
  "post-translation": { path: "/api/blog/translations/autosave", key: "translationKey", noun: "post" },
  "case-study-translation": {
    path: "/api/work/translations/autosave",
    key: "translationKey",
    noun: "case study",
  },
} as const satisfies Record<AutosaveKind, { path: string; key: string; noun: string }>;

/** The key of a translation's unsaved work: its source and language (the translation made or not). */
export const translationDraftKey = (sourceId: string, lang: string) => `${sourceId}-${lang}`;

const itemKey = (kind: AutosaveKind) => {
  const { key, noun } = AUTOSAVE_ENDPOINTS[kind];
  if (kind === "page") {
    const error = `${key} must be a page's key, such as "home" or "services/seo"`;
    return z.string({ error }).regex(/^[a-z0-9][a-z0-9-]{0,79}(?:\/[a-z0-9][a-z0-9-]{0,79})?$/, error);
  }
  if (kind === "post-translation" || kind === "case-study-translation") {
    const error = `${key} must be a ${noun}'s id and a language, as "<id>-ga"`;
    return z.string({ error }).regex(/^[\w-]{1,100}-[a-z]{2,3}$/, error);
  }
  const error = `${key} must be a ${noun}'s id or "new"`;
  return z.string({ error }).regex(/^[\w-]{1,100}$/, error);
};

/** A page's form has a field for every item of every list: a service page's, all full, about 1,150. */
const MAX_FIELDS = {
  post: 200,
  "case-study": 200,
  page: 2_000,
  "post-translation": 200,
  "case-study-translation": 200,
} as const satisfies Record<AutosaveKind, number>;

const autosaveValues = (kind: AutosaveKind) =>
  z
    .record(
      z.string().max(100, "A field name is too long"),
      z.string({ error: "Every value must be text" }),
      {
        error: "values must be an object of the form's fields",
      },
    )
    .refine(
      (v) => Object.keys(v).length <= MAX_FIELDS[kind],
      `values may have at most ${MAX_FIELDS[kind]} fields`,
    )
    .refine(
      (v) => Object.values(v).reduce((n, text) => n + text.length, 0) <= AUTOSAVE_MAX_CHARS,
      `values must be at most ${AUTOSAVE_MAX_CHARS} characters in all`,
    )
    // The editor reads them back through the form library, which builds each list as long as it is named.
    .refine((v) => {
      const check = formShapeCheck();
      return Object.keys(v).every((name) => check(name) === undefined);
    }, "values name more list items than any form has");

/** PUT: the form's fields as typed (text, not checked as a post or case study: unfinished). */
export function autosaveSchema(kind: AutosaveKind) {
  const { key } = AUTOSAVE_ENDPOINTS[kind];
  return z
    .object({ [key]: itemKey(kind), values: autosaveValues(kind) })
    .transform((body) => ({ itemKey: body[key] as string, values: body.values as Record<string, string> }));
}

/** GET and DELETE ?postKey=… (or ?caseStudyKey=…). */
export function autosaveQuerySchema(kind: AutosaveKind) {
  return z
    .object({ [AUTOSAVE_ENDPOINTS[kind].key]: itemKey(kind) })
    .transform((query) => ({ itemKey: query[AUTOSAVE_ENDPOINTS[kind].key] as string }));
}
