import type { ImportCounts } from "#db/schema";
import { parsePublishTime } from "~/platform/text/dublin-time";
import { imagesIn } from "~/platform/text/sanitize.server";
import { withoutTrailing } from "~/platform/text/trailing";

import {
  authorList,
  type Decided,
  emptyPlan,
  type Offers,
  offersOf,
  oldPath,
  OVER_THE_EDITORS_LIMIT,
  planPost,
  POST_LIMITS,
  unreadableBody,
} from "./import-plan";
import { fileHostsOf, type FileLocations, filesLinkedIn } from "./media/file-links";
import { TagSpellings } from "./tag-spellings";
import { type Attachment, galleryImages, wordpressBody } from "./wordpress-body.server";
import { readWxr, type WxrItem, type WxrSite } from "./wxr-reader.server";

/** What the owner is told before an import runs, and the problems worth a line each. */
export type Survey = {
  site: WxrSite;
  plan: ImportCounts;
  problems: string[];
  offers: Offers;
  /** Every old address the run would redirect (plan.redirects counts those new here). */
  oldAddresses: string[];
};

export const SKIPPED_STATUSES = new Set(["auto-draft", "trash", "inherit"]);
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
export function decideStatus(item: WxrItem, date: Date, now: Date): Decided {
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
export function dateOf(item: WxrItem, now: Date): Date {
  const valid = (value: string) => value && !value.startsWith("0000");
  if (valid(item.dateGmt)) {
    const date = new Date(`${item.dateGmt.replace(" ", "T")}Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  if (valid(item.date)) return parsePublishTime(item.date.replace(" ", "T").slice(0, 16)) ?? now;
  return now;
}

/**
 * Reads the export once without writing anything: what would come across (posts by status, pages,
 * images, tags, authors, redirects) and what would not.
 */
export async function surveyWordPress(file: string, now = new Date()): Promise<Survey> {
  const plan = emptyPlan();
  const problems = new Set<string>();
  const images = new Set<string>();
  const tags = new TagSpellings();
  const attachments = new ExportAttachments();
  const files = new Set<string>();
  const pages: { from: string; slug: string; title: string }[] = [];
  // Every old address the run redirects, as it adds them, so the preview's figure is the result's.
  const oldAddresses = new Set<string>(ALWAYS_REDIRECTED);
  const site = await readWxr(file, (item, channel) => {
    for (const term of item.terms) if (isTag(term)) oldAddresses.add(termAddress(term));
    if (item.type === "attachment") attachments.add(item, channel.url);
    else if (item.type === "page") {
      if (SKIPPED_STATUSES.has(item.status)) return;
      plan.pages! += 1;
      const from = oldPath(item.link, channel.url);
      if (from) pages.push({ from, slug: item.slug, title: item.title });
      if (from) oldAddresses.add(from);
    } else if (item.type === "post") return;
    else if (!FURNITURE.has(item.type)) problems.add(`items of the kind “${item.type}” are not imported`);
  });
  // Counted as the run fetches them: each file once, a resized copy as its original.
  const fileOf = imageSource(site.url, new Set(attachments.byUrl.keys()));
  const galleries = galleryImages(attachments.byId);
  const locations = attachments.locations(site.url);
  // Bodies are read again when importing: the survey keeps only what it counts.
  await readWxr(file, (item, channel) => {
    if (item.type !== "post") return;
    const decided = decideStatus(item, dateOf(item, now), now);
    if (!decided) return;
    if (tooLong(item, problems)) return;
    const body = wordpressBody(item.content, attachments.byId, { postId: item.id, galleries });
    // Worded as the run words them, so the report does not list one twice.
    for (const problem of body.problems) problems.add(`“${item.title}”: ${problem}`);
    if (tooLongBody(item.title, body.html, problems)) return;
    planPost(plan, problems, decided);
    for (const image of imagesIn(body.html)) images.add(fileOf(image.url));
    for (const linked of filesLinkedIn(body.html, locations)) files.add(linked);
    const cover = attachments.byId.get(item.meta._thumbnail_id ?? "");
    if (cover) images.add(fileOf(cover.url));
    for (const term of item.terms) if (isTag(term)) tags.add(term.name);
    oldAddresses.add(`/?p=${item.id}`);
    const from = oldPath(item.link, channel.url);
    if (from) oldAddresses.add(from);
  });
  plan.images = images.size;
  plan.files = files.size;
  // Tags that differ only in case ("Markup", "markup") are one tag here, and the preview says so.
  plan.tags = tags.size;
  plan.authors = site.authors.length;
  for (const author of site.authors) oldAddresses.add(`/author/${author.login}`);
  // How many become redirects depends on this site's own addresses and redirects: counted from this
  // list outside the worker (imports.server).
  const lists: Offers["addresses"] = [
    {
      from: "/category/uncategorized",
      title: "Uncategorized (WordPress's default category)",
      suggested: "/blog",
    },
    ...site.authors.map((author) => authorList(`/author/${author.login}`, author.name || author.login)),
  ];
  const offers = offersOf(pages, lists, tags, problems);
  return { site, plan, problems: [...problems], offers, oldAddresses: [...oldAddresses] };
}

/** "photo-300x200.jpg" → "photo.jpg": WordPress names its resized copies after the original. */
export const fullSize = (address: string) => address.replace(/-\d+x\d+(?=\.\w+$)/, "");

/**
 * The file fetched for an image's address: its full-size original when the export has it (a resized
 * copy is fetched as the original), the address itself otherwise.
 */
export function imageSource(siteUrl: string, attachmentUrls: Set<string>) {
  return (src: string) => {
    const address = URL.canParse(src, `${siteUrl}/`) ? new URL(src, `${siteUrl}/`).href : src;
    return attachmentUrls.has(fullSize(address)) ? fullSize(address) : address;
  };
}

/** A body so long it could never fit the editor is not even read: the report says so. */
export function tooLong(item: WxrItem, problems: Set<string>): boolean {
  const why = unreadableBody(item.content);
  if (!why) return false;
  problems.add(`“${item.title.slice(0, 80)}”: ${why}: not imported`);
  return true;
}

/**
 * A body too long for the editor once its shortcodes and embeds are what they show (galleries of an
 * export's thousands of images, say): not imported, and said so, before anything of it is fetched.
 */
export function tooLongBody(title: string, html: string, problems: Set<string>): boolean {
  if (html.length <= POST_LIMITS.content) return false;
  problems.add(`“${title.slice(0, 80)}”: ${OVER_THE_EDITORS_LIMIT}: not imported`);
  return true;
}

/**
 * An export's attachments as they are read: by id, and by the path of each one's page on the old site
 * (`/post/photo/`), so a link to that page leads to its file.
 */
export class ExportAttachments {
  readonly byId = new Map<string, Attachment>();
  /** By its file's address: a resized copy's original, an image's alt text. */
  readonly byUrl = new Map<string, Attachment>();
  private readonly pages = new Map<string, string>();

  add(item: WxrItem, channelUrl: string): void {
    const attachment = attachmentOf(item);
    this.byId.set(item.id, attachment);
    this.byUrl.set(item.attachmentUrl, attachment);
    const page = oldPath(item.link, channelUrl);
    if (page && page !== "/" && !page.startsWith("/?")) this.pages.set(page, item.attachmentUrl);
  }

  /** Where the old site keeps its files, as its posts' links are read. */
  locations(siteUrl: string): FileLocations {
    return {
      siteUrl,
      fileHosts: fileHostsOf(siteUrl, this.byUrl.keys()),
      attachmentFile: (url: URL) => {
        const id = url.searchParams.get("attachment_id");
        if (id !== null) return this.byId.get(id)?.url || undefined;
        return this.pages.get(withoutTrailing(url.pathname, "/"));
      },
    };
  }
}

export const attachmentOf = (item: WxrItem): Attachment => ({
  id: item.id,
  url: item.attachmentUrl,
  alt: item.meta._wp_attachment_image_alt ?? "",
  parent: item.parent,
  order: Number(item.order) || 0,
});

/** The old addresses every WordPress import redirects: its feeds, and the default category's list. */
export const ALWAYS_REDIRECTED = ["/feed", "/comments/feed", "/category/uncategorized"];

/** The old address of a tag's or a category's list there ("/tag/seo", "/category/news"). */
export const termAddress = (term: WxrItem["terms"][number]) =>
  `/${term.domain === "post_tag" ? "tag" : "category"}/${term.slug}`;

export const isTag = (term: WxrItem["terms"][number]) =>
  (term.domain === "post_tag" || term.domain === "category") && term.name && term.slug !== "uncategorized";
