import { count } from "drizzle-orm";

import { artworkUrl } from "../app/lib/images";
import { contentChanged, type Db } from "./client";
import { blogPosts, postTags, workProjects } from "./schema";
import { seedPosts } from "./seed-data/posts";
import { seedProjects } from "./seed-data/projects";

/**
 * Fills an empty database with the portfolio and the first articles (covers: the artwork that
 * scripts/make-artwork.ts drew into public/images/). A table that already has
 * rows is left alone, so running it on every start is safe and never undoes the admin's edits.
 */
export function seedDatabase(db: Db) {
  const counts = db.transaction((tx) => {
    const [projects] = tx.select({ n: count() }).from(workProjects).all();
    const [posts] = tx.select({ n: count() }).from(blogPosts).all();
    const seeded = { projects: 0, posts: 0 };
    if (projects?.n === 0) {
      const rows = seedProjects.map((p) => ({
        coverImage: artworkUrl(`work-${p.slug}`),
        ...p,
        updatedAt: p.createdAt,
      }));
      seeded.projects = tx.insert(workProjects).values(rows).run().changes;
    }
    if (posts?.n === 0) {
      const rows = seedPosts.map((p) => ({
        coverImage: artworkUrl(`blog-${p.slug}`),
        ...p,
        updatedAt: p.createdAt,
        // A seeded live post went live when it was written: its address no longer follows its title.
        publishedAt: p.status === "published" ? p.createdAt : null,
      }));
      const inserted = tx
        .insert(blogPosts)
        .values(rows)
        .returning({ id: blogPosts.id, tags: blogPosts.tags })
        .all();
      const tagRows = inserted.flatMap((post) => post.tags.map((tag) => ({ postId: post.id, tag })));
      if (tagRows.length) tx.insert(postTags).values(tagRows).run();
      seeded.posts = inserted.length;
    }
    return seeded;
  });
  if (counts.posts) contentChanged("posts", db);
  return counts;
}
