import type { TeamMember } from "#db/schema";
import { altTextOf } from "~/features/media/index.server";
import { Avatar } from "~/features/site-content/components/avatar";
import { PersonCard, TeamCard } from "~/features/site-content/components/person-card";
import { TeamMemberFormSchema } from "~/features/site-content/content-schemas";
import {
  ImageField,
  MissingPhotoWarning,
  siteImage,
  TextField,
  typed,
  VisibilityField,
} from "~/features/site-content/site-lists/fields";
import { ItemEditor, Panel } from "~/features/site-content/site-lists/item-editor";
import { CANDID_FILE_FIELD } from "~/features/site-content/site-lists/notice";
import { loadSiteList, siteListAction } from "~/features/site-content/site-lists/site-list.server";
import {
  type ItemEditorProps,
  SiteListScreen,
  type SiteListSetup,
} from "~/features/site-content/site-lists/site-list-screen";
import { pageMeta } from "~/platform/pages/seo";

import type { Route } from "./+types/admin-team";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Team", noindex: true });

const PATH = "/admin/team";

/** A member being edited comes with their photos' descriptions, which the media library keeps. */
export async function loader({ request }: Route.LoaderArgs) {
  const loaded = await loadSiteList(request, "team");
  if (loaded.mode !== "editor" || !loaded.item) return loaded;
  const { photo, candidPhoto } = loaded.item;
  return {
    ...loaded,
    item: {
      ...loaded.item,
      photoAlt: altTextOf(photo, null) ?? "",
      candidPhotoAlt: altTextOf(candidPhoto, null) ?? "",
    },
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  siteListAction(request, {
    list: "team",
    path: PATH,
    schema: TeamMemberFormSchema,
    images: [
      { field: "photo", altField: "photoAlt" },
      { field: "candidPhoto", altField: "candidPhotoAlt", fileField: CANDID_FILE_FIELD },
    ],
  });

type Member = TeamMember & { photoAlt?: string; candidPhotoAlt?: string };

type Values = {
  name: string;
  role: string;
  bio: string;
  photo: string;
  photoAlt: string;
  candidPhoto: string;
  candidPhotoAlt: string;
  highlights: string;
  team: string;
  teamSummary: string;
  status: string;
};

const valuesOf = (item: Member | undefined): Values => ({
  name: item?.name ?? "",
  role: item?.role ?? "",
  bio: item?.bio ?? "",
  photo: item?.photo ?? "",
  photoAlt: item?.photoAlt ?? "",
  candidPhoto: item?.candidPhoto ?? "",
  candidPhotoAlt: item?.candidPhotoAlt ?? "",
  highlights: item?.highlights.join("\n") ?? "",
  team: item?.team ?? "",
  teamSummary: item?.teamSummary ?? "",
  status: item?.status ?? "published",
});

function MemberEditor({ fields, frame }: ItemEditorProps<Member, Values>) {
  const person = {
    name: typed(fields.name).trim() || "Their name",
    role: typed(fields.role).trim() || "Their role",
    bio: typed(fields.bio).trim(),
    photo: siteImage(typed(fields.photo)),
    photoAlt: typed(fields.photoAlt).trim(),
    candidPhoto: siteImage(typed(fields.candidPhoto)),
    candidPhotoAlt: typed(fields.candidPhotoAlt).trim(),
    highlights: typed(fields.highlights)
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    team: typed(fields.team).trim(),
    teamSummary: typed(fields.teamSummary).trim(),
  };
  return (
    <ItemEditor
      {...frame}
      previewNote="About page"
      preview={
        <div className="grid gap-4">
          <PersonCard person={person} framed={Boolean(person.photo)} />
          {person.candidPhoto && (
            <figure>
              <figcaption className="mb-2 text-xs font-semibold tracking-widest text-muted uppercase">
                The team at work
              </figcaption>
              <img
                src={person.candidPhoto}
                alt={person.candidPhotoAlt}
                className="block aspect-[4/3] w-full rounded-2xl border border-border bg-bg object-cover"
              />
            </figure>
          )}
          {person.team && (
            <div>
              <p className="mb-2 text-xs font-semibold tracking-widest text-muted uppercase">Our Teams</p>
              <TeamCard person={person} />
            </div>
          )}
        </div>
      }
    >
      <Panel title="Who they are">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.name} label="Name" placeholder="e.g. Aoife Kelly" />
          <TextField field={fields.role} label="Role" placeholder="e.g. Head of Paid Media" />
        </div>
        <ImageField
          field={fields.photo}
          label="Photo"
          shape="round"
          hint="A friendly head-and-shoulders photo works best. Without one, the site draws an illustrated portrait. Once everyone on the team has a photo, the about page shows each of them as a tall portrait."
          alt={{
            field: fields.photoAlt,
            label: "Describe the photo",
            hint: "Needed with a photo: read out to people who cannot see it, and kept with the image in the media library.",
            placeholder: "e.g. Aoife smiling at her desk",
          }}
        />
        <ImageField
          field={fields.candidPhoto}
          fileName={CANDID_FILE_FIELD}
          label="Candid photo"
          shape="wide"
          hint="A relaxed picture of them at work, landscape or square: at a whiteboard, with a client, on a shoot. Once two people have one, the about page shows them together as “The team at work”."
          alt={{
            field: fields.candidPhotoAlt,
            label: "Describe the candid photo",
            hint: "Needed with a candid photo, and kept with it in the media library.",
            placeholder: "e.g. Aoife sketching a campaign on the whiteboard",
          }}
        />
        <TextField
          field={fields.bio}
          label="Bio (optional)"
          rows={4}
          hint="Two or three sentences: what they do for clients and what they are good at."
        />
        <TextField
          field={fields.highlights}
          label="Highlights (optional)"
          rows={4}
          hint="One per line, up to 8: certifications, awards, years of experience."
          placeholder={"Google Ads certified\n10 years in paid search"}
        />
      </Panel>
      <Panel
        title="Team they lead (optional)"
        hint="Fill this in for a team lead: the about page then shows the team under “Our Teams”."
      >
        <TextField field={fields.team} label="Team led" placeholder="e.g. Creative Team" />
        <TextField
          field={fields.teamSummary}
          label="What the team does"
          rows={3}
          placeholder="e.g. Brand identities, campaign creative and video that stops the scroll."
        />
      </Panel>
      <Panel title="On the site">
        <VisibilityField field={fields.status} noun="person" />
        <MissingPhotoWarning photo={typed(fields.photo)} status={typed(fields.status)} />
      </Panel>
    </ItemEditor>
  );
}

const team: SiteListSetup<Member, Values> = {
  path: PATH,
  words: {
    title: "Team",
    intro: "The people on the about page, in this order. Team leads are also shown with their teams.",
    noun: "team member",
    addLabel: "Add a team member",
    shownOn: { href: "/about#people-heading", label: "the about page" },
    empty: {
      title: "No team members yet",
      text: "Clients buy from people. Introduce the faces behind the agency, starting with yourself.",
      icon: "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 14a5 5 0 0 1 3 6",
    },
  },
  listTitle: "team members",
  formId: "team",
  schema: TeamMemberFormSchema,
  multipart: true,
  valuesOf,
  row: (item) => ({
    detail: item.role,
    excerpt: item.bio || undefined,
    tags: item.team ? [`Leads ${item.team}`] : [],
    thumb: <Avatar name={item.name} src={item.photo} size={48} />,
    warning: item.photo ? undefined : "No photo",
  }),
  Editor: MemberEditor,
};

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteListScreen setup={team} loaderData={loaderData} actionData={actionData} />;
}
