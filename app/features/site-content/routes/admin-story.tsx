import type { Milestone } from "#db/schema";
import { MilestoneSchema } from "~/features/site-content/content-schemas";
import { CheckField, TextField, typed, VisibilityField } from "~/features/site-content/site-lists/fields";
import { ItemEditor, Panel } from "~/features/site-content/site-lists/item-editor";
import { loadSiteList, siteListAction } from "~/features/site-content/site-lists/site-list.server";
import {
  type ItemEditorProps,
  SiteListScreen,
  type SiteListSetup,
} from "~/features/site-content/site-lists/site-list-screen";
import { inYearOrder } from "~/features/site-content/story-order";
import { pageMeta } from "~/platform/pages/seo";
import { useSiteFacts } from "~/platform/site/use-site-facts";

import type { Route } from "./+types/admin-story";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Our story", noindex: true });

const PATH = "/admin/story";

export const loader = ({ request }: Route.LoaderArgs) => loadSiteList(request, "story");

export const action = ({ request }: Route.ActionArgs) =>
  siteListAction(request, { list: "story", path: PATH, schema: MilestoneSchema });

type Values = { year: string; name: string; text: string; founding: string; status: string };

const valuesOf = (item: Milestone | undefined): Values => ({
  year: item && !item.founding ? String(item.year) : "",
  name: item?.name ?? "",
  text: item?.text ?? "",
  founding: item?.founding ? "on" : "",
  status: item?.status ?? "published",
});

/** The milestone's year on the list; the founding's is the year founded in Settings. */
function YearThumb({ year }: { year: number | undefined }) {
  const { foundedYear } = useSiteFacts();
  return (
    <span className="flex h-12 w-16 items-center justify-center rounded-xl border border-border bg-bg font-display text-sm font-bold text-secondary tabular-nums">
      {year ?? foundedYear}
    </span>
  );
}

function MilestoneEditor({ fields, frame }: ItemEditorProps<Milestone, Values>) {
  const { foundedYear } = useSiteFacts();
  const founding = typed(fields.founding) === "on";
  const year = founding ? String(foundedYear) : typed(fields.year).trim() || "Year";
  return (
    <ItemEditor
      {...frame}
      previewNote="About page, “Our Story”"
      preview={
        <ol className="border-l border-border">
          <li className="relative pl-8">
            <span
              aria-hidden="true"
              className="absolute top-1 -left-2 size-4 rounded-full border-2 border-bg bg-primary"
            />
            <p className="text-sm font-bold text-secondary">{year}</p>
            <p className="mt-1 text-lg font-semibold">{typed(fields.name).trim() || "Its title"}</p>
            <p className="mt-1 text-muted">{typed(fields.text).trim()}</p>
          </li>
        </ol>
      }
    >
      <Panel title="The milestone">
        <CheckField
          field={fields.founding}
          label="This is when we were founded"
          hint={`Its year is the year founded in Site settings (now ${foundedYear}), so the story and the home page's figures always agree.`}
        />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <TextField
            field={fields.year}
            label={founding ? "Year (from Settings)" : "Year"}
            inputMode="numeric"
            placeholder={founding ? String(foundedYear) : "e.g. 2021"}
          />
          <TextField field={fields.name} label="Title" placeholder="e.g. Creative Studio" />
        </div>
        <TextField
          field={fields.text}
          label="What happened (optional)"
          rows={3}
          hint="One or two sentences."
        />
      </Panel>
      <Panel title="On the site">
        <VisibilityField field={fields.status} noun="milestone" />
      </Panel>
    </ItemEditor>
  );
}

const story: SiteListSetup<Milestone, Values> = {
  path: PATH,
  words: {
    title: "Our story",
    intro: "The milestones under “Our Story” on the about page, in year order: the founding first.",
    noun: "milestone",
    addLabel: "Add a milestone",
    shownOn: { href: "/about#timeline-heading", label: "the about page" },
    empty: {
      title: "No story yet",
      text: "A few milestones tell a prospect you have been here a while and where you are going.",
      icon: "M12 8v4l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
    },
  },
  listTitle: "milestones",
  formId: "milestone",
  schema: MilestoneSchema,
  ordered: { by: "year order", sort: inYearOrder },
  valuesOf,
  row: (item) => ({
    excerpt: item.text || undefined,
    tags: item.founding ? ["Year from Settings"] : [],
    thumb: <YearThumb year={item.founding ? undefined : item.year} />,
  }),
  Editor: MilestoneEditor,
};

export default function AdminStory({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteListScreen setup={story} loaderData={loaderData} actionData={actionData} />;
}
