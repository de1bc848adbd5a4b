import { pageEntries } from "~/features/pages/page-entries.server";
import { getEnv } from "~/platform/env.server";
import { publicResponse } from "~/platform/http/public-response.server";
import { buildRoutesContext } from "~/platform/http/request-context";
import type { RouteHandle } from "~/platform/pages/route-handle";
import { escapeXml } from "~/platform/text/xml";

import type { Route } from "./+types/sitemap";

/** Kept by the page cache until the posts change (the rest it lists is in the code or seeded). */
export const handle: RouteHandle = { cache: "content", content: ["posts", "case-studies"] };

/** /sitemap.xml: every page whose route's handle says `sitemap: true`, with lastmod. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = getEnv().SITE_URL;
  const urls = pageEntries({ routes: context.get(buildRoutesContext) }, (handle) => handle.sitemap === true)
    .map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${e.lastmod.toISOString()}</lastmod></url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return publicResponse(request, xml, { "Content-Type": "application/xml; charset=utf-8" });
}
