import type { Package } from "#db/schema";
import { PackageCard } from "~/features/site-content/components/package-card";
import { PackageSchema } from "~/features/site-content/content-schemas";
import {
  CheckField,
  RowsEditor,
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
import { formatEuro } from "~/platform/text/money";

import type { Route } from "./+types/admin-packages";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Packages", noindex: true });

const PATH = "/admin/packages";

export const loader = ({ request }: Route.LoaderArgs) => loadSiteList(request, "packages");

export const action = ({ request }: Route.ActionArgs) =>
  siteListAction(request, { list: "packages", path: PATH, schema: PackageSchema });

type Values = {
  name: string;
  description: string;
  pricePerMonth: string;
  features: { name: string; detail: string }[];
  popular: string;
  status: string;
};

const valuesOf = (item: Package | undefined): Values => ({
  name: item?.name ?? "",
  description: item?.description ?? "",
  pricePerMonth: item ? String(item.pricePerMonth) : "",
  features: item?.features.length ? item.features : [{ name: "", detail: "" }],
  popular: item?.popular ? "on" : "",
  status: item?.status ?? "published",
});

function PackageEditor({ fields, frame }: ItemEditorProps<Package, Values>) {
  const price = Number(
    typed(fields.pricePerMonth)
      .trim()
      .replace(/[€,\s]/g, ""),
  );
  const features = fields.features
    .getFieldList()
    .map((row) => row.getFieldset())
    .map((feature) => ({ name: typed(feature.name).trim(), detail: typed(feature.detail).trim() }))
    .filter((feature) => feature.name);
  const preview = {
    id: "preview",
    name: typed(fields.name).trim() || "Package name",
    description: typed(fields.description).trim(),
    pricePerMonth: Number.isFinite(price) && price >= 0 ? Math.round(price) : 0,
    features: features.length ? features : [{ name: "Each feature you add", detail: "with its short note" }],
    popular: fields.popular.value === "on",
  };
  return (
    <ItemEditor
      {...frame}
      previewNote="Home page, “Packages”"
      preview={
        <div className={preview.popular ? "pt-3" : ""}>
          <PackageCard pkg={preview} />
        </div>
      }
    >
      <Panel title="The package">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField field={fields.name} label="Name" placeholder="e.g. Premium" />
          <TextField
            field={fields.pricePerMonth}
            label="Monthly price"
            prefix="€"
            inputMode="numeric"
            placeholder="2500"
            hint="Whole euro a month, before VAT (the site says “ex VAT”)."
          />
        </div>
        <TextField
          field={fields.description}
          label="Description (optional)"
          rows={3}
          hint="One or two sentences: who the package is for."
        />
      </Panel>
      <Panel
        title="What is included"
        hint="Each feature with a short note under it. Empty rows are left out."
      >
        <RowsEditor
          field={fields.features}
          columns={[
            { name: "name", label: "Feature", placeholder: "e.g. Complete SEO management" },
            { name: "detail", label: "Short note", placeholder: "e.g. Including 250 directory listings" },
          ]}
          rowLabel="Feature"
          addLabel="Add a feature"
        />
      </Panel>
      <Panel title="On the site">
        <CheckField
          field={fields.popular}
          label="Most popular"
          hint="Highlights this package with a “Most Popular” badge. Best on one package only."
        />
        <VisibilityField field={fields.status} noun="package" />
      </Panel>
    </ItemEditor>
  );
}

const packages: SiteListSetup<Package, Values> = {
  path: PATH,
  words: {
    title: "Packages",
    intro: "The monthly packages on the home page, side by side in this order.",
    noun: "package",
    addLabel: "Add a package",
    shownOn: { href: "/#packages-heading", label: "the home page" },
    empty: {
      title: "No packages yet",
      text: "Clear prices make it easy to say yes. Add a package with its monthly price and what it includes.",
      icon: "M4 8l8-4 8 4-8 4zM4 8v8l8 4 8-4V8M12 12v8",
    },
  },
  listTitle: "packages",
  formId: "package",
  schema: PackageSchema,
  valuesOf,
  row: (item) => ({
    detail: `${item.features.length} ${item.features.length === 1 ? "feature" : "features"}`,
    excerpt: item.description || undefined,
    tags: item.popular ? ["Most popular"] : [],
    thumb: (
      <span className="flex h-12 min-w-24 flex-col items-center justify-center rounded-xl bg-primary/10 px-3 leading-tight text-primary">
        <span className="font-bold">{formatEuro(item.pricePerMonth)}</span>
        <span className="text-[0.65rem] font-semibold tracking-wide uppercase">/ month, ex VAT</span>
      </span>
    ),
  }),
  Editor: PackageEditor,
};

export default function AdminPackages({ loaderData, actionData }: Route.ComponentProps) {
  return <SiteListScreen setup={packages} loaderData={loaderData} actionData={actionData} />;
}
