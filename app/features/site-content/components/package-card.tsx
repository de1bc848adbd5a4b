import type { Package } from "#db/schema";
import { useWords } from "~/platform/i18n/use-words";
import { formatEuro } from "~/platform/text/money";
import { ButtonLink } from "~/ui/button-link";

export type PackageSummary = Pick<
  Package,
  "id" | "name" | "description" | "pricePerMonth" | "features" | "popular"
>;

/** What a card lists before "n more included": the rest fold away, so a phone is not a page of ticks. */
const FEATURES_SHOWN = 6;

function FeatureList({ features }: { features: PackageSummary["features"] }) {
  return (
    <ul className="grid gap-4">
      {features.map((feature) => (
        <li key={feature.name} className="flex gap-3">
          <span aria-hidden="true" className="mt-0.5 text-secondary">
            ✓
          </span>
          <span>
            <span className="block font-medium">{feature.name}</span>
            {feature.detail && <span className="block text-sm text-muted">{feature.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A package as the home page shows it, with the interface's words in the page's language. */
export function PackageCard({ pkg }: { pkg: PackageSummary }) {
  const { t, localPath } = useWords();
  const featured = pkg.popular;
  return (
    <article
      aria-labelledby={`package-${pkg.id}`}
      className={`relative flex flex-col rounded-3xl border p-8 ${featured ? "border-primary bg-card shadow-xl shadow-primary/10" : "border-border bg-card"}`}
    >
      {featured && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-4 py-1 text-xs font-semibold text-primary-fg">
          {t("package.popular")}
        </p>
      )}
      <h3 id={`package-${pkg.id}`} className="text-2xl font-bold">
        {pkg.name}
      </h3>
      {/* Three lines kept side by side, so the prices and their lists start level across the cards. */}
      <p className="mt-2 text-sm text-muted sm:min-h-[3lh]">{pkg.description}</p>
      <p className="mt-6">
        <span className="text-4xl font-bold">{formatEuro(pkg.pricePerMonth)}</span>
        <span className="text-muted"> {t("package.perMonth")}</span>
      </p>
      <div className="mt-8 flex-1">
        <FeatureList features={pkg.features.slice(0, FEATURES_SHOWN)} />
        {pkg.features.length > FEATURES_SHOWN && (
          <details className="group mt-4">
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-primary underline-offset-4 hover:underline">
              {t("package.moreIncluded", { count: pkg.features.length - FEATURES_SHOWN })}
            </summary>
            <FeatureList features={pkg.features.slice(FEATURES_SHOWN)} />
          </details>
        )}
      </div>
      {/* Full width on a phone, as every call there is. */}
      <div className="mt-8 grid sm:block">
        <ButtonLink to={localPath("/contact")} variant={featured ? "primary" : "outline"}>
          {t("package.getStarted")}
          <span className="sr-only"> {t("package.with", { name: pkg.name })}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
