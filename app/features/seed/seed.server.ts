import { createHash } from "node:crypto";

import { and, count, eq, isNull } from "drizzle-orm";

import { upgradeLegacyCaseStudies } from "~/features/case-studies/index.server";
import { seedPageCopy } from "~/features/pages/index.server";
import { seedGallery, studySubject } from "~/features/social-cards/index.server";
import { contentChanged, type Db, type Tx } from "~/platform/db.server";
import { artworkUrl } from "~/platform/images";
import { seedSiteSettings } from "~/platform/site/launch-settings";
import { splitMetric } from "~/platform/text/metrics";

import {
  caseStudies,
  clientLogos,
  milestones,
  packages,
  posts,
  postTags,
  seededContent,
  siteSettings,
  teamMembers,
  testimonials,
} from "../../../db/schema";
import { seedCaseStudies } from "./data/case-studies";
import { seedClients } from "./data/clients";
import { seedPackages } from "./data/packages";
import { seedPosts } from "./data/posts";
import { seedStory } from "./data/story";
import { seedTeam } from "./data/team";
import { seedTestimonials } from "./data/testimonials";

/**
 * A seeded post's or case study's id, made from its address (a name-based UUID, version 5): every new
 * site starts with the same ids, so its seeded cards are named alike everywhere and a copy of them is
 * one a new site would draw (the test servers start from one).
 */
function seededId(kind: "post" | "study", slug: string): string {
  const bytes = createHash("sha1").update(`northwall-seed:${kind}:${slug}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const inOrder = <T extends object>(rows: T[]) => rows.map((row, position) => ({ ...row, position }));

/**
 * The site's content as first published, each kind written once (recorded in seeded_content): into
 * a new database, and into one made before that kind could be edited (the same rows the code used
 * to show). A kind already seeded is never written again, so emptying a list in the admin sticks.
 */
const contentSeeds: Record<string, (tx: Tx) => number> = {
  settings: (tx) =>
    tx.insert(siteSettings).values({ id: 1, values: seedSiteSettings }).onConflictDoNothing().run().changes,
  testimonials: (tx) => {
    const rows = tx.insert(testimonials).values(inOrder(seedTestimonials)).returning().all();
    // Each case study shows its client's quote.
    for (const quote of rows) {
      tx.update(caseStudies)
        .set({ testimonialId: quote.id })
        .where(and(eq(caseStudies.clientName, quote.company), isNull(caseStudies.testimonialId)))
        .run();
    }
    return rows.length;
  },
  team: (tx) => tx.insert(teamMembers).values(inOrder(seedTeam)).run().changes,
  clients: (tx) => tx.insert(clientLogos).values(inOrder(seedClients)).run().changes,
  packages: (tx) => tx.insert(packages).values(inOrder(seedPackages)).run().changes,
  story: (tx) => tx.insert(milestones).values(inOrder(seedStory)).run().changes,
};

/** A seeded study's pictures of the work, drawn with its cover by scripts/make/make-artwork.ts. */
function galleryOf(study: Parameters<typeof studySubject>[0] & { slug: string }) {
  const subject = studySubject(study);
  if (subject.kind !== "work") return [];
  return seedGallery(study.slug, subject.study).map(({ url, alt, caption }) => ({ url, alt, caption }));
}

function seedCaseStudiesInto(tx: Tx): number {
  const [existing] = tx.select({ n: count() }).from(caseStudies).all();
  if (existing?.n) {
    // A database from before case studies had clients and credits: the seeded studies get theirs.
    for (const p of seedCaseStudies) {
      tx.update(caseStudies)
        .set({ clientName: p.clientName, credits: p.credits })
        .where(and(eq(caseStudies.slug, p.slug), eq(caseStudies.clientName, "")))
        .run();
    }
    return 0;
  }
  // The portfolio's order until the agency changes it: the featured work first (the studies the home
  // page shows), then newest first, so /work opens on the agency's best.
  const inPortfolioOrder = [...seedCaseStudies].sort(
    (a, b) => Number(b.featured) - Number(a.featured) || b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const rows = inPortfolioOrder.map(({ content, metrics, ...p }, position) => ({
    id: seededId("study", p.slug),
    ...p,
    legacyMarkdown: content,
    metrics: metrics.map(splitMetric),
    gallery: galleryOf({ ...p, metrics: metrics.map(splitMetric) }),
    // Drawn by scripts/make/make-artwork.ts from this seed; redrawn by the site if the study is edited.
    coverImage: artworkUrl(`work-${p.slug}`),
    coverAlt: `Artwork for the ${p.clientName} case study`,
    status: "published" as const,
    position,
    publishedAt: p.createdAt,
    updatedAt: p.createdAt,
  }));
  return tx.insert(caseStudies).values(rows).run().changes;
}

function seedPostsInto(tx: Tx): number {
  const [existing] = tx.select({ n: count() }).from(posts).all();
  if (existing?.n) return 0;
  const rows = seedPosts.map((p) => ({
    id: seededId("post", p.slug),
    coverImage: artworkUrl(`blog-${p.slug}`),
    ...p,
    updatedAt: p.createdAt,
    // A seeded live post went live when it was written: its address no longer follows its title.
    publishedAt: p.status === "published" ? p.createdAt : null,
  }));
  const inserted = tx.insert(posts).values(rows).returning({ id: posts.id, tags: posts.tags }).all();
  const tagRows = inserted.flatMap((post) => post.tags.map((tag) => ({ postId: post.id, tag })));
  if (tagRows.length) tx.insert(postTags).values(tagRows).run();
  return inserted.length;
}

/**
 * Fills what is empty with the content the site launched with (covers: the artwork that
 * scripts/make/make-artwork.ts drew into public/images/). Safe on every start: it never undoes the
 * admin's edits.
 */
export function seedDatabase(db: Db) {
  const counts = db.transaction((tx) => {
    const seeded: Record<string, number> = {
      caseStudies: seedCaseStudiesInto(tx),
      posts: seedPostsInto(tx),
      // Every page's words, page by page: a page added to the site gets its row on the next start.
      pages: seedPageCopy(tx),
    };
    const done = new Set(
      tx
        .select()
        .from(seededContent)
        .all()
        .map((row) => row.kind),
    );
    for (const [kind, seed] of Object.entries(contentSeeds)) {
      if (done.has(kind)) continue;
      seeded[kind] = seed(tx);
      tx.insert(seededContent).values({ kind }).run();
    }
    return seeded;
  });
  upgradeLegacyCaseStudies(db);
  if (counts.posts) contentChanged("posts", db);
  if (counts.caseStudies) contentChanged("case-studies", db);
  if (Object.keys(contentSeeds).some((kind) => counts[kind])) contentChanged("site", db);
  return counts;
}
