import { getEnv } from "~/platform/env.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";

/**
 * /robots.txt: everything public may be crawled; the admin and the API may not. The AI crawlers the
 * owner refused in Site settings get a group of their own that refuses the whole site (RFC 9309: a
 * crawler follows the group naming it, not `*`).
 */
export function loader() {
  const refused = getSiteSettings().aiCrawlersRefused ?? [];
  const body = [
    ...(refused.length ? [...refused.map((name) => `User-agent: ${name}`), "Disallow: /", ""] : []),
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api",
    "",
    `Sitemap: ${getEnv().SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
