import type { ImportCounts } from "#db/schema";

/** What a post of an export becomes here: its status, and why when that is not what it was there. */
export type Decided = { status: "draft" | "scheduled" | "published"; problem?: string } | null;

/** A survey's counts before anything is read. */
export const emptyPlan = (): ImportCounts => ({
  posts: 0,
  published: 0,
  drafts: 0,
  scheduled: 0,
  pages: 0,
  images: 0,
  tags: 0,
  authors: 0,
  redirects: 0,
});

/** Counts a post the survey found, by the status it will have here; its problem noted. */
export function planPost(plan: ImportCounts, problems: Set<string>, decided: NonNullable<Decided>) {
  plan.posts = (plan.posts ?? 0) + 1;
  const key = { published: "published", scheduled: "scheduled", draft: "drafts" }[decided.status];
  plan[key] = (plan[key] ?? 0) + 1;
  if (decided.problem) problems.add(decided.problem);
}

/** The editor's limits, which an imported post keeps as a written one does. */
export const POST_LIMITS = {
  title: 200,
  excerpt: 1000,
  slug: 200,
  /** A body's characters once sanitized (the editor's); a raw one over twice this is not read. */
  content: 500_000,
  tag: 60,
  tags: 30,
};
