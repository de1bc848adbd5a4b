import type { ClientLogo } from "#db/schema";
import { ClientStrip } from "~/features/site-content/components/client-strip";
import { ClientLogoSchema } from "~/features/site-content/content-schemas";
import { publicClients } from "~/features/site-content/site-content.server";
import {
  ImageField,
  siteImage,
  TextField,
  typed,
  VisibilityField,
} from "~/features/site-content/site-lists/fields";
import { ItemEditor, Panel } from "~/features/site-content/site-lists/item-editor";
import { loadSiteList, siteListAction } from "~/features/site-content/site-lists/site-list.server";
import {
  type ItemEditorProps,
  SiteListScreen,
  type SiteListSetup,
} from "~/features/site-content/site-lists/site-list-screen";
import { parseUploadedImage } from "~/platform/images";
import { clientsHeading } from "~/platform/pages/page-copy.server";
import { pageMeta } from "~/platform/pages/seo";

import type { Route } from "./+types/admin-clients";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Clients", noindex: true });

const PATH = "/admin/clients";

export async function loader({ request }: Route.LoaderArgs) {
  const loaded = await loadSiteList(request, "clients");
  if (loaded.mode === "list") return loaded;
  // The preview shows the logo in the strip, among the others on the site.
  const strip = publicClients().map(({ id, name, logo, url }) => ({ id, name, logo, url }));
  // ...under the home page's heading for it (its page copy).
  return { ...loaded, strip, heading: clientsHeading() };
}

export const action = ({ request }: Route.ActionArgs) =>
  siteListAction(request, {
    list: "clients",
    path: PATH,
    schema: ClientLogoSchema,
    images: [{ field: "logo" }],
  });

type Values = { name: string; logo: string; url: string; status: string };

const valuesOf = (item: ClientLogo | undefined): Values => ({
  name: item?.name ?? "",
  logo: item?.logo ?? "",
  url: item?.url ?? "",
  status: item?.status ?? "published",
});

/** A logo, small, on the list (or the name set as a wordmark, as the strip does). */
function LogoThumb({ client }: { client: Pick<ClientLogo, "name" | "logo"> }) {
  const uploaded = parseUploadedImage(client.logo);
  return (
    <span className="flex h-12 w-24 items-center justify-center overflow-hidden rounded-xl border border-border bg-bg px-2">
      {client.logo ? (
        <img
          src={uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : client.logo}
          alt=""
          className="max-h-8 w-auto max-w-full object-contain"
        />
      ) : (
        <span className="truncate text-xs font-semibold tracking-tight text-muted">{client.name}</span>
      )}
    </span>
  );
}

type StripClient = Pick<ClientLogo, "id" | "name" | "logo" | "url">;

function ClientEditor({
  item,
  fields,
  frame,
  loaded: { strip, heading },
}: ItemEditorProps<ClientLogo, Values, { strip: StripClient[]; heading: string }>) {
  const shown = typed(fields.status) !== "draft";
  const self: StripClient = {
    id: item?.id ?? "new",
    name: typed(fields.name).trim() || "Client name",
    logo: siteImage(typed(fields.logo)),
    // Not followed in the preview.
    url: "",
  };
  const others = strip.filter((client) => client.id !== self.id).map((client) => ({ ...client, url: "" }));
  const at = item ? strip.findIndex((client) => client.id === item.id) : -1;
  const clients = shown ? (at === -1 ? [...others, self] : others.toSpliced(at, 0, self)) : [self];
  return (
    <ItemEditor
      {...frame}
      previewNote={shown ? "Home and about pages" : "Hidden: shown alone"}
      preview={
        <div className="[&_section]:px-0 [&_section]:pb-0">
          <ClientStrip heading={heading} clients={clients} />
        </div>
      }
    >
      <Panel title="The client">
        <TextField
          field={fields.name}
          label="Name"
          placeholder="e.g. Harbour Bistro"
          hint="Read out by screen readers for the logo, and shown in its place when there is no logo."
        />
        <ImageField
          field={fields.logo}
          label="Logo"
          shape="logo"
          hint="A wide logo on a transparent background (PNG) looks best. The site shows it in grey until hovered."
        />
        <TextField
          field={fields.url}
          label="Web site (optional)"
          type="url"
          inputMode="url"
          placeholder="https://www.example.ie"
          hint="The logo links there. A full address, starting with https://."
        />
      </Panel>
      <Panel title="On the site">
        <VisibilityField field={fields.status} noun="logo" />
      </Panel>
    </ItemEditor>
  );
}

const clients: SiteListSetup<ClientLogo, Values, { strip: StripClient[]; heading: string }> = {
  path: PATH,
  words: {
    title: "Clients",
    intro: "The logos under “Trusted by businesses like” on the home and about pages, in this order.",
    noun: "client",
    addLabel: "Add a client",
    shownOn: { href: "/#clients-heading", label: "the home page" },
    empty: {
      title: "No client logos yet",
      text: "Names visitors recognise build trust before they read a word. Add the clients you are proud of.",
      icon: "M4 20V8l8-4 8 4v12M9 20v-5h6v5M8 11h.01M12 11h.01M16 11h.01",
    },
  },
  listTitle: "clients",
  formId: "client",
  schema: ClientLogoSchema,
  multipart: true,
  valuesOf,
  row: (item) => ({
    detail: item.url ? item.url.replace(/^https?:\/\/(www\.)?/, "").replace(/\/$/, "") : "No web site link",
    thumb: <LogoThumb client={item} />,
  }),
  Editor: ClientEditor,
};

export default function AdminClients({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteListScreen setup={clients} loaderData={loaderData} actionData={actionData} />;
}
