import { listCaseStudies } from "~/features/case-studies/index.server";
import { listLegalPages, listServices, readPublishedCopy } from "~/features/pages/copy/page-copy.server";
import { listNewestPosts } from "~/features/posts/index.server";
import { markdownAddressOf } from "~/platform/pages/page-markdown.server";
import { getSiteFacts } from "~/platform/site/site-facts.server";
import { withFacts } from "~/platform/site/site-settings";

/** The newest posts /llms.txt names (the rest are in the sitemap and /llms-full.txt). */
export const LLMS_POSTS = 30;
/** The case studies it names, in the agency's order. */
export const LLMS_CASE_STUDIES = 30;
/** The longest one-line summary. */
const SUMMARY_MAX = 200;

/** Text as one line of a Markdown list: one line, no more than SUMMARY_MAX characters. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= SUMMARY_MAX) return line;
  const cut = line.slice(0, SUMMARY_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), SUMMARY_MAX / 2))}…`;
}

/** A link's words, its brackets escaped so a title cannot end the link early. */
const linkText = (text: string) => oneLine(text).replace(/([[\]\\])/g, "\\$1");

const item = (origin: string, name: string, path: string, summary: string) =>
  `- [${linkText(name)}](${origin}${markdownAddressOf(path)})${summary.trim() ? `: ${oneLine(summary)}` : ""}`;

/** A page's search description as published, its `{facts}` filled in. */
function descriptionOf(key: string): string {
  const copy = readPublishedCopy(key) as { meta?: { description?: unknown } } | undefined;
  const description = copy?.meta?.description;
  return typeof description === "string" ? withFacts(description, getSiteFacts()) : "";
}

/**
 * /llms.txt in the llms.txt format (llmstxt.org): the agency's name, a one-line summary, what it is,
 * then lists of its most useful pages (services, main pages, case studies, the newest posts), each
 * linking to the page's Markdown copy with a one-line summary. Only what is published.
 */
export function llmsIndex(origin: string): string {
  const site = getSiteFacts();
  const services = listServices();
  const studies = listCaseStudies({ limit: LLMS_CASE_STUDIES });
  const posts = listNewestPosts(LLMS_POSTS);
  const legal = listLegalPages();
  const section = (title: string, lines: string[]) => (lines.length ? [`## ${title}`, "", ...lines, ""] : []);
  return [
    `# ${oneLine(site.name)}`,
    "",
    `> ${oneLine(site.tagline)}`,
    "",
    `${oneLine(site.name)} is a digital marketing agency at ${site.formattedAddress}, in business since ${site.foundedYear}. Enquiries: ${site.email}, ${site.phone}, or ${origin}/contact.`,
    "",
    `Each page below is Markdown (its address plus \`.md\`; any page's own address answers \`Accept: text/markdown\` the same way). The site's public words in one file: ${origin}/llms-full.txt.`,
    "",
    ...section(
      "Services",
      services.map((service) => item(origin, service.title, `/services/${service.slug}`, service.summary)),
    ),
    ...section("Pages", [
      item(origin, "Home", "/", descriptionOf("home")),
      item(origin, "About", "/about", descriptionOf("about")),
      item(origin, "Contact", "/contact", descriptionOf("contact")),
      item(origin, "Work", "/work", "The agency's case studies, by category"),
      item(origin, "Blog", "/blog", "Articles on digital marketing, newest first"),
    ]),
    ...section(
      "Case studies",
      studies.map((study) =>
        item(
          origin,
          study.title,
          `/work/${study.slug}`,
          `${study.clientName ? `${study.clientName}: ` : ""}${study.excerpt}`,
        ),
      ),
    ),
    ...section(
      "Blog",
      posts.map((post) => item(origin, post.title, `/blog/${post.slug}`, post.excerpt)),
    ),
    ...section("Optional", [
      ...legal.map((page) => item(origin, page.title, `/${page.slug}`, "")),
      `- [Every public page in one file](${origin}/llms-full.txt): the pages, case studies and posts as Markdown, bounded in size`,
      `- [Sitemap](${origin}/sitemap.xml): every public address`,
      `- [RSS feed](${origin}/rss.xml): the blog's newest posts`,
    ]),
  ].join("\n");
}
