import { beforeAll, describe, expect, it } from "vitest";

import type { Post } from "#db/schema";
import {
  findRedirectedSlug,
  getPostById,
  getPostBySlug,
  listPublishedPosts,
  savePost,
} from "~/features/posts/posts.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { ConflictError, FieldError } from "~/platform/http/errors.server";

beforeAll(() => {
  seedDatabase(getDb());
});

/** The post's fields as the editor would send them back unchanged. */
const asDraft = (post: Post) => ({
  title: post.title,
  excerpt: post.excerpt,
  content: post.content,
  coverImage: post.coverImage,
  videoUrl: post.videoUrl,
  tags: post.tags,
  status: post.status,
});

describe("a post's address", () => {
  it("stays put when a published post's excerpt or title changes (links to it must keep working)", () => {
    const seeded = listPublishedPosts().at(-1)!;
    const slug = seeded.slug;
    const saved = savePost(seeded.id, { ...asDraft(seeded), excerpt: "Only the excerpt changed." });
    expect(saved.slug).toBe(slug);
    const renamed = savePost(seeded.id, { ...asDraft(saved), title: "A completely new title" });
    expect(renamed.slug).toBe(slug);
    expect(getPostBySlug(slug)?.excerpt).toBe("Only the excerpt changed.");
  });

  it("follows the title while the post has never been published", () => {
    const draft = savePost(undefined, {
      ...asDraft(listPublishedPosts()[0]!),
      title: "Working title",
      status: "draft",
    });
    expect(draft.slug).toBe("working-title");
    expect(draft.publishedAt).toBeNull();
    const retitled = savePost(draft.id, { ...asDraft(draft), title: "Better title", status: "published" });
    expect(retitled.slug).toBe("better-title");
    expect(retitled.publishedAt).toBeInstanceOf(Date);
    const later = savePost(retitled.id, { ...asDraft(retitled), title: "Best title", status: "draft" });
    expect(later.slug).toBe("better-title");
  });

  it("takes an explicit slug, normalised, and keeps the old address as a redirect", () => {
    const post = savePost(undefined, {
      ...asDraft(listPublishedPosts()[0]!),
      title: "Slug rules",
      status: "published",
    });
    const moved = savePost(post.id, { ...asDraft(post), slug: "  Nouvelle Adresse, 2026!  " });
    expect(moved.slug).toBe("nouvelle-adresse-2026");
    expect(findRedirectedSlug("slug-rules")).toBe("nouvelle-adresse-2026");
    expect(getPostById(post.id)?.slug).toBe("nouvelle-adresse-2026");
  });

  it("refuses an address with no letters or digits, and a taken one, on the slug field", () => {
    const post = savePost(undefined, {
      ...asDraft(listPublishedPosts()[0]!),
      title: "Taken test",
      status: "draft",
    });
    const bad = (() => {
      try {
        savePost(post.id, { ...asDraft(post), slug: "!!!" });
      } catch (error) {
        return error;
      }
    })();
    expect(bad).toBeInstanceOf(FieldError);
    expect((bad as FieldError).field).toBe("slug");

    const taken = listPublishedPosts()[1]!.slug;
    const conflict = (() => {
      try {
        savePost(post.id, { ...asDraft(post), slug: taken });
      } catch (error) {
        return error;
      }
    })();
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as ConflictError).field).toBe("slug");
    expect((conflict as ConflictError).message).toBe(
      `Another post already uses the address /blog/${taken}. Please choose a different address.`,
    );
    expect(getPostById(post.id)?.slug).toBe("taken-test");
  });
});
