import type { Post } from "#db/schema";
import { toDayFirstWallTime } from "~/platform/text/dublin-time";

/** The post editor's fields as the form holds them: text, as typed. */
export type PostValues = {
  title: string;
  excerpt: string;
  slug: string;
  coverImage: string;
  coverAlt: string;
  videoUrl: string;
  tags: string;
  status: Post["status"];
  /** datetime-local, Dublin wall time ("2026-12-01T09:00"). */
  publishAt: string;
  /** When it leaves the site, as typed (Dublin wall time, day first); empty: it stays. */
  unpublishAt: string;
  /** Where its address sends visitors once it has ended; empty: 410 Gone. */
  endRedirect: string;
  content: string;
  seoTitle: string;
  seoDescription: string;
  socialImage: string;
};

export const EMPTY_POST_VALUES: PostValues = {
  title: "",
  excerpt: "",
  slug: "",
  coverImage: "",
  coverAlt: "",
  videoUrl: "",
  tags: "",
  status: "draft",
  publishAt: "",
  unpublishAt: "",
  endRedirect: "",
  content: "",
  seoTitle: "",
  seoDescription: "",
  socialImage: "",
};

const STATUSES: readonly PostValues["status"][] = ["draft", "scheduled", "published"];

/** A saved post in the editor's terms. */
export function postValuesOf(post: Post): PostValues {
  return {
    title: post.title,
    excerpt: post.excerpt,
    slug: post.slug,
    coverImage: post.coverImage ?? "",
    coverAlt: post.coverAlt ?? "",
    videoUrl: post.videoUrl ?? "",
    tags: post.tags.join(", "),
    status: post.status,
    publishAt: post.publishAt ? toDayFirstWallTime(post.publishAt) : "",
    unpublishAt: post.unpublishAt ? toDayFirstWallTime(post.unpublishAt) : "",
    endRedirect: post.endRedirect ?? "",
    content: post.content,
    seoTitle: post.seoTitle ?? "",
    seoDescription: post.seoDescription ?? "",
    socialImage: post.socialImage ?? "",
  };
}

/** Whatever a form (or an autosave) holds, read as editor values; anything else is left out. */
export function postValuesFrom(read: (name: string) => unknown, base = EMPTY_POST_VALUES): PostValues {
  const values = { ...base };
  for (const name of Object.keys(EMPTY_POST_VALUES) as (keyof PostValues)[]) {
    const value = read(name);
    if (typeof value !== "string") continue;
    if (name === "status")
      values.status = STATUSES.includes(value as never) ? (value as PostValues["status"]) : "draft";
    else values[name] = value;
  }
  return values;
}
