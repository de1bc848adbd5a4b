import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";

import type { EditedKind } from "#db/schema";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";

import { discardAutosave, saveAutosave } from "./autosaves.server";
import { type PublishAsk, publishesAsItIs, unsavedValuesOf } from "./publish-ask";
import { checkSavedAt, EditedSince, type SaveOptions } from "./save.server";
import { AUTOSAVE_ENDPOINTS, autosaveSchema } from "./schemas";

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
  /** How many of the checks' problems the form's values have (the checks beside the editor, on the server). */
  openProblems(id: string | undefined, values: Values): number;
  /** The saved item's status ("published" is live: a save of it is on the site at once) and when it was saved. */
  storedOf(id: string): { status: string; updatedAt: Date } | undefined;
};

/**
 * When the version the form began from was saved (ms): none when the form does not say (a client of its
 * own), NaN when what it says is no time (refused, so a mangled field cannot turn the check off).
 */
function savedAtOf(form: FormData): number | undefined {
  const sent = form.get("savedAt");
  if (sent === null) return undefined;
  const value = Number(sent);
  return typeof sent === "string" && Number.isSafeInteger(value) && value > 0 ? value : Number.NaN;
}

/** The id of the item the editor's form is about, or none for a new one. */
export const editedId = (form: FormData): string | undefined => String(form.get("id") ?? "") || undefined;

/**
 * The editor's route action, for every kind: discards the admin's autosave when asked, else parses
 * the form, saves it (as published for "Save & Publish") and goes back to the editor on the saved
 * item (?saved=<slug>, which the editor shows as a toast). "Save & Publish" with the checks' problems
 * open saves first and asks (?ask, see PublishAsk); the ask answered (PUBLISH_AS_IT_IS) publishes. A field that is wrong, or a domain error
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
  const refusedSave = (error: unknown) => {
    // A version saved since is the whole form's concern; any other names a field, the title by default.
    const { status, fieldErrors, formErrors } = domainErrorForForm(error, {
      field: error instanceof EditedSince ? undefined : "title",
    });
    return invalid(submission.reply({ fieldErrors, formErrors }), status);
  };
  const savedAt = savedAtOf(form);
  // A bad cover file is one more invalid field of the form (400), whatever the upload's own status.
  if (refused) return invalid(submission.reply({ fieldErrors: refused }), 400);
  // A row added or removed (conform's intents, with or without JavaScript): the form comes back so.
  if (submission.status === undefined) return invalid(submission.reply(), 200);
  if (submission.status !== "success") return invalid(submission.reply(), 400);
  const asking =
    intent === "publish" && !publishesAsItIs(form) && route.openProblems(id, submission.value) > 0;
  const stored = asking && id ? route.storedOf(id) : undefined;
  // A live item's save is on the site at once, so the ask comes before it: what was typed is kept as
  // the admin's unsaved work, and the editor puts it back with the ask (unless it began from a version
  // saved since: then it is refused as the save would be).
  if (asking && id && stored?.status === "published") {
    const { key, noun } = AUTOSAVE_ENDPOINTS[route.kind];
    try {
      checkSavedAt(noun, stored.updatedAt, savedAt);
    } catch (error) {
      return refusedSave(error);
    }
    const kept = autosaveSchema(route.kind).safeParse({ [key]: id, values: unsavedValuesOf(form) });
    // Only a form no editor sends (thousands of made-up fields) is too much to keep: it is not published.
    if (!kept.success)
      return invalid(
        submission.reply({ formErrors: [`Not published: ${kept.error.issues[0]!.message}.`] }),
        400,
      );
    saveAutosave(userId, route.kind, id, kept.data.values);
    throw redirect(`${route.path}?edit=${id}&restore&ask=${"kept" satisfies PublishAsk}`);
  }
  // "Save & Publish" saves the item as published (not only the status select flipped); asked first,
  // it is saved as its form says short of live (a draft, or scheduled) and the editor asks only about
  // going live.
  const typed = submission.value.status;
  const savedAs = asking
    ? typed === "published"
      ? "draft"
      : typed
    : intent === "publish"
      ? "published"
      : typed;
  let saved: { id: string; slug: string };
  try {
    saved = route.save(id, { ...submission.value, status: savedAs }, { userId, savedAt });
  } catch (error) {
    return refusedSave(error);
  }
  if (asking) throw redirect(`${route.path}?edit=${saved.id}&ask=${askAfter(savedAs)}`);
  throw redirect(
    `${route.path}?edit=${saved.id}&saved=${encodeURIComponent(saved.slug)}&result=${id ? "updated" : "created"}`,
  );
}

const askAfter = (status: string): PublishAsk => (status === "scheduled" ? "scheduled" : "draft");
