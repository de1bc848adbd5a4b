import type { Import, ImportCounts } from "#db/schema";
import { saveImage } from "~/features/media/index.server";
import { sitePages } from "~/features/pages/index.server";
import { importedPost, importPost, replaceImportedContent } from "~/features/posts/index.server";
import { addImportedRedirects } from "~/features/redirects/index.server";
import { UploadError } from "~/platform/http/errors.server";
import { parsePublishTime } from "~/platform/text/dublin-time";
import { imagesIn, sanitizePostHtml } from "~/platform/text/sanitize.server";

import { FetchRefused, openRemoteImage } from "./fetch-image.server";
import { imported, matchAuthor, remember } from "./imported-items.server";
import { type Attachment, wordpressBody } from "./wordpress-body.server";
import { readWxr, type WxrItem, type WxrSite } from "./wxr-reader.server";

/** What the owner is told before an import runs, and the problems worth a line each. */
export type Survey = { site: WxrSite; plan: ImportCounts; problems: string[] };

const SKIPPED_STATUSES = new Set(["auto-draft", "trash", "inherit"]);
// Kinds of item that are WordPress's own furniture, not content: not worth a line in the report.
const FURNITURE = new Set([
  "nav_menu_item",
  "revision",
  "customize_changeset",
  "custom_css",
  "wp_global_styles",
  "wp_navigation",
  "wp_template",
  "wp_template_part",
  "oembed_cache",
  "user_request",
  "wp_block",
]);
/** Old pages with one of these addresses' names go to the page of this site that does the same. */
const PAGE_EQUIVALENTS: Record<string, string> = {
  about: "/about",
  "about-us": "/about",
  team: "/about",
  contact: "/contact",
  "contact-us": "/contact",
  services: "/services",
  "our-services": "/services",
  work: "/work",
  portfolio: "/work",
  projects: "/work",
  "case-studies": "/work",
  blog: "/blog",
  news: "/blog",
  home: "/",
};

type Decided = { status: "draft" | "scheduled" | "published"; problem?: string } | null;

/** What a WordPress post becomes here: never public when it was private or behind a password there. */
function decideStatus(item: WxrItem, date: Date, now: Date): Decided {
  if (SKIPPED_STATUSES.has(item.status)) return null;
  const name = `“${item.title || item.slug}”`;
  if (item.password) return { status: "draft", problem: `${name} had a password: imported as a draft` };
  if (item.status === "private")
    return { status: "draft", problem: `${name} was private: imported as a draft` };
  if (item.status === "publish") return { status: "published" };
  if (item.status === "future")
    return date > now
      ? { status: "scheduled" }
      : { status: "draft", problem: `${name} was scheduled for a time now past: imported as a draft` };
  return { status: "draft" };
}

/** The post's date there: its UTC date, else its local one read as Dublin time, else now. */
function dateOf(item: WxrItem, now: Date): Date {
  const valid = (value: string) => value && !value.startsWith("0000");
  if (valid(item.dateGmt)) {
    const date = new Date(`${item.dateGmt.replace(" ", "T")}Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  if (valid(item.date)) return parsePublishTime(item.date.replace(" ", "T").slice(0, 16)) ?? now;
  return now;
}

/** Yoast's and Rank Math's title templates with the post's own words in: "%%title%% %%sep%% %%sitename%%". */
function seoText(template: string | undefined, title: string): string | null {
  if (!template) return null;
  const text = template
    .replace(/%%?title%%?/g, title)
    .replace(/%%?sep%%?/g, "|")
    .replace(/%%?[a-z_]+%%?/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s|–-]+|[\s|–-]+$/g, "")
    .trim();
  return text || null;
}

/** A path on the old site for an address of it (absolute or relative), or null for another site's. */
function oldPath(address: string, site: WxrSite): string | null {
  try {
    const url = new URL(address, `${site.url}/`);
    if (url.host !== new URL(site.url).host) return null;
    const pathOnly = url.pathname.replace(/\/+$/, "") || "/";
    const shortLink = url.searchParams.get("p") ?? url.searchParams.get("page_id");
    return shortLink && pathOnly === "/" ? `/?p=${shortLink}` : pathOnly;
  } catch {
    return null;
  }
}

/**
 * Reads the export once without writing anything: what would come across (posts by status, pages,
 * images, tags, authors, redirects) and what would not.
 */
export async function surveyWordPress(file: string, now = new Date()): Promise<Survey> {
  const plan: ImportCounts = {
    posts: 0,
    published: 0,
    drafts: 0,
    scheduled: 0,
    pages: 0,
    images: 0,
    tags: 0,
    authors: 0,
    redirects: 0,
  };
  const problems = new Set<string>();
  const images = new Set<string>();
  const tags = new Set<string>();
  const attachments = new Map<string, Attachment>();
  const site = await readWxr(file, (item) => {
    if (item.type === "attachment") attachments.set(item.id, attachmentOf(item));
    else if (item.type === "page") plan.pages! += SKIPPED_STATUSES.has(item.status) ? 0 : 1;
    else if (item.type === "post") return;
    else if (!FURNITURE.has(item.type)) problems.add(`items of the kind “${item.type}” are not imported`);
  });
  // Bodies are read again when importing: the survey keeps only what it counts.
  await readWxr(file, (item) => {
    if (item.type !== "post") return;
    const decided = decideStatus(item, dateOf(item, now), now);
    if (!decided) return;
    plan.posts! += 1;
    plan[
      decided.status === "published" ? "published" : decided.status === "scheduled" ? "scheduled" : "drafts"
    ]! += 1;
    if (decided.problem) problems.add(decided.problem);
    const body = wordpressBody(item.content, attachments);
    for (const problem of body.problems) problems.add(problem);
    for (const image of imagesIn(body.html)) images.add(image.url);
    const cover = attachments.get(item.meta._thumbnail_id ?? "");
    if (cover) images.add(cover.url);
    for (const term of item.terms) if (isTag(term)) tags.add(term.name);
    plan.redirects! += 2;
  });
  plan.images = images.size;
  plan.tags = tags.size;
  plan.authors = site.authors.length;
  plan.redirects! += tags.size + site.authors.length + 1;
  return { site, plan, problems: [...problems] };
}

const attachmentOf = (item: WxrItem): Attachment => ({
  url: item.attachmentUrl,
  alt: item.meta._wp_attachment_image_alt ?? "",
});

/** "photo-300x200.jpg" → "photo.jpg": WordPress names its resized copies after the original. */
const fullSize = (address: string) => address.replace(/-\d+x\d+(?=\.\w+$)/, "");

const isTag = (term: WxrItem["terms"][number]) =>
  (term.domain === "post_tag" || term.domain === "category") && term.name && term.slug !== "uncategorized";

/** Progress the run reports as it goes (the admin's page and GET /api/import/{id} read it). */
export type Progress = {
  counts: ImportCounts;
  problems: Set<string>;
  save: () => void;
};

/**
 * Imports an export's posts with their images, then points links between them at their new
 * addresses and redirects every old address. Each post and image is remembered under the old site's
 * address and the item's old id, so a run cut short resumes where it was, and a second run adds
 * nothing. Returns false when the tasks are stopping (the run is resumed at the next start).
 */
export async function runWordPressImport(
  row: Import,
  progress: Progress,
  stopping: () => boolean,
  now = new Date(),
): Promise<boolean> {
  const file = row.filePath!;
  const attachments = new Map<string, Attachment>();
  const byUrl = new Map<string, Attachment>();
  const site = await readWxr(file, (item) => {
    if (item.type !== "attachment") return;
    const attachment = attachmentOf(item);
    attachments.set(item.id, attachment);
    byUrl.set(item.attachmentUrl, attachment);
  });
  const newPaths = new Map<string, string>();
  const importedIds: string[] = [];
  const { counts, problems } = progress;
  let stopped = false;

  /** The alt text the export gives an image's file, found by its address or its full-size original's. */
  const attachmentAlt = (src: string) => {
    try {
      const address = new URL(src, `${site.url}/`).href;
      return (byUrl.get(address) ?? byUrl.get(fullSize(address)))?.alt ?? "";
    } catch {
      return "";
    }
  };

  /** The image here for an address of the old site, fetched once however often it is used. */
  const localImage = async (src: string): Promise<string | null> => {
    let address: string;
    try {
      address = new URL(src, `${site.url}/`).href;
    } catch {
      return null;
    }
    const known = imported(site.url, `image:${address}`);
    if (known) return known.value;
    // A resized copy ("photo-300x200.jpg") is fetched as its full-size original when the export has it.
    const original = fullSize(address);
    const source = byUrl.has(original) ? original : address;
    try {
      const saved = await saveWithRetry(source);
      remember(site.url, `image:${address}`, saved);
      if (source !== address) remember(site.url, `image:${source}`, saved);
      counts.imagesFetched = (counts.imagesFetched ?? 0) + 1;
      return saved;
    } catch (error) {
      const reason =
        error instanceof FetchRefused || error instanceof UploadError ? error.message : String(error);
      problems.add(`image ${address} could not be fetched (${reason}): left out`);
      counts.imagesFailed = (counts.imagesFailed ?? 0) + 1;
      return null;
    }
  };

  await readWxr(file, async (item) => {
    if (stopped || item.type !== "post") return;
    if (stopping()) {
      stopped = true;
      return;
    }
    const date = dateOf(item, now);
    const decided = decideStatus(item, date, now);
    if (!decided) return;
    const known = imported(site.url, `post:${item.id}`);
    if (known) {
      importedIds.push(known.value);
      // Brought by an earlier import, not by this one before a restart.
      if (known.at < row.createdAt) counts.postsAlreadyHere = (counts.postsAlreadyHere ?? 0) + 1;
    } else {
      const body = wordpressBody(item.content, attachments);
      for (const problem of body.problems) problems.add(`“${item.title}”: ${problem}`);
      if (decided.problem) problems.add(decided.problem);
      const sources = new Map<string, string | null>();
      for (const image of imagesIn(body.html))
        if (!sources.has(image.url)) sources.set(image.url, await localImage(image.url));
      const content = sanitizePostHtml(body.html, {
        image: ({ src, alt }) => {
          const local = sources.get(src);
          return local ? { src: local, alt: alt || attachmentAlt(src) } : null;
        },
      });
      const cover = attachments.get(item.meta._thumbnail_id ?? "");
      const coverImage = cover ? await localImage(cover.url) : null;
      const author = matchAuthor(
        site.authors.find((a) => a.login === item.creator)?.name ?? item.creator,
        item.creator,
      );
      if (item.creator && !author)
        problems.add(`author “${item.creator}” is not on the staff here: their posts are signed by the team`);
      const post = importPost({
        title: item.title,
        slug: item.slug,
        excerpt: item.excerpt,
        content,
        coverImage,
        coverAlt: coverImage ? cover?.alt || null : null,
        tags: item.terms.filter(isTag).map((term) => term.name),
        status: decided.status,
        date,
        seoTitle: seoText(item.meta._yoast_wpseo_title ?? item.meta.rank_math_title, item.title),
        seoDescription: seoText(
          item.meta._yoast_wpseo_metadesc ?? item.meta.rank_math_description,
          item.title,
        ),
        authorId: author,
      });
      remember(site.url, `post:${item.id}`, post.id);
      importedIds.push(post.id);
      counts.posts = (counts.posts ?? 0) + 1;
      newPaths.set(`/?p=${item.id}`, `/blog/${post.slug}`);
      const from = oldPath(item.link, site);
      if (from) newPaths.set(from, `/blog/${post.slug}`);
    }
    progress.save();
  });
  if (stopped) return false;
  return finishWordPressImport(file, site, progress, importedIds, newPaths);
}

/** After the posts: links between them, and a 301 from every old address. */
async function finishWordPressImport(
  file: string,
  site: WxrSite,
  progress: Progress,
  importedIds: string[],
  newPaths: Map<string, string>,
): Promise<boolean> {
  const { counts } = progress;
  // The posts already here from an earlier run: their old addresses too.
  const tags = new Map<string, string>();
  const pages = new Map<string, string>();
  await readWxr(file, (item) => {
    const known = item.type === "post" ? imported(site.url, `post:${item.id}`)?.value : undefined;
    if (known && !newPaths.has(`/?p=${item.id}`)) {
      const slug = importedPost(known)?.slug;
      if (slug) {
        newPaths.set(`/?p=${item.id}`, `/blog/${slug}`);
        const from = oldPath(item.link, site);
        if (from) newPaths.set(from, `/blog/${slug}`);
      }
    }
    for (const term of item.terms)
      if (isTag(term))
        tags.set(
          `/${term.domain === "post_tag" ? "tag" : "category"}/${term.slug}`,
          `/blog?tag=${encodeURIComponent(term.name)}`,
        );
    if (item.type === "page" && !SKIPPED_STATUSES.has(item.status)) {
      const from = oldPath(item.link, site);
      const to = PAGE_EQUIVALENTS[item.slug];
      if (from && to) pages.set(from, to);
      else if (from)
        progress.problems.add(`page “${item.title}” (${from}) has no page like it here: not imported`);
    }
  });

  const rewrite = (href: string) => {
    const from = oldPath(href, site);
    return (from && newPaths.get(from)) || href;
  };
  for (const id of importedIds) {
    const content = importedPost(id)?.content;
    if (content === undefined) continue;
    const linked = sanitizePostHtml(content, { link: rewrite });
    if (linked !== content) {
      replaceImportedContent(id, linked);
      counts.linksRewritten = (counts.linksRewritten ?? 0) + 1;
    }
  }

  const own = new Set(sitePages().map((page) => page.path));
  const rules = [
    ...[...newPaths, ...tags, ...pages].map(([from, to]) => ({ from, to })),
    ...site.authors.map((author) => ({ from: `/author/${author.login}`, to: "/about" })),
    { from: "/feed", to: "/rss.xml" },
    { from: "/comments/feed", to: "/rss.xml" },
  ].filter((rule) => !own.has(rule.from));
  counts.redirects = (counts.redirects ?? 0) + addImportedRedirects(rules);
  progress.save();
  return true;
}

/** Saves an image through the upload pipeline, waiting for a turn when the site is busy with others. */
async function saveWithRetry(address: string): Promise<string> {
  const name = decodeURIComponent(new URL(address).pathname.split("/").pop() ?? "");
  for (let attempt = 0; ; attempt++) {
    try {
      return (await saveImage(await openRemoteImage(address), name)).publicURL;
    } catch (error) {
      if (!(error instanceof UploadError && error.status === 503) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}
