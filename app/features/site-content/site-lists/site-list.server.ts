import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";

import {
  describeLibraryImage,
  isLibraryImage,
  readMultipart,
  saveImage,
} from "~/features/media/index.server";
import { deleteItem, setVisibility } from "~/features/site-content/ordered-items.server";
import { saveSiteItem, type SiteList, siteLists } from "~/features/site-content/site-content.server";
import { FORM_LIMIT_BYTES, readFormBody } from "~/platform/http/api.server";
import { domainErrorForForm } from "~/platform/http/domain-errors.server";
import { FieldError } from "~/platform/http/errors.server";
import { getItem, listOrdered, moveItem, moveOf } from "~/platform/ordered-lists.server";

import { translationStatesOf } from "../translations/item-translations.server";
import { isTranslatedList } from "../translations/item-words";
import { IMAGE_FILE_FIELD, type Notice } from "./notice";

type Item<L extends SiteList> = (typeof siteLists)[L]["$inferSelect"];

/**
 * What one of the four list screens loads: the list in the agency's order (with the notice of what was
 * just done, and the row asking to confirm a delete), or the item being edited (?new, ?edit=<id>).
 */
export async function loadSiteList<L extends SiteList>(request: Request, list: L) {
  const url = new URL(request.url);
  const table = siteLists[list];
  const editId = url.searchParams.get("edit");
  if (editId || url.searchParams.has("new")) {
    const item = editId ? (getItem(table, editId) as Item<L> | undefined) : undefined;
    if (editId && !item) throw data(null, { status: 404 });
    return { mode: "editor" as const, item };
  }
  const done = url.searchParams.get("done");
  const items = listOrdered(table, { publishedOnly: false }) as Item<L>[];
  const doneId = url.searchParams.get("id");
  const name = url.searchParams.get("name") ?? items.find((item) => item.id === doneId)?.name ?? "";
  return {
    mode: "list" as const,
    items,
    // Each item's state in the site's other languages, for the lists whose words translate.
    translations: isTranslatedList(list) ? Object.fromEntries(translationStatesOf(list, items)) : {},
    notice: isNotice(done) ? { kind: done, id: doneId, name } : null,
    confirmDelete: url.searchParams.get("delete"),
  };
}

const NOTICES: readonly Notice[] = ["created", "updated", "hidden", "shown", "deleted"];
const isNotice = (value: string | null): value is Notice => NOTICES.includes(value as Notice);

/**
 * An item's image: the field holding its address, the field with its description (saved as the
 * library's, not on the item) and the file input that brings it without JavaScript.
 */
export type ImageSlot = { field: string; altField?: string; fileField?: string };

const fileFieldOf = (slot: ImageSlot) => slot.fileField ?? IMAGE_FILE_FIELD;

/**
 * The form of an item with images: multipart, so a file can come along without JavaScript (it goes
 * through the upload pipeline, like a post's cover, and its address becomes the image). A refused file
 * is one more field error; what was typed still arrives.
 */
async function readItemForm(
  request: Request,
  images: readonly ImageSlot[],
): Promise<{ form: FormData; imageErrors?: Record<string, string[]> }> {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  if (!multipart || images.length === 0)
    return { form: await readFormBody(request, FORM_LIMIT_BYTES.editor) };
  let imageErrors: Record<string, string[]> | undefined;
  const slotOf = (fileField: string) => images.find((slot) => fileFieldOf(slot) === fileField)!;
  const { fields, files } = await readMultipart(
    request,
    images.map(fileFieldOf),
    (stream, fileName, fileField) =>
      saveImage(stream, fileName).catch((error: unknown) => {
        const { fieldErrors } = domainErrorForForm(error, { field: slotOf(fileField).field });
        imageErrors = { ...imageErrors, ...fieldErrors };
        return null;
      }),
    {
      maxBytes: FORM_LIMIT_BYTES.editorWithCover * images.length,
      tooLarge: `The form with its images must be at most ${(FORM_LIMIT_BYTES.editorWithCover * images.length) / 1024 / 1024} MB (each image 10 MB)`,
    },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const slot of images) {
    const file = files[fileFieldOf(slot)];
    if (file) form.set(slot.field, file.publicURL);
  }
  return { form, imageErrors };
}

/**
 * One action for the four screens. The list's small forms (intent up, down, hide, show, delete with the
 * item's id) and the editor's form (save; conform's row intents for the package features) all post
 * here; every success is a redirect to the list, with what was done for the notice.
 */
export async function siteListAction<L extends SiteList, S extends z.ZodType>(
  request: Request,
  {
    list,
    path,
    schema,
    images = [],
  }: {
    list: L;
    path: string;
    schema: S;
    /** The item's images, each of which may come along as a file (the first in IMAGE_FILE_FIELD). */
    images?: readonly ImageSlot[];
  },
) {
  const { form, imageErrors } = await readItemForm(request, images);
  const intent = String(form.get("intent") ?? "save");
  const id = String(form.get("id") ?? "") || undefined;
  const table = siteLists[list];

  const move = moveOf(form);
  if (id && (move || ["hide", "show", "delete"].includes(intent))) {
    const item = getItem(table, id);
    if (!item) throw data(null, { status: 404 });
    if (move) {
      moveItem(table, "site", id, move);
      throw redirect(`${path}#item-${id}`);
    }
    if (intent === "delete") {
      deleteItem(table, "site", id);
      throw redirect(`${path}?done=deleted&name=${encodeURIComponent(item.name)}`);
    }
    setVisibility(table, "site", id, intent === "hide" ? "draft" : "published");
    throw redirect(`${path}?done=${intent === "hide" ? "hidden" : "shown"}&id=${id}#item-${id}`);
  }

  const submission = parseWithZod(form, { schema });
  // A row added or removed (conform's intents, with or without JavaScript): the form comes back so.
  if (submission.status === undefined) return { reply: submission.reply() };
  if (imageErrors) return data({ reply: submission.reply({ fieldErrors: imageErrors }) }, { status: 400 });
  if (submission.status !== "success") return data({ reply: submission.reply() }, { status: 400 });
  let saved: Item<L>;
  try {
    const values = { ...(submission.value as Record<string, unknown>) };
    // Every described image is checked before any description is written, so a refusal changes nothing.
    const described = images.flatMap(({ field, altField }) => {
      if (!altField) return [];
      const image = String(values[field] ?? "");
      const alt = String(values[altField] ?? "");
      delete values[altField];
      return image && alt ? [{ image, alt, altField }] : [];
    });
    for (const { image, altField } of described)
      if (!isLibraryImage(image))
        throw new FieldError(
          altField,
          "This photo is not in the media library, so it cannot keep a description: upload it or choose it from the library",
        );
    for (const { image, alt } of described) describeLibraryImage(image, alt);
    saved = saveSiteItem(list, id, values as Parameters<typeof saveSiteItem<L>>[2]) as Item<L>;
  } catch (error) {
    const { status, fieldErrors, formErrors } = domainErrorForForm(error);
    return data({ reply: submission.reply({ fieldErrors, formErrors }) }, { status });
  }
  throw redirect(`${path}?done=${id ? "updated" : "created"}&id=${saved.id}#item-${saved.id}`);
}
