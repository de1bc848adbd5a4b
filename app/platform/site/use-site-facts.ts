import { useRouteLoaderData } from "react-router";

import { seedSiteSettings } from "~/platform/site/launch-settings";

import { type SiteFacts, siteFacts } from "./site-settings";

type RootData = { site?: SiteFacts } | undefined;
type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** When the root loader could not run (the database failed): the facts the site launched with. */
const fallback = siteFacts(seedSiteSettings);

/** The agency's facts (settings screen) as the root loader read them, for components. */
export function useSiteFacts(): SiteFacts {
  return (useRouteLoaderData("root") as RootData)?.site ?? fallback;
}

/** The same, for `meta` functions, from their `matches`. */
export function siteFactsFrom(matches: MatchWithData[]): SiteFacts {
  return (matches.find((m) => m?.id === "root")?.loaderData as RootData)?.site ?? fallback;
}
