import type { Testimonial } from "#db/schema";
import { Avatar } from "~/features/site-content/components/avatar";
import { attribution, TestimonialCard } from "~/features/site-content/components/testimonial-card";
import { TestimonialSchema } from "~/features/site-content/content-schemas";
import {
  CheckField,
  ImageField,
  MissingPhotoWarning,
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
import { pageMeta } from "~/platform/pages/seo";

import type { Route } from "./+types/admin-testimonials";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Testimonials", noindex: true });

const PATH = "/admin/testimonials";

export const loader = ({ request }: Route.LoaderArgs) => loadSiteList(request, "testimonials");

export const action = ({ request }: Route.ActionArgs) =>
  siteListAction(request, {
    list: "testimonials",
    path: PATH,
    schema: TestimonialSchema,
    images: [{ field: "image" }],
  });

type Values = {
  quote: string;
  name: string;
  role: string;
  company: string;
  image: string;
  featured: string;
  status: string;
};

const valuesOf = (item: Testimonial | undefined): Values => ({
  quote: item?.quote ?? "",
  name: item?.name ?? "",
  role: item?.role ?? "",
  company: item?.company ?? "",
  image: item?.image ?? "",
  featured: item?.featured ? "on" : "",
  status: item?.status ?? "published",
});

function TestimonialEditor({ fields, frame }: ItemEditorProps<Testimonial, Values>) {
  const name = typed(fields.name).trim();
  const preview = {
    quote: typed(fields.quote).trim() || "The quote appears here, in the client’s own words.",
    name: name || "Client’s name",
    role: typed(fields.role).trim(),
    company: typed(fields.company).trim(),
    image: siteImage(typed(fields.image)),
  };
  return (
    <ItemEditor
      {...frame}
      previewNote={fields.featured.value === "on" ? "Home page, “What Our Clients Say”" : "Not featured yet"}
      preview={<TestimonialCard testimonial={preview} />}
    >
      <Panel title="What they said">
        <TextField
          field={fields.quote}
          label="Quote"
          rows={5}
          hint="Their words, without quotation marks: the site adds them."
          placeholder="e.g. They doubled our bookings in three months…"
        />
      </Panel>
      <Panel title="Who said it">
        <TextField field={fields.name} label="Name" placeholder="e.g. Sinéad Byrne" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.role} label="Role (optional)" placeholder="e.g. Founder" />
          <TextField
            field={fields.company}
            label="Company (optional)"
            placeholder="e.g. Glow Aesthetics Clinic"
          />
        </div>
        <ImageField
          field={fields.image}
          label="Photo or logo"
          shape="round"
          hint="Shown small and round beside the name. Without one, the site draws an illustrated portrait."
        />
      </Panel>
      <Panel title="On the site">
        <CheckField
          field={fields.featured}
          label="Feature on the home page"
          hint="Every featured testimonial shows under “What Our Clients Say” on the home page, in the list's order, but for the one the page's top result already shows. The others are kept for case studies and service pages."
        />
        <VisibilityField field={fields.status} noun="testimonial" />
        <MissingPhotoWarning photo={typed(fields.image)} status={typed(fields.status)} />
      </Panel>
    </ItemEditor>
  );
}

const testimonials: SiteListSetup<Testimonial, Values> = {
  path: PATH,
  words: {
    title: "Testimonials",
    intro: "What clients say about the agency. The ones featured are on the home page, in this order.",
    noun: "testimonial",
    addLabel: "Add a testimonial",
    shownOn: { href: "/#testimonials-heading", label: "the home page" },
    empty: {
      title: "No testimonials yet",
      text: "A few words from a happy client do more than any headline. Add the first one and feature it on the home page.",
      icon: "M4 5h16v11H9l-5 4zM8 9h8M8 12h5",
    },
  },
  listTitle: "testimonials",
  editHeading: (item) => `Edit ${item.name}’s testimonial`,
  formId: "testimonial",
  schema: TestimonialSchema,
  multipart: true,
  valuesOf,
  row: (item) => ({
    detail: attribution(item) || undefined,
    excerpt: `“${item.quote}”`,
    tags: item.featured ? ["On the home page"] : [],
    thumb: <Avatar name={item.name} src={item.image} size={48} />,
    warning: item.image ? undefined : "No photo",
  }),
  Editor: TestimonialEditor,
};

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteListScreen setup={testimonials} loaderData={loaderData} actionData={actionData} />;
}
