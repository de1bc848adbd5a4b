import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { ComponentType } from "react";
import type { z } from "zod";

import type { Notice } from "./notice";
import { type ItemTranslations, type ListRow, type ListWords, SiteListPage } from "./site-list-page";
import { useItemForm } from "./use-item-form";

/** What every item of a site list has. */
type ListItem = { id: string; name: string; status: "draft" | "published" };

/** What `loadSiteList` answers (a list's loader may add to the editor's side, as Clients does its strip). */
type Loaded<Item, Extra> =
  | ({ mode: "editor"; item: Item | undefined } & Extra)
  | {
      mode: "list";
      items: Item[];
      notice: { kind: Notice; id: string | null; name: string } | null;
      confirmDelete: string | null;
      translations: Record<string, ItemTranslations>;
    };

/** The form's fields as conform gives them, typed by what is typed into them (V). */
export type ItemFields<V extends Record<string, unknown>> = ReturnType<typeof useItemForm<V>>[1];

/** What one list's editor receives: the item, its fields, and the frame's props for `ItemEditor`. */
export type ItemEditorProps<Item, V extends Record<string, unknown>, Extra = object> = {
  item: Item | undefined;
  fields: ItemFields<V>;
  /** Spread into `<ItemEditor>`: the form, the way back to the list, the heading. */
  frame: {
    form: FormMetadata<V, string[]>;
    path: string;
    listTitle: string;
    heading: string;
    id?: string;
    multipart: boolean;
  };
  /** What the list's loader added for its editor. */
  loaded: Extra;
};

/** One of the site's lists (team, testimonials, clients, packages, the story): its words and fields. */
export type SiteListSetup<Item extends ListItem, V extends Record<string, unknown>, Extra = object> = {
  /** "/admin/team" */
  path: string;
  words: ListWords;
  /** "team members": the editor's link back reads "All team members". */
  listTitle: string;
  /** The editor's heading for an item: "Edit <name>" unless said otherwise. */
  editHeading?: (item: Item) => string;
  /** The form's id, before the item's: "team" gives "team-<id>". */
  formId: string;
  schema: z.ZodType;
  /** The item has an image that may come along as a file (the action's imageField). */
  multipart?: boolean;
  /** What the form starts with: the item's, or a new one's. */
  valuesOf: (item: Item | undefined) => V;
  /** The item in the list, beside its name and status. */
  row: (item: Item) => Omit<ListRow, "id" | "name" | "status">;
  /** A list the site orders itself: its words ("year order") and that order. */
  ordered?: { by: string; sort: (items: Item[]) => Item[] };
  /** The editor's panels and preview, inside `<ItemEditor {...frame}>`. */
  Editor: ComponentType<ItemEditorProps<Item, V, Extra>>;
};

/**
 * The admin screen of one site list: the list in its order (?done, ?delete), or one item's editor
 * (?new, ?edit=<id>) with the form checked by the list's schema, as the loader said.
 */
export function SiteListScreen<Item extends ListItem, V extends Record<string, unknown>, Extra = object>({
  setup,
  loaderData,
  actionData,
}: {
  setup: SiteListSetup<Item, V, Extra>;
  loaderData: Loaded<Item, Extra>;
  actionData: { reply: SubmissionResult<string[]> } | undefined;
}) {
  if (loaderData.mode === "editor") {
    const { mode: _, item, ...loaded } = loaderData;
    return (
      <ListItemEditor
        key={item?.id ?? "new"}
        setup={setup}
        item={item}
        loaded={loaded as Extra}
        lastResult={actionData?.reply}
      />
    );
  }
  const items = setup.ordered ? setup.ordered.sort(loaderData.items) : loaderData.items;
  return (
    <SiteListPage
      path={setup.path}
      words={setup.words}
      notice={loaderData.notice}
      confirmDelete={loaderData.confirmDelete}
      orderedBy={setup.ordered?.by}
      rows={items.map((item) => ({
        id: item.id,
        name: item.name,
        status: item.status,
        translations: loaderData.translations[item.id],
        ...setup.row(item),
      }))}
    />
  );
}

function ListItemEditor<Item extends ListItem, V extends Record<string, unknown>, Extra>({
  setup,
  item,
  loaded,
  lastResult,
}: {
  setup: SiteListSetup<Item, V, Extra>;
  item: Item | undefined;
  loaded: Extra;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useItemForm(
    `${setup.formId}-${item?.id ?? "new"}`,
    setup.schema,
    setup.valuesOf(item),
    lastResult,
  );
  const heading = item ? (setup.editHeading?.(item) ?? `Edit ${item.name}`) : `New ${setup.words.noun}`;
  const { Editor } = setup;
  return (
    <Editor
      item={item}
      fields={fields}
      loaded={loaded}
      frame={{
        form,
        path: setup.path,
        listTitle: setup.listTitle,
        heading,
        id: item?.id,
        multipart: setup.multipart ?? false,
      }}
    />
  );
}
