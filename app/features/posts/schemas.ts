import { z } from "zod";

import { dublinTime, endRedirect } from "~/platform/text/schemas";
import {
  COVER_ALT_MAX,
  mediaUrl,
  oneLine,
  optionalLine,
  plainText,
  richText,
  savedVersion,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  socialImageUrl,
  steadyDirection,
} from "~/platform/text/schemas";
import { parseTags } from "~/platform/text/tags";

/** Query of the public blog list: every value optional and forgiving. */
export const BlogQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  // An overlong topic is read as its first 100 characters (a topic no article carries, a 404) rather
  // than dropped, which answered the whole blog at every such address.
  tag: z
    .string()
    .trim()
    .catch("")
    .default("")
    .transform((value) => value.slice(0, 100)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  /** "Load more articles": how many articles the first page shows (read as whole pages, capped). */
  show: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  /** Set by the redirect after a newsletter sign-up. */
  subscribed: z.literal("1").optional().catch(undefined),
});

/** A post's fields; a translation takes the words among them (title, excerpt, content). */
export const postFields = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be 200 characters or fewer")
    .refine(...oneLine("Title"))
    .refine(...steadyDirection("Title")),
  /** Empty: the service makes one from the body (excerptFromBody), as WordPress and Ghost do. */
  excerpt: z
    .string({ error: "Excerpt must be text" })
    .trim()
    .max(1000, "Excerpt must be 1000 characters or fewer")
    .refine(...plainText("Excerpt"))
    .refine(...steadyDirection("Excerpt"))
    .optional()
    .transform((v) => v ?? ""),
  content: richText("Content"),
  coverImage: mediaUrl("Cover image URL"),
  videoUrl: mediaUrl("Video URL"),
  status: z
    .enum(["draft", "scheduled", "published"], { error: "Status must be Draft, Scheduled or Published" })
    .optional()
    .transform((v) => v ?? "draft"),
  /** Normalised by the service (slugify); empty means "the title's, until the post has been live". */
  slug: optionalLine("Address", 200),
  coverAlt: optionalLine("Cover image description", COVER_ALT_MAX),
  seoTitle: optionalLine("Search title", SEO_TITLE_MAX),
  seoDescription: optionalLine("Search description", SEO_DESCRIPTION_MAX),
  socialImage: socialImageUrl("Social image"),
  publishAt: dublinTime("Publish time", "publish"),
  /** When the live post leaves the site on its own; empty: it stays. */
  unpublishAt: dublinTime("End time", "end"),
  endRedirect: endRedirect(),
};

/** The admin editor's form: tags typed as "SEO, PPC". */
export const PostFormSchema = z.object({
  ...postFields,
  tags: z
    .string()
    .max(2000, "Too many tags")
    .refine(...oneLine("Tags"))
    .optional()
    .transform((v) => parseTags(v ?? "")),
});

/** The API's tags: a list, or one comma-separated string (posts and their translations alike). */
export const apiTags = z
  .union([
    z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(60)
          .refine(...oneLine("A tag")),
      )
      .max(30, "At most 30 tags"),
    z
      .string()
      .max(2000)
      .refine(...oneLine("Tags"))
      .transform(parseTags),
  ])
  .optional()
  .transform((v) => [...new Set(v ?? [])]);

/** POST /api/blog and PUT /api/blog/{id}: tags as a list (or a comma-separated string). */
export const PostApiSchema = z.object({
  ...postFields,
  tags: apiTags,
  /** A draft waits for an editor or the owner to publish it (a contributor's "Submit for review"). */
  submitForReview: z.boolean({ error: "submitForReview must be true or false" }).optional(),
  updatedAt: savedVersion,
});

export type PostFormInput = z.infer<typeof PostFormSchema>;
