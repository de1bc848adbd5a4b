import type { Import, ImportCounts } from "#db/schema";
import { importedPost, importPost } from "~/features/posts/index.server";
import { parsePublishTime } from "~/platform/text/dublin-time";
import { imagesIn } from "~/platform/text/sanitize.server";

import {
  authorHere,
  count,
  type Decided,
  emptyPlan,
  finishImport,
  imageCopier,
  oldPath,
  PAGE_EQUIVALENTS,
  planPost,
  POST_LIMITS,
  type Progress,
  withinEditorLimits,
  withLocalImages,
} from "./import-steps.server";
import { imported, remember } from "./imported-items.server";
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
  // Far longer than any search title: what is past this is never shown, and never read.
  const text = template
    .slice(0, 2000)
    .replace(/%%?title%%?/g, title)
    .replace(/%%?sep%%?/g, "|")
    .replace(/%%?[a-z_]+%%?/g, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s|–-]+|[\s|–-]+$/g, "")
    .trim();
  return text || null;
}

/**
 * Reads the export once without writing anything: what would come across (posts by status, pages,
 * images, tags, authors, redirects) and what would not.
 */
export async function surveyWordPress(file: string, now = new Date()): Promise<Survey> {
  const plan = emptyPlan();
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
    if (tooLong(item, problems)) return;
    planPost(plan, problems, decided);
    const body = wordpressBody(item.content, attachments);
    // Worded as the run words them, so the report does not list one twice.
    for (const problem of body.problems) problems.add(`“${item.title}”: ${problem}`);
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

/** A body so long it could never fit the editor is not even read: the report says so. */
function tooLong(item: WxrItem, problems: Set<string>): boolean {
  if (item.content.length <= 2 * POST_LIMITS.content) return false;
  problems.add(
    `“${item.title.slice(0, 80)}”: its body is over ${POST_LIMITS.content.toLocaleString("en-IE")} characters, more than the editor holds: not imported`,
  );
  return true;
}

const attachmentOf = (item: WxrItem): Attachment => ({
  url: item.attachmentUrl,
  alt: item.meta._wp_attachment_image_alt ?? "",
});

/** "photo-300x200.jpg" → "photo.jpg": WordPress names its resized copies after the original. */
const fullSize = (address: string) => address.replace(/-\d+x\d+(?=\.\w+$)/, "");

const isTag = (term: WxrItem["terms"][number]) =>
  (term.domain === "post_tag" || term.domain === "category") && term.name && term.slug !== "uncategorized";

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
  // A resized copy ("photo-300x200.jpg") is fetched as its full-size original when the export has it.
  const copy = imageCopier(site.url, progress, (address) =>
    byUrl.has(fullSize(address)) ? fullSize(address) : address,
  );
  const altOf = (src: string) => {
    const address = URL.canParse(src, `${site.url}/`) ? new URL(src, `${site.url}/`).href : src;
    return (byUrl.get(address) ?? byUrl.get(fullSize(address)))?.alt ?? "";
  };
  const postIds: string[] = [];
  const newAddresses = new Map<string, string>();
  let stopped = false;

  await readWxr(file, async (item) => {
    if (stopped) return;
    if (stopping()) {
      stopped = true;
      return;
    }
    for (const term of item.terms)
      if (isTag(term))
        newAddresses.set(
          `/${term.domain === "post_tag" ? "tag" : "category"}/${term.slug}`,
          `/blog?tag=${encodeURIComponent(term.name)}`,
        );
    if (item.type === "page" && !SKIPPED_STATUSES.has(item.status)) {
      const from = oldPath(item.link, site.url);
      const to = PAGE_EQUIVALENTS.get(item.slug);
      if (from && to) newAddresses.set(from, to);
      else if (from)
        progress.problems.add(`page “${item.title}” (${from}) has no page like it here: not imported`);
    }
    if (item.type !== "post") return;
    const date = dateOf(item, now);
    const decided = decideStatus(item, date, now);
    if (!decided) return;
    const post = await bringPost(item, decided, date);
    if (!post) return;
    postIds.push(post.id);
    newAddresses.set(`/?p=${item.id}`, `/blog/${post.slug}`);
    const from = oldPath(item.link, site.url);
    if (from) newAddresses.set(from, `/blog/${post.slug}`);
    progress.save();
  });
  if (stopped) return false;
  for (const author of site.authors) newAddresses.set(`/author/${author.login}`, "/about");
  newAddresses.set("/feed", "/rss.xml");
  newAddresses.set("/comments/feed", "/rss.xml");
  finishImport(site.url, progress, postIds, newAddresses);
  return true;

  /** The post here for a post of the export: imported now, or found from an earlier run. */
  async function bringPost(item: WxrItem, decided: NonNullable<Decided>, date: Date) {
    const known = imported(site.url, `post:${item.id}`);
    if (known) {
      // Brought by an earlier import, not by this one before a restart.
      if (known.at < row.createdAt) count(progress, "postsAlreadyHere");
      const here = importedPost(known.value);
      return here && { id: known.value, slug: here.slug };
    }
    if (tooLong(item, progress.problems)) return undefined;
    const body = wordpressBody(item.content, attachments);
    for (const problem of body.problems) progress.problems.add(`“${item.title}”: ${problem}`);
    if (decided.problem) progress.problems.add(decided.problem);
    const cover = attachments.get(item.meta._thumbnail_id ?? "");
    const coverImage = cover ? await copy(cover.url) : null;
    const fitted = withinEditorLimits(
      {
        title: item.title,
        slug: item.slug,
        excerpt: item.excerpt,
        content: await withLocalImages(body.html, copy, altOf),
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
        authorId: authorHere(
          site.authors.find((a) => a.login === item.creator)?.name ?? "",
          item.creator,
          progress,
        ),
      },
      progress.problems,
    );
    if (!fitted) return undefined;
    const post = importPost(fitted);
    remember(site.url, `post:${item.id}`, post.id);
    count(progress, "posts");
    return post;
  }
}
