import { analyticsReport } from "~/features/analytics/index.server";
import { backupStatus } from "~/features/backups/index.server";
import { listEndedCaseStudies, listEndingCaseStudies } from "~/features/case-studies/index.server";
import { homePosts, postAuthors } from "~/features/posts/index.server";
import { seedTeam, seedTestimonials } from "~/features/seed";
import { publicTeam, publicTestimonials } from "~/features/site-content/index.server";
import { outboxCounts } from "~/platform/jobs/job-queue.server";
import { canSendMail } from "~/platform/mail/mail.server";
import { taskReport } from "~/platform/tasks.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

const SEEDED_PEOPLE = new Set(seedTeam.map((person) => person.name));
const SEEDED_QUOTES = new Set(seedTestimonials.map((quote) => quote.quote));

/**
 * The invented people a new site starts with that still show on it: team members under a starting
 * name, testimonials with a starting quote. Until the owner replaces them, the admin's home says so.
 */
export function placeholdersShown() {
  return {
    team: publicTeam().filter((person) => SEEDED_PEOPLE.has(person.name)).length,
    testimonials: publicTestimonials().filter((t) => SEEDED_QUOTES.has(t.quote)).length,
  };
}

/**
 * What the admin's home shows a person: the owner everything, an editor the writing with the drafts
 * contributors submitted for review (oldest first: who has waited longest), a contributor their own
 * drafts (`you`: their id) and which of them wait for review.
 */
export function adminHome(role: string, now = new Date(), you?: string) {
  const contributor = role === "contributor";
  const posts = homePosts(contributor ? (you ?? "") : undefined);
  const authors = postAuthors(posts.waiting.map((post) => post.authorId));
  const writing = {
    reviews: posts.waiting.map(({ id, title, reviewRequestedAt, authorId }) => ({
      id,
      title,
      reviewRequestedAt,
      author: (authorId && authors.get(authorId)?.name) || null,
    })),
    drafts: posts.drafts,
    draftCount: posts.draftCount,
    scheduled: posts.scheduled,
    ending: [
      ...posts.ending.map(({ id, title, unpublishAt }) => ({
        id,
        title,
        unpublishAt,
        href: `/admin/posts?edit=${id}`,
      })),
      ...(contributor ? [] : listEndingCaseStudies()).map(({ id, title, unpublishAt }) => ({
        id,
        title,
        unpublishAt: unpublishAt!,
        href: `/admin/case-studies?edit=${id}`,
      })),
    ]
      .sort((a, b) => a.unpublishAt.getTime() - b.unpublishAt.getTime())
      .slice(0, 5),
    // What left the site at its end, latest first: off the site, and not drafts being written.
    ended: [
      ...posts.ended.map(({ id, title, endedAt }) => ({
        id,
        title,
        endedAt,
        href: `/admin/posts?edit=${id}`,
      })),
      ...(contributor ? [] : listEndedCaseStudies()).map(({ id, title, endedAt }) => ({
        id,
        title,
        endedAt,
        href: `/admin/case-studies?edit=${id}`,
      })),
    ]
      .sort((a, b) => b.endedAt.getTime() - a.endedAt.getTime())
      .slice(0, 5),
  };
  if (role !== "owner") return { writing, owner: null };

  const today = dublinDay(now);
  const week = analyticsReport({ from: addDays(today, -6), to: today });
  const backup = backupStatus();
  const tasks = taskReport();
  return {
    writing,
    owner: {
      placeholders: placeholdersShown(),
      enquiries: {
        today: week.series.at(-1)?.enquiries ?? 0,
        week: week.summary.enquiries,
      },
      // The source most visits came from (a source listed for its enquiries alone brought no visit).
      visits: {
        week: week.summary.visits,
        topSource: week.sources.find((source) => source.visits > 0)?.value ?? null,
      },
      outbox: { ...outboxCounts(), mail: canSendMail() },
      backup: backup.enabled
        ? {
            enabled: true as const,
            replicatedAt: backup.replicatedAt,
            stale: backup.stale,
            error: backup.lastError,
          }
        : { enabled: false as const },
      tasks: {
        count: tasks.length,
        failing: tasks.filter((task) => task.lastError).map((task) => task.label),
      },
    },
  };
}
