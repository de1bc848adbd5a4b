import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";

import type { EditedKind } from "#db/schema";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";

import { discardAutosave } from "./autosaves.server";
import type { SaveOptions } from "./save.server";

/** What the editor's form answers when it comes back to the admin (not saved, or a row added). */
export type EditorFormResult = { kind: "invalid"; id?: string; reply: SubmissionResult<string[]> };

/** What one kind tells the editor's route action. */
export type EditorRoute<Values extends { status: string }> = {
  kind: EditedKind;
  /** The admin's list of the kind, whose ?edit=<id> and ?new open the editor: "/admin/posts". */
  path: string;
  /** The editor's form, as the admin sends it. */
  schema: z.ZodType<Values>;
  /** The kind's save (the editor's one save, saveEdited, with the kind's type). */
  save(id: string | undefined, values: Values, options: SaveOptions): { id: string; slug: string };
};

/** The id of the item the editor's form is about, or none for a new one. */
export const editedId = (form: FormData): string | undefined => String(form.get("id") ?? "") || undefined;

/**
 * The editor's route action, for every kind: discards the admin's autosave when asked, else parses
 * the form, saves it (as published for "Save & Publish") and goes back to the editor on the saved
 * item (?saved=<slug>, which the editor shows as a toast). A field that is wrong, or a domain error
 * (an address taken, the item gone), comes back as the form's errors with its status; `fieldErrors`
 * are the kind's own (a cover image refused while it arrived), which make the form invalid too.
 */
export function editorAction<Values extends { status: string }>(
  route: EditorRoute<Values>,
  form: FormData,
  { userId, fieldErrors: refused }: { userId: string; fieldErrors?: Record<string, string[]> },
) {
  const intent = String(form.get("intent") ?? "save");
  const id = editedId(form);
  if (intent === "discard-autosave") {
    discardAutosave(userId, route.kind, id ?? "new");
    throw redirect(id ? `${route.path}?edit=${id}` : `${route.path}?new`);
  }
  const submission = parseWithZod(form, { schema: route.schema });
  const invalid = (reply: SubmissionResult<string[]>, status: number) =>
    data<EditorFormResult>({ kind: "invalid", id, reply }, { status });
  // A bad cover file is one more invalid field of the form (400), whatever the upload's own status.
  if (refused) return invalid(submission.reply({ fieldErrors: refused }), 400);
  // A row added or removed (conform's intents, with or without JavaScript): the form comes back so.
  if (submission.status === undefined) return invalid(submission.reply(), 200);
  if (submission.status !== "success") return invalid(submission.reply(), 400);
  // "Save & Publish" saves the item as published (not only the status select flipped).
  const values = intent === "publish" ? { ...submission.value, status: "published" } : submission.value;
  let saved: { id: string; slug: string };
  try {
    saved = route.save(id, values, { userId });
  } catch (error) {
    const { status, fieldErrors } = domainErrorForForm(error, { field: "title" });
    return invalid(submission.reply({ fieldErrors }), status);
  }
  throw redirect(
    `${route.path}?edit=${saved.id}&saved=${encodeURIComponent(saved.slug)}&result=${id ? "updated" : "created"}`,
  );
}
