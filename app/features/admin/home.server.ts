import { analyticsReport } from "~/features/analytics/index.server";
import { backupStatus } from "~/features/backups/index.server";
import { listAllPosts, postAuthors } from "~/features/posts/index.server";
import { outboxCounts } from "~/platform/jobs/job-queue.server";
import { canSendMail } from "~/platform/mail/mail.server";
import { taskReport } from "~/platform/tasks.server";
import { addDays, dublinDay } from "~/platform/text/dublin-time";

/**
 * What the admin's home shows a person: the owner everything, an editor the writing with the drafts
 * contributors submitted for review (oldest first: who has waited longest), a contributor their own
 * drafts (`you`: their id) and which of them wait for review.
 */
export function adminHome(role: string, now = new Date(), you?: string) {
  const contributor = role === "contributor";
  const all = listAllPosts().filter((post) => !contributor || post.authorId === you);
  const drafts = all.filter((post) => post.status === "draft");
  const waiting = drafts
    .filter((post) => post.reviewRequestedAt)
    .sort((a, b) => a.reviewRequestedAt!.getTime() - b.reviewRequestedAt!.getTime());
  const authors = postAuthors(waiting.map((post) => post.authorId));
  const writing = {
    reviews: waiting.map(({ id, title, reviewRequestedAt, authorId }) => ({
      id,
      title,
      reviewRequestedAt: reviewRequestedAt!,
      author: (authorId && authors.get(authorId)?.name) || null,
    })),
    drafts: drafts.slice(0, 5).map(({ id, title, updatedAt }) => ({ id, title, updatedAt })),
    draftCount: drafts.length,
    scheduled: all
      .filter((post) => post.status === "scheduled" && post.publishAt)
      .sort((a, b) => a.publishAt!.getTime() - b.publishAt!.getTime())
      .slice(0, 5)
      .map(({ id, title, publishAt }) => ({ id, title, publishAt: publishAt! })),
  };
  if (role !== "owner") return { writing, owner: null };

  const today = dublinDay(now);
  const week = analyticsReport({ from: addDays(today, -6), to: today });
  const backup = backupStatus();
  const tasks = taskReport();
  return {
    writing,
    owner: {
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
