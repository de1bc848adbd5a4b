import pLimit from "p-limit";

import type { ImportCounts } from "#db/schema";
import { saveImage } from "~/features/media/index.server";
import { sitePages } from "~/features/pages/index.server";
import { PostApiSchema } from "~/features/posts";
import { type ImportedPost, importedPost, replaceImportedContent } from "~/features/posts/index.server";
import { addImportedRedirects } from "~/features/redirects/index.server";
import { UploadError } from "~/platform/http/errors.server";
import { imagesIn, sanitizePostHtml, titleText } from "~/platform/text/sanitize.server";
import { COVER_ALT_MAX, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/platform/text/schemas";

import { FetchRefused, openRemoteImage } from "./fetch-image.server";
import { POST_LIMITS } from "./import-plan";
import { imported, matchAuthor, remember } from "./imported-items.server";
import { timeSlice } from "./wxr-reader.server";

export { type Decided, emptyPlan, planPost, POST_LIMITS } from "./import-plan";

/** Progress a run reports as it goes (the admin's page and GET /api/import/{id} read it). */
export type Progress = {
  counts: ImportCounts;
  problems: Set<string>;
  save: () => void;
};

export const count = (progress: Progress, key: string, by = 1) =>
  (progress.counts[key] = (progress.counts[key] ?? 0) + by);

/**
 * Old pages with one of these addresses' names go to the page of this site that does the same. A Map:
 * a page named "constructor" or "__proto__" is an old page like any other.
 */
export const PAGE_EQUIVALENTS = new Map<string, string>([
  ["about", "/about"],
  ["about-us", "/about"],
  ["team", "/about"],
  ["contact", "/contact"],
  ["contact-us", "/contact"],
  ["services", "/#services"],
  ["our-services", "/#services"],
  ["work", "/work"],
  ["portfolio", "/work"],
  ["projects", "/work"],
  ["case-studies", "/work"],
  ["blog", "/blog"],
  ["news", "/blog"],
  ["home", "/"],
]);

// eslint-disable-next-line no-control-regex -- control characters are what is taken out
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const oneLine = (text: string) => text.replace(CONTROL, "").replace(/\s+/g, " ").trim();

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
    problems.add(
      `${name}: its body is over ${POST_LIMITS.content.toLocaleString("en-IE")} characters, more than the editor holds: not imported`,
    );
    return null;
  }
  const tags = [...new Set(post.tags.map((tag) => oneLine(tag).slice(0, POST_LIMITS.tag)).filter(Boolean))];
  if (tags.length > POST_LIMITS.tags)
    problems.add(`${name}: it had ${tags.length} tags; the first ${POST_LIMITS.tags} came across`);
  const fitted: ImportedPost = {
    ...post,
    title: fit(title, POST_LIMITS.title, "title") || "Untitled",
    slug: oneLine(post.slug).slice(0, POST_LIMITS.slug),
    excerpt: fit(post.excerpt.replace(CONTROL, "").trim(), POST_LIMITS.excerpt, "excerpt"),
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

/**
 * A path on the old site for one of its addresses (absolute or relative), or null for another site's.
 * WordPress's short link keeps its query ("/?p=12").
 */
export function oldPath(address: string, siteUrl: string): string | null {
  try {
    const url = new URL(address, `${siteUrl}/`);
    if (url.host !== new URL(siteUrl).host) return null;
    const pathOnly = url.pathname.replace(/\/+$/, "") || "/";
    const shortLink = url.searchParams.get("p") ?? url.searchParams.get("page_id");
    return shortLink && pathOnly === "/" ? `/?p=${shortLink}` : pathOnly;
  } catch {
    return null;
  }
}

/** Saves an image through the upload pipeline, waiting for a turn when the site is busy with others. */
async function saveWithRetry(address: string): Promise<string> {
  const name = decodeURIComponent(new URL(address).pathname.split("/").pop() ?? "");
  for (let attempt = 0; ; attempt++) {
    try {
      return (await saveImage(await openRemoteImage(address), name, { quick: true })).publicURL;
    } catch (error) {
      if (!(error instanceof UploadError && error.status === 503) || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

/**
 * Copies the old site's images here, each once however often it is used (remembered under the old
 * site, so a second run or a resumed one fetches nothing again). `original` names a better file to
 * fetch for an address (WordPress's full-size file for a resized copy). A failure is reported and
 * answered with null: the post still comes across, without that image.
 */
export function imageCopier(
  siteUrl: string,
  progress: Progress,
  original: (address: string) => string = (a) => a,
) {
  return async (src: string): Promise<string | null> => {
    let address: string;
    try {
      address = new URL(src, `${siteUrl}/`).href;
    } catch {
      return null;
    }
    const source = original(address);
    const known = imported(siteUrl, `image:${address}`) ?? imported(siteUrl, `image:${source}`);
    if (known) {
      remember(siteUrl, `image:${address}`, known.value);
      return known.value;
    }
    try {
      const saved = await saveWithRetry(source);
      remember(siteUrl, `image:${address}`, saved);
      if (source !== address) remember(siteUrl, `image:${source}`, saved);
      count(progress, "imagesFetched");
      return saved;
    } catch (error) {
      const reason =
        error instanceof FetchRefused || error instanceof UploadError ? error.message : String(error);
      progress.problems.add(`image ${address} could not be fetched (${reason}): left out`);
      count(progress, "imagesFailed");
      return null;
    }
  };
}

const twoAtATime = pLimit(2);

/** A body with its images copied here and pointed at; `altOf` words an image the body left without. */
export async function withLocalImages(
  html: string,
  copy: (src: string) => Promise<string | null>,
  altOf: (src: string) => string = () => "",
): Promise<string> {
  const addresses = [...new Set(imagesIn(html).map((image) => image.url))];
  // Two at a time, as many as the upload pipeline processes at once: one fetches while one is encoded.
  const copied = await Promise.all(addresses.map((address) => twoAtATime(() => copy(address))));
  const local = new Map(addresses.map((address, i) => [address, copied[i]]));
  return sanitizePostHtml(html, {
    image: ({ src, alt }) => {
      const here = local.get(src);
      return here ? { src: here, alt: alt || altOf(src) } : null;
    },
  });
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
 * After the posts: links between them point at their new addresses, and every old address answers
 * with a 301 to its new one (this site's own pages are never shadowed).
 */
export async function finishImport(
  siteUrl: string,
  progress: Progress,
  postIds: string[],
  newAddresses: Map<string, string>,
) {
  const rewrite = (href: string) => {
    const from = oldPath(href, siteUrl);
    return (from && newAddresses.get(from)) || href;
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
