import pLimit from "p-limit";

import type { Import, ImportCounts } from "#db/schema";
import { MAX_IMAGE_BYTES, saveImage } from "~/features/media/index.server";
import { closestPage, sitePages } from "~/features/pages/index.server";
import { PostApiSchema } from "~/features/posts";
import {
  type ImportedPost,
  importedPost,
  listPublishedTags,
  replaceImportedContent,
} from "~/features/posts/index.server";
import { addImportedRedirects } from "~/features/redirects/index.server";
import { UploadError } from "~/platform/http/errors.server";
import { imagesIn, sanitizePostHtml, titleText } from "~/platform/text/sanitize.server";
import {
  COVER_ALT_MAX,
  DIRECTION_CONTROLS,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
} from "~/platform/text/schemas";

import { FetchRefused } from "./fetch-image.server";
import { type Decided, oldPath, OVER_THE_EDITORS_LIMIT, PAGE_EQUIVALENTS, POST_LIMITS } from "./import-plan";
import {
  failedCounts,
  type Failure,
  holdPost,
  imported,
  matchAuthor,
  noteFailures,
  remember,
} from "./imported-items.server";
import { type OldSiteFetch, oldSiteFetches } from "./media/old-site-fetches.server";
import { TagSpellings } from "./tag-spellings";
import { timeSlice } from "./wxr-reader.server";

export { type Decided, emptyPlan, oldPath, PAGE_EQUIVALENTS, planPost, POST_LIMITS } from "./import-plan";

/** Progress a run reports as it goes (the admin's page and GET /api/import/{id} read it). */
export type Progress = {
  counts: ImportCounts;
  /** When the import was made: what an earlier one brought is older. */
  startedAt: Date;
  problems: Set<string>;
  save: () => void;
};

export const count = (progress: Progress, key: string, by = 1) =>
  (progress.counts[key] = (progress.counts[key] ?? 0) + by);

// eslint-disable-next-line no-control-regex -- control characters are what is taken out
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** An old site's text as the admin's forms take it: without control characters or direction controls. */
const plain = (text: string) => text.replace(CONTROL, "").replace(DIRECTION_CONTROLS, "");
const oneLine = (text: string) => plain(text).replace(/\s+/g, " ").trim();

/** Text cut to `max` characters at a word where one is near, ending "…". */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * An imported post within the editor's limits, as its form would take it: one-line fields made one
 * line, what is too long shortened (and said), tags beyond the editor's thirty left out; then checked
 * by the editor's own schema. Null when it still cannot be (a body longer than the editor holds):
 * the reason is in the report and the post is not imported.
 */
export function withinEditorLimits(post: ImportedPost, problems: Set<string>): ImportedPost | null {
  // Titles are text: an old site's markup in one ("Title <em>With</em> Markup") comes across as words.
  const title = oneLine(titleText(post.title));
  const name = `“${shortened(title, 80) || post.slug}”`;
  const fit = (value: string, max: number, field: string) => {
    if (value.length > max) problems.add(`${name}: its ${field} was over ${max} characters: shortened`);
    return shortened(value, max);
  };
  const optional = (value: string | null, max: number, field: string) =>
    value ? fit(oneLine(value), max, field) || null : null;
  if (post.content.length > POST_LIMITS.content) {
    problems.add(`${name}: ${OVER_THE_EDITORS_LIMIT}: not imported`);
    return null;
  }
  const tags = [...new Set(post.tags.map((tag) => oneLine(tag).slice(0, POST_LIMITS.tag)).filter(Boolean))];
  if (tags.length > POST_LIMITS.tags)
    problems.add(`${name}: it had ${tags.length} tags; the first ${POST_LIMITS.tags} came across`);
  const fitted: ImportedPost = {
    ...post,
    title: fit(title, POST_LIMITS.title, "title") || "Untitled",
    slug: oneLine(post.slug).slice(0, POST_LIMITS.slug),
    excerpt: fit(plain(post.excerpt).trim(), POST_LIMITS.excerpt, "excerpt"),
    tags: tags.slice(0, POST_LIMITS.tags),
    seoTitle: optional(post.seoTitle, SEO_TITLE_MAX, "search title"),
    seoDescription: optional(post.seoDescription, SEO_DESCRIPTION_MAX, "search description"),
    coverAlt: optional(post.coverAlt, COVER_ALT_MAX, "cover's description"),
  };
  const checked = PostApiSchema.safeParse({
    ...fitted,
    // The excerpt may be empty here (the body's first words stand in); the schema wants one.
    excerpt: fitted.excerpt || fitted.title,
    publishAt: null,
  });
  if (!checked.success) {
    problems.add(`${name}: ${checked.error.issues[0]!.message}: not imported`);
    return null;
  }
  return fitted;
}

/** The last part of an address's path, as its file was named ("" for none, or a malformed one). */
function fileName(address: string): string {
  const last = new URL(address).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Saves an image through the upload pipeline, waiting for a turn when the site is busy with others.
 * Each try is one fetch of the run's (see oldSiteFetches): no more than an image's cap said at the
 * headers, and nothing asked once the old site has run out the deadline too often.
 */
async function saveWithRetry(address: string, fetches: OldSiteFetch): Promise<string> {
  const name = fileName(address);
  for (let attempt = 0; ; attempt++) {
    try {
      const saved = await fetches(address, (source) => saveImage(source, name, { quick: true }), {
        maxBytes: MAX_IMAGE_BYTES,
      });
      return saved.publicURL;
    } catch (error) {
      if (!(error instanceof UploadError && error.status === 503) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

/** An image copier: `null` for an image that could not be fetched; `sourceOf` names the file it fetched. */
export type ImageCopier = ((src: string) => Promise<string | null>) & {
  /** The old site's address of an image as a post gives it, and the file fetched for it. */
  sourceOf: (src: string) => { address: string; source: string } | null;
};

/**
 * Copies the old site's images here, each once however often it is used (remembered under the old
 * site, so a second run or a resumed one fetches nothing again). `original` names a better file to
 * fetch for an address (WordPress's full-size file for a resized copy). A failure is reported and
 * answered with null (and not tried again in this run: an old site that is down would cost every
 * post its wait): the post still comes across, its image linked to the old address. `fetches` is the
 * run's, shared with its other files (an old site that keeps running out the deadline is asked for no
 * more in this run).
 */
export function imageCopier(
  siteUrl: string,
  progress: Progress,
  original: (address: string) => string = (a) => a,
  fetches: OldSiteFetch = oldSiteFetches(),
): ImageCopier {
  const failed = new Map<string, string>();
  const countedHere = new Set<string>();
  const sourceOf = (src: string) => {
    if (!URL.canParse(src, `${siteUrl}/`)) return null;
    const address = new URL(src, `${siteUrl}/`).href;
    return { address, source: original(address) };
  };
  const copy = async (src: string): Promise<string | null> => {
    const found = sourceOf(src);
    if (!found) return null;
    const { address, source } = found;
    const known = imported(siteUrl, `image:${address}`) ?? imported(siteUrl, `image:${source}`);
    if (known) {
      remember(siteUrl, `image:${address}`, known.value);
      // Fetched by an earlier import: counted once, so the preview's images are all accounted for.
      if (known.at < progress.startedAt && !countedHere.has(source)) {
        countedHere.add(source);
        count(progress, "imagesAlreadyHere");
      }
      return known.value;
    }
    if (failed.has(source)) return null;
    try {
      const saved = await saveWithRetry(source, fetches);
      remember(siteUrl, `image:${address}`, saved);
      if (source !== address) remember(siteUrl, `image:${source}`, saved);
      count(progress, "imagesFetched");
      forgetMissing(progress.problems, [source]);
      return saved;
    } catch (error) {
      const reason =
        error instanceof FetchRefused || error instanceof UploadError ? error.message : String(error);
      failed.set(source, reason);
      // Said once, with the latest reason (the old site down before, the file gone now).
      forgetMissing(progress.problems, [source]);
      progress.problems.add(`${missingImage(source)} (${reason}): linked to the old site until it is`);
      return null;
    }
  };
  return Object.assign(copy, { sourceOf });
}

/** The report's line for an image not fetched starts with this (a later fetch takes it out). */
const missingImage = (source: string) => `image ${source} could not be fetched`;

/** Drops the report's lines about images now here. */
export function forgetMissing(problems: Set<string>, sources: Iterable<string>) {
  const here = [...sources].map(missingImage);
  for (const problem of [...problems])
    if (here.some((start) => problem.startsWith(start))) problems.delete(problem);
}

const twoAtATime = pLimit(2);

/** The title an image not yet fetched carries as a link: how "Fetch the missing images again" finds it. */
export const NOT_YET_FETCHED = "On the old site: not fetched yet";

export const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * An image (alone or as the whole of a link, as WordPress writes a linked image): the link is part of
 * it. Linear: each part stops at the next "<" or ">".
 */
const IMAGE_OR_LINKED_IMAGE = /<a\b[^<>]*>\s*(<img\b[^<>]*>)\s*<\/a>|<img\b[^<>]*>/gi;

/**
 * A body with its images copied here and pointed at; `altOf` words an image the body left without.
 * An image that could not be fetched becomes a link to it on the old site, worded by its description
 * (never an empty link, nor a caption under nothing): `missing` lists their old addresses.
 */
export async function withLocalImages(
  html: string,
  copy: ImageCopier,
  altOf: (src: string) => string = () => "",
): Promise<{ html: string; missing: string[] }> {
  const addresses = [...new Set(imagesIn(html).map((image) => image.url))];
  // Two at a time, as many as the upload pipeline processes at once: one fetches while one is encoded.
  const copied = await Promise.all(addresses.map((address) => twoAtATime(() => copy(address))));
  const local = new Map(addresses.map((address, i) => [address, copied[i]]));
  const missing = new Map<string, string>();
  for (const [src, here] of local) {
    const found = here ? null : copy.sourceOf(src);
    if (found) missing.set(src, found.address);
  }
  const linked = missing.size
    ? html.replace(IMAGE_OR_LINKED_IMAGE, (whole, inLink: string | undefined) => {
        const image = imagesIn(inLink ?? whole)[0];
        const address = image && missing.get(image.url);
        if (!image || !address) return whole;
        const words = image.alt || altOf(image.url) || fileName(address) || "the image";
        return `<a href="${escapeAttribute(address)}" title="${NOT_YET_FETCHED}">Image: ${escapeAttribute(words)}</a>`;
      })
    : html;
  const body = sanitizePostHtml(linked, {
    image: ({ src, alt }) => {
      const here = local.get(src);
      return here ? { src: here, alt: alt || altOf(src) } : null;
    },
  });
  return { html: body, missing: [...new Set(missing.values())] };
}

/** "an image", "3 images and a file": what a post misses, in words. */
function missingWords({ images, files }: { images: number; files: number }): string {
  const words = [
    images ? (images === 1 ? "an image" : `${images} images`) : "",
    files ? (files === 1 ? "a file" : `${files} files`) : "",
  ];
  return words.filter(Boolean).join(" and ");
}

/**
 * The status a post is given when some of its images or linked files (a PDF, a recording, a video)
 * could not be fetched: a draft, when the owner chose so, until they are (the report says so); else
 * the status it would have had.
 */
export function statusWithMissing(
  row: Import,
  progress: Progress,
  title: string,
  status: NonNullable<Decided>["status"],
  missing: { images: number; files: number },
): NonNullable<Decided>["status"] {
  if (!(missing.images + missing.files) || !row.keepDrafts || status === "draft") return status;
  count(progress, "postsKeptAsDrafts");
  progress.problems.add(keptAsDraftLine(title, missing));
  return "draft";
}

/** How the report's line about a post kept as a draft for its missing files ends. */
export const KEPT_AS_DRAFT = "could not be fetched: kept as a draft";

/** The report's line about a post kept as a draft until its missing files are here. */
export const keptAsDraftLine = (title: string, missing: { images: number; files: number }) =>
  `“${shortened(oneLine(title), 80)}”: ${missingWords(missing)} ${KEPT_AS_DRAFT}`;

/**
 * Notes what a post could not bring, for "Fetch the missing images again", and counts each file once.
 * `status`: what it was there and what it is here; a live post kept as a draft for its missing files
 * is held, to go live once a retry has fetched them.
 */
export function noteMissing(
  row: Import,
  progress: Progress,
  postId: string,
  missing: { images: string[]; cover: { address: string; source: string } | null; media?: string[] },
  copy: ImageCopier,
  status?: { was: NonNullable<Decided>["status"]; is: NonNullable<Decided>["status"] },
) {
  if (status && status.was !== "draft" && status.is === "draft") {
    const post = importedPost(postId);
    if (post) holdPost(row.id, postId, status.was, post.updatedAt);
  }
  const failures: Failure[] = missing.images.flatMap((address) => {
    const found = copy.sourceOf(address);
    return found ? [{ postId, kind: "image" as const, ...found }] : [];
  });
  if (missing.cover) failures.push({ postId, kind: "cover", ...missing.cover });
  for (const address of missing.media ?? [])
    failures.push({ postId, kind: "media", address, source: address });
  noteFailures(row.id, failures);
  Object.assign(progress.counts, failedCounts(row.id));
}

/**
 * The tags a run writes: merged across case (this site's spelling, else the export's most used), and
 * each renamed or merged as the owner chose in the preview. The run adds the export's tags first.
 */
export const runTagSpellings = (row: Import) => new TagSpellings(listPublishedTags(), row.choices.tags);

/**
 * Where a run sends the old addresses the preview offered a choice for (WordPress's and Ghost's alike):
 * as the owner chose (null: nowhere, its address a 404), else where it goes by default.
 */
export function addressPlacer(row: Import, progress: Progress, newAddresses: Map<string, string>) {
  const placed = new Map((row.choices.addresses ?? []).map((choice) => [choice.from, choice.to]));
  const place = (from: string, otherwise: string) => {
    const to = placed.has(from) ? placed.get(from)! : otherwise;
    if (to !== null) newAddresses.set(from, to);
    return to;
  };
  /**
   * An old page: to the page here of the same name (about, contact…), else where the owner chose, else
   * the closest page (else home), never a 404 unless chosen; the report says where it went.
   */
  const placePage = (from: string, slug: string, title: string) => {
    const same = PAGE_EQUIVALENTS.get(slug);
    if (same) return void newAddresses.set(from, same);
    const to = place(from, closestPage(from)?.path ?? "/");
    progress.problems.add(
      to === null
        ? `page “${title}” (${from}) has no page like it here: no redirect, as chosen (its address answers 404)`
        : `page “${title}” (${from}) has no page like it here: its address goes to ${to} (change it under Redirects)`,
    );
  };
  return { place, placePage };
}

/** The member of staff who wrote a post there, or null (reported once: the team signs it). */
export function authorHere(name: string, login: string, progress: Progress): string | null {
  const found = matchAuthor(name, login);
  if (!found && (name || login))
    progress.problems.add(
      `author “${name || login}” is not on the staff here: their posts are signed by the team`,
    );
  return found;
}

/**
 * WordPress's own guess for an address it does not know: a post permalink with another date
 * ("/2019/01/reviews-that-rank/" for one published in 2024) or none ("/reviews-that-rank/") leads to
 * the post of that slug. Only date-like folders before the slug, and only a slug one post had.
 */
export function slugGuesser(newAddresses: Map<string, string>): (path: string) => string | undefined {
  const bySlug = new Map<string, string | null>();
  for (const [from, to] of newAddresses) {
    if (!to.startsWith("/blog/") || from.startsWith("/?")) continue;
    const slug = from.split("/").pop()!;
    if (!slug) continue;
    // Two posts' old addresses with one slug (different dates): no guess is safe.
    bySlug.set(slug, bySlug.has(slug) && bySlug.get(slug) !== to ? null : to);
  }
  return (path) => {
    const parts = path.split("/").filter(Boolean);
    if (parts.length === 0 || parts.length > 4) return undefined;
    if (!parts.slice(0, -1).every((part) => /^\d{1,4}$/.test(part))) return undefined;
    return bySlug.get(parts.at(-1)!) ?? undefined;
  };
}

/**
 * After the posts: links between them point at their new addresses, and every old address answers
 * with a 301 to its new one (this site's own pages are never shadowed).
 */
export async function finishImport(
  siteUrl: string,
  progress: Progress,
  postIds: string[],
  newAddresses: Map<string, string>,
) {
  const guess = slugGuesser(newAddresses);
  const rewrite = (href: string) => {
    const from = oldPath(href, siteUrl);
    return (from && (newAddresses.get(from) ?? guess(from))) || href;
  };
  const slice = timeSlice();
  for (const id of postIds) {
    await slice();
    const content = importedPost(id)?.content;
    if (content === undefined) continue;
    const linked = sanitizePostHtml(content, { link: rewrite });
    if (linked !== content) {
      replaceImportedContent(id, linked);
      count(progress, "linksRewritten");
    }
  }
  const own = new Set(sitePages().map((page) => page.path));
  const rules = [...newAddresses].map(([from, to]) => ({ from, to })).filter((rule) => !own.has(rule.from));
  count(progress, "redirects", addImportedRedirects(rules));
  progress.save();
}

/**
 * A body with each image fetched since: its link to the old site (worded by the image's description)
 * is the image again, here; another link to that address points at the copy here. Linear: a link is
 * read to its first "<".
 */
export function withFetchedImages(html: string, here: Map<string, string>): string {
  const local = new Map([...here].map(([address, copy]) => [escapeAttribute(address), copy]));
  const changed = html.replace(/<a\b([^<>]*)>([^<]*)<\/a>/gi, (whole, attributes: string, text: string) => {
    const href = /\bhref="([^"]*)"/.exec(attributes)?.[1];
    const copy = href === undefined ? undefined : local.get(href);
    if (!copy) return whole;
    if (!attributes.includes(`title="${NOT_YET_FETCHED}"`))
      return whole.replace(`href="${href}"`, `href="${escapeAttribute(copy)}"`);
    const alt = text.replace(/^Image: /, "").replace(/"/g, "&quot;");
    return `<img src="${escapeAttribute(copy)}" alt="${alt}">`;
  });
  return changed === html ? html : sanitizePostHtml(changed);
}

/**
 * A video whose file could not be fetched: a link to it on the old site, worded "Video: name" and
 * titled as a missing image is, before the video (which plays only this site's files, so goes). A
 * retry makes it the video again. Linear: a tag is read to its first "<" or ">".
 */
export function linkMissingVideos(html: string, missing: (src: string) => boolean): string {
  return html.replace(/<video\b([^<>]*)>/gi, (whole, attributes: string) => {
    const src = /\bsrc\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
    if (src === undefined || !missing(src.replace(/&amp;/g, "&"))) return whole;
    const name = src.split(/[?#]/)[0]!.split("/").pop() || "the video";
    return `<a href="${src}" title="${NOT_YET_FETCHED}">Video: ${escapeAttribute(name)}</a>${whole}`;
  });
}
