import { readFile, stat } from "node:fs/promises";

import { z } from "zod";

import { imagesIn } from "~/platform/text/sanitize.server";

import {
  authorList,
  type Decided,
  emptyPlan,
  type Offers,
  offersOf,
  planPost,
  unreadableBody,
} from "./import-plan";
import { TagSpellings } from "./tag-spellings";
import { ExportRefused, timeSlice } from "./wxr-reader.server";

/** Ghost exports hold text only (images stay on the site), so even a large blog's is well under this. */
const GHOST_MAX_BYTES = 100 * 1024 * 1024;

const text = z.string().nullish();
const GhostExportSchema = z.object({
  db: z
    .array(
      z.object({
        data: z.object({
          posts: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              slug: z.string(),
              html: text,
              feature_image: text,
              custom_excerpt: text,
              plaintext: text,
              status: z.string(),
              visibility: text,
              type: z.string().nullish(),
              published_at: text,
              updated_at: text,
              created_at: text,
              meta_title: text,
              meta_description: text,
            }),
          ),
          posts_meta: z
            .array(
              z.object({
                post_id: z.string(),
                meta_title: text,
                meta_description: text,
                feature_image_alt: text,
              }),
            )
            .default([]),
          tags: z
            .array(z.object({ id: z.string(), name: z.string(), slug: z.string(), visibility: text }))
            .default([]),
          posts_tags: z.array(z.object({ post_id: z.string(), tag_id: z.string() })).default([]),
          users: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string() })).default([]),
          posts_authors: z.array(z.object({ post_id: z.string(), author_id: z.string() })).default([]),
        }),
      }),
    )
    .min(1),
});
export type GhostData = z.infer<typeof GhostExportSchema>["db"][number]["data"];
export type GhostPost = GhostData["posts"][number];

/** Reads and checks a Ghost export; a file of another shape is refused, saying where it differs. */
export async function readGhost(file: string): Promise<GhostData> {
  if ((await stat(file)).size > GHOST_MAX_BYTES)
    throw new ExportRefused(
      "A Ghost export is text only and never this large (over 100 MB): it was not read.",
    );
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw new ExportRefused("The file is not valid JSON, so it is not a Ghost export.");
  }
  const parsed = GhostExportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ExportRefused(
      `This is not a Ghost export as Ghost writes it (Settings → Advanced → Export): ${issue.path.join(".") || "the file"}: ${issue.message}.`,
    );
  }
  return parsed.data.db[0]!.data;
}

export function decideStatus(post: GhostPost, date: Date, now: Date): Decided {
  const name = `“${post.title}”`;
  if (post.visibility && post.visibility !== "public")
    return { status: "draft", problem: `${name} was for members only: imported as a draft` };
  if (post.status === "published") return { status: "published" };
  if (post.status === "scheduled")
    return date > now
      ? { status: "scheduled" }
      : { status: "draft", problem: `${name} was scheduled for a time now past: imported as a draft` };
  if (post.status === "sent")
    return { status: "draft", problem: `${name} was sent by e-mail only: imported as a draft` };
  return { status: "draft" };
}

export const dateOf = (post: GhostPost, now: Date) => {
  const date = new Date(post.published_at ?? post.updated_at ?? post.created_at ?? now);
  return Number.isNaN(date.getTime()) ? now : date;
};

/** Each post's tags, author and extra fields, joined once by id (not searched for each post). */
export function relations(data: GhostData) {
  const tagsById = new Map(data.tags.map((tag) => [tag.id, tag]));
  const usersById = new Map(data.users.map((user) => [user.id, user]));
  const meta = new Map(data.posts_meta.map((row) => [row.post_id, row]));
  const tagIds = new Map<string, string[]>();
  for (const row of data.posts_tags) {
    const ids = tagIds.get(row.post_id);
    if (ids) ids.push(row.tag_id);
    else tagIds.set(row.post_id, [row.tag_id]);
  }
  const authorIds = new Map<string, string>();
  // The first author listed is the post's (Ghost lists the primary one first).
  for (const row of data.posts_authors)
    if (!authorIds.has(row.post_id)) authorIds.set(row.post_id, row.author_id);
  const tagsOf = (id: string) =>
    (tagIds.get(id) ?? [])
      .map((tagId) => tagsById.get(tagId))
      .filter((tag): tag is GhostData["tags"][number] => Boolean(tag && !isInternal(tag)));
  const authorOf = (id: string) => usersById.get(authorIds.get(id) ?? "");
  return { tagsOf, authorOf, meta };
}

/** Ghost's internal tags ("#featured"): for its themes, never shown to readers nor given an address. */
const isInternal = (tag: { name: string; visibility?: string | null }) =>
  tag.name.startsWith("#") || tag.visibility === "internal";

/** A page that answered at its address there: a draft page never did. */
export const wasLivePage = (post: GhostPost) => post.type === "page" && post.status === "published";

/**
 * The tags of the export's posts that come across (pages, and posts too long to read, bring none),
 * each spelling counted into `tags`: the preview's count and the run's merges are the same.
 */
export async function countTags(data: GhostData, tags: TagSpellings) {
  const { tagsOf } = relations(data);
  const slice = timeSlice();
  for (const post of data.posts) {
    await slice();
    if (post.type === "page" || unreadableBody(post.html ?? "")) continue;
    for (const tag of tagsOf(post.id)) tags.add(tag.name);
  }
}

/**
 * The old site's lists a visitor could open, each with where it goes: a tag's (on the blog filtered by
 * it, as the owner renamed or merged it: `spelling`), and, offered to the owner as the same kind of
 * choice as an old page, a tag no imported post keeps (the blog) and an author's (the about page).
 */
export function ghostLists(data: GhostData, tags: TagSpellings) {
  const tagLists = new Map<string, string>();
  // Authors first: a site has a few, and thousands of unused tags must not crowd them out of the offer.
  const unmatched: Offers["addresses"] = data.users.flatMap((user) =>
    user.slug ? [authorList(`/author/${user.slug}`, user.name || user.slug)] : [],
  );
  for (const tag of data.tags) {
    if (isInternal(tag) || !tag.slug) continue;
    const from = `/tag/${tag.slug}`;
    if (tags.has(tag.name)) tagLists.set(from, `/blog?tag=${encodeURIComponent(tags.spelling(tag.name))}`);
    else
      unmatched.push({ from, title: `Tag: ${tag.name} (on no post here)`.slice(0, 200), suggested: "/blog" });
  }
  return { tagLists, unmatched };
}

/** Ghost writes its own address as a placeholder; its resized copies live under /size/w600/. */
export const onSite = (html: string, siteUrl: string) => html.replaceAll("__GHOST_URL__", siteUrl);
export const fullSize = (address: string) =>
  address.replace(/\/content\/images\/size\/[^/]+\//, "/content/images/");

/** A body so long it could never fit the editor is not even read: the report says so. */
export function tooLong(post: GhostPost, problems: Set<string>): boolean {
  const why = unreadableBody(post.html ?? "");
  if (!why) return false;
  problems.add(`“${post.title.slice(0, 80)}”: ${why}: not imported`);
  return true;
}

export async function surveyGhost(file: string, now = new Date()) {
  const data = await readGhost(file);
  const plan = emptyPlan();
  const problems = new Set<string>();
  const images = new Set<string>();
  const tags = new TagSpellings();
  const pages: { from: string; slug: string; title: string }[] = [];
  // Every old address the run redirects, as it adds them, so the preview's figure is the result's.
  const oldAddresses = new Set<string>(["/rss"]);
  const slice = timeSlice();
  for (const post of data.posts) {
    await slice();
    if (post.type === "page") {
      plan.pages! += 1;
      if (wasLivePage(post)) pages.push({ from: `/${post.slug}`, slug: post.slug, title: post.title });
      if (wasLivePage(post)) oldAddresses.add(`/${post.slug}`);
      continue;
    }
    const decided = decideStatus(post, dateOf(post, now), now);
    if (!decided || tooLong(post, problems)) continue;
    planPost(plan, problems, decided);
    oldAddresses.add(`/${post.slug}`);
    if (!post.html)
      problems.add(`“${post.title}” has no HTML body in the export: imported with an empty body`);
    // Counted as the run fetches them: a resized copy and its original are one file.
    for (const image of imagesIn(post.html ?? "")) images.add(fullSize(image.url));
    if (post.feature_image) images.add(fullSize(post.feature_image));
  }
  await countTags(data, tags);
  plan.images = images.size;
  plan.tags = tags.size;
  plan.authors = data.users.length;
  const lists = ghostLists(data, tags);
  for (const from of lists.tagLists.keys()) oldAddresses.add(from);
  for (const list of lists.unmatched) oldAddresses.add(list.from);
  const offers = offersOf(pages, lists.unmatched, tags, problems);
  return { plan, problems: [...problems], offers, oldAddresses: [...oldAddresses] };
}
