import { listPages, plainFieldsOf } from "~/features/pages/index.server";

/** An experiment named as the Pages section names its page and field: "Home · Headline", not "home · hero.headline". */
export function experimentName(pageKey: string, field: string): string {
  const page = listPages().find((each) => each.key === pageKey)?.title ?? pageKey;
  const label = plainFieldsOf(pageKey).find((each) => each.path === field)?.label ?? field;
  return `${page} · ${label}`;
}
