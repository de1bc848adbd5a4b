import { legalPages } from "~/content/legal";
import { services } from "~/content/services";
import { getEnv } from "~/env.server";
import { escapeXml } from "~/lib/xml";
import { listPublishedPosts } from "~/services/posts.server";
import { listProjects } from "~/services/projects.server";

/** When the static marketing copy last changed (app/content/). */
export const CONTENT_UPDATED = new Date("2026-11-21T00:00:00Z");

type Entry = { path: string; lastmod: Date };

/** /sitemap.xml: every public page, published post and project, with lastmod. */
export function loader() {
  const origin = getEnv().SITE_URL;
  const posts = listPublishedPosts();
  const projects = listProjects();
  const newest = (dates: Date[]) =>
    new Date(Math.max(CONTENT_UPDATED.getTime(), ...dates.map((d) => d.getTime())));
  const entries: Entry[] = [
    { path: "/", lastmod: newest(projects.map((p) => p.updatedAt)) },
    ...services.map((s) => ({ path: `/services/${s.slug}`, lastmod: CONTENT_UPDATED })),
    { path: "/work", lastmod: newest(projects.map((p) => p.updatedAt)) },
    ...projects.map((p) => ({ path: `/work/${p.slug}`, lastmod: p.updatedAt })),
    { path: "/about", lastmod: CONTENT_UPDATED },
    { path: "/contact", lastmod: CONTENT_UPDATED },
    { path: "/blog", lastmod: newest(posts.map((p) => p.updatedAt)) },
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt })),
    ...legalPages.map((page) => ({ path: `/${page.slug}`, lastmod: new Date(`${page.updated}T00:00:00Z`) })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc><lastmod>${e.lastmod.toISOString()}</lastmod></url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=0, s-maxage=300",
    },
  });
}
