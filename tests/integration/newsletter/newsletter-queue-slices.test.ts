// A send to a long list queues its subscribers a slice at a time, letting other work in between, and a
// send whose queueing was cut short (a stop, a crash) is finished by the sender's next second, each
// subscriber once, the audit log written once. Against a real temporary SQLite.
import { randomUUID } from "node:crypto";

import Database from "better-sqlite3";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { auditLog, jobs, newsletterSends, newsletterSubscribers } from "#db/schema";
import { removeSubscriber } from "~/features/newsletter/newsletter.server";
import {
  QUEUE_SLICE,
  resumeQueueing,
  sendNewsletter,
  sendsOfPost,
} from "~/features/newsletter/newsletter-send.server";
import { newsletterTask } from "~/features/newsletter/newsletter-sender.server";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { ConflictError } from "~/platform/http/errors.server";

const SUBSCRIBERS = QUEUE_SLICE * 2 + 345;
let published: { id: string; title: string }[] = [];

beforeAll(() => {
  process.env.SITE_URL = "https://www.northwalldigital.ie";
  delete process.env.SMTP_URL;
  resetEnvCache();
  seedDatabase(getDb());
  const confirmedAt = new Date();
  getDb()
    .insert(newsletterSubscribers)
    .values(
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        id: randomUUID(),
        email: `reader-${i}@example.ie`,
        // Every seventh only asked: not a recipient.
        status: i % 7 === 0 ? ("pending" as const) : ("confirmed" as const),
        confirmedAt,
      })),
    )
    .run();
  published = listAllPosts().filter((p) => p.status === "published");
});

const confirmed = Array.from({ length: SUBSCRIBERS }, (_, i) => i).filter((i) => i % 7 !== 0).length;
const jobsOf = (sendId: string) =>
  getDb().select({ to: jobs.target }).from(jobs).where(eq(jobs.batch, sendId)).all();
const sentEntries = (title: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "newsletter.sent"))
    .all()
    .filter((entry) => entry.subject.includes(title));

/** Another published post, a copy of `id` under a title and address of its own. */
function publishedCopyOf(id: string): { id: string; title: string } {
  const client = getDb().$client;
  const columns = (
    client.prepare("select name from pragma_table_info('posts')").all() as { name: string }[]
  ).map((column) => column.name);
  const copy = { id: randomUUID(), title: `A copy ${randomUUID()}` };
  const picked = columns.map((name) =>
    name === "id" || name === "title" ? "?" : name === "slug" ? "slug || ?" : name,
  );
  client
    .prepare(`insert into posts (${columns.join(", ")}) select ${picked.join(", ")} from posts where id = ?`)
    .run(
      ...columns
        .filter((name) => ["id", "title", "slug"].includes(name))
        .map((name) => (name === "id" ? copy.id : name === "title" ? copy.title : `-${copy.id}`)),
      id,
    );
  return copy;
}

describe("a send to a long list", () => {
  it("queues a slice at a time: other work runs while it does, and each subscriber is queued once", async () => {
    const post = published[0]!;
    const seen: number[] = [];
    let watching = true;
    const watch = () => {
      const [send] = getDb().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).all();
      if (send) seen.push(jobsOf(send.id).length);
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    const send = await sendNewsletter(post.id, "excerpt");
    watching = false;

    expect(send.recipients).toBe(confirmed);
    const queued = jobsOf(send.id).map((job) => job.to);
    expect(queued).toHaveLength(confirmed);
    expect(new Set(queued).size).toBe(confirmed);
    // The list was seen part-queued: the event loop was let in between slices.
    expect(seen.some((count) => count > 0 && count < confirmed)).toBe(true);
    const [row] = getDb().select().from(newsletterSends).where(eq(newsletterSends.id, send.id)).all();
    expect(row).toMatchObject({ recipients: confirmed, queueAfter: null });
    expect(sentEntries(post.title)).toHaveLength(1);
    expect(sentEntries(post.title)[0]!.subject).toBe(`“${post.title}” to ${confirmed} subscribers`);
  });

  it("sends queued at once take turns: one slice per pass of the event loop, not one of each", async () => {
    const [first, second] = [published[4]!, published[5]!];
    const totalQueued = () =>
      getDb()
        .$client.prepare(
          "select count(*) as n from jobs where batch in (select id from newsletter_sends where post_id in (?, ?))",
        )
        .get(first.id, second.id) as { n: number };
    const seen: number[] = [];
    let watching = true;
    const watch = () => {
      seen.push(totalQueued().n);
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    await Promise.all([sendNewsletter(first.id, "excerpt"), sendNewsletter(second.id, "excerpt")]);
    watching = false;
    expect(totalQueued().n).toBe(confirmed * 2);
    const steps = seen.slice(1).map((n, i) => n - seen[i]!);
    expect(Math.max(...steps)).toBeLessThanOrEqual(QUEUE_SLICE);
  });

  it("two sends of one audience at once: one queues everyone, the other is refused with nothing queued", async () => {
    const post = published[1]!;
    const results = await Promise.allSettled([
      sendNewsletter(post.id, "excerpt"),
      sendNewsletter(post.id, "excerpt"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(ConflictError);
    const [only] = sendsOfPost(post.id);
    expect(jobsOf(only!.id)).toHaveLength(confirmed);
  });

  it("twenty clicks of one send at once: the repeats are refused at once, before its e-mail is drawn", async () => {
    const post = publishedCopyOf(published[0]!.id);
    const rowsWhenRefused: number[] = [];
    const sends = Array.from({ length: 20 }, () =>
      sendNewsletter(post.id, "excerpt").catch((error: unknown) => {
        rowsWhenRefused.push(
          getDb().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).all().length,
        );
        throw error;
      }),
    );
    const results = await Promise.allSettled(sends);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(refused).toHaveLength(19);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(ConflictError);
      expect((reason as Error).message).toBe("This post is being sent right now.");
    }
    // Each was refused while the first was still drawing the e-mail, before its send existed.
    expect(rowsWhenRefused).toEqual(Array.from({ length: 19 }, () => 0));
    expect(jobsOf(sendsOfPost(post.id)[0]!.id)).toHaveLength(confirmed);
  });

  it("cut short after its first slices, it is finished by the sender's next second, each subscriber once", async () => {
    const post = published[2]!;
    const send = await sendNewsletter(post.id, "excerpt");
    // As a stop would leave it: the subscribers up to the 700th queued, the rest not, no audit entry yet.
    const client = getDb().$client;
    const { rowid } = client
      .prepare("select rowid from newsletter_subscribers order by rowid limit 1 offset 699")
      .get() as { rowid: number };
    const early = new Set(
      (
        client.prepare("select email from newsletter_subscribers where rowid <= ?").all(rowid) as {
          email: string;
        }[]
      ).map((row) => row.email),
    );
    const firstSlice = jobsOf(send.id).filter(({ to }) => early.has(to));
    getDb().delete(jobs).where(eq(jobs.batch, send.id)).run();
    getDb()
      .insert(jobs)
      .values(
        firstSlice.map(({ to }) => ({
          kind: "newsletter" as const,
          target: to,
          title: "Newsletter",
          about: to,
          payload: { send: send.id },
          batch: send.id,
        })),
      )
      .run();
    getDb()
      .update(newsletterSends)
      .set({ queueAfter: rowid, recipients: firstSlice.length })
      .where(eq(newsletterSends.id, send.id))
      .run();
    getDb().delete(auditLog).where(eq(auditLog.action, "newsletter.sent")).run();

    // A start, then the sender's tick, both pick it up: one loop runs.
    resumeQueueing();
    await newsletterTask.run();
    await expect
      .poll(
        () =>
          getDb()
            .select()
            .from(newsletterSends)
            .where(and(eq(newsletterSends.id, send.id), isNull(newsletterSends.queueAfter)))
            .all().length,
      )
      .toBe(1);
    const queued = jobsOf(send.id).map((job) => job.to);
    expect(queued).toHaveLength(confirmed);
    expect(new Set(queued).size).toBe(confirmed);
    const [row] = getDb().select().from(newsletterSends).where(eq(newsletterSends.id, send.id)).all();
    expect(row!.recipients).toBe(confirmed);
    expect(sentEntries(post.title)).toHaveLength(1);
  });

  it("held up by a locked database, it answers what is queued so far, and the sender queues the rest", async () => {
    const post = publishedCopyOf(published[0]!.id);
    // Another writer (a backup tool, a script) takes the database's write lock after the first slice.
    const other = new Database(getDb().$client.name);
    let locked = false;
    const lockAfterFirstSlice = () => {
      const [send] = getDb().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).all();
      if (send && jobsOf(send.id).length > 0) {
        other.exec("begin immediate");
        locked = true;
        return;
      }
      setImmediate(lockAfterFirstSlice);
    };
    setImmediate(lockAfterFirstSlice);
    let send: Awaited<ReturnType<typeof sendNewsletter>>;
    try {
      send = await sendNewsletter(post.id, "excerpt");
    } finally {
      if (other.inTransaction) other.exec("commit");
      other.close();
    }
    expect(locked).toBe(true);
    expect(send.queueAfter).not.toBeNull();
    expect(send.recipients).toBeGreaterThan(0);
    expect(send.recipients).toBeLessThan(confirmed);

    await newsletterTask.run();
    await expect.poll(() => jobsOf(send.id).length).toBe(confirmed);
    expect(new Set(jobsOf(send.id).map((job) => job.to)).size).toBe(confirmed);
    await expect.poll(() => sentEntries(post.title)).toHaveLength(1);
  });

  it("a send whose post is deleted while it queues stops", async () => {
    const post = published[3]!;
    const sending = sendNewsletter(post.id, "excerpt");
    // Deleted for good as soon as its send exists: the cascade takes the send.
    const remove = () => {
      const [send] = getDb().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).all();
      if (!send) return void setImmediate(remove);
      getDb().$client.prepare("delete from posts where id = ?").run(post.id);
    };
    setImmediate(remove);
    await expect(sending).resolves.toBeDefined();
    expect(getDb().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).all()).toEqual(
      [],
    );
  });

  // Last: it takes subscribers off the list the tests above count.
  it("subscribers removed while it queues are counted out of it: its count is the e-mails it has", async () => {
    const post = publishedCopyOf(published[0]!.id);
    const emailAt = (offset: number) =>
      getDb()
        .$client.prepare(
          "select id, email from newsletter_subscribers where status = 'confirmed' order by rowid limit 1 offset ?",
        )
        .get(offset) as { id: string; email: string };
    const [early, late] = [emailAt(3), emailAt(confirmed - 3)];
    let removed = false;
    const removeAfterFirstSlice = () => {
      const [send] = getDb().select().from(newsletterSends).where(eq(newsletterSends.postId, post.id)).all();
      if (!send || jobsOf(send.id).length === 0) return void setImmediate(removeAfterFirstSlice);
      // One already queued, one not yet reached.
      expect(removeSubscriber(early.id)).toBe(true);
      expect(removeSubscriber(late.id)).toBe(true);
      removed = true;
    };
    setImmediate(removeAfterFirstSlice);
    const send = await sendNewsletter(post.id, "excerpt");
    expect(removed).toBe(true);

    const queued = jobsOf(send.id).map((job) => job.to);
    expect(queued).not.toContain(early.email);
    expect(queued).not.toContain(late.email);
    expect(queued).toHaveLength(confirmed - 2);
    expect(send.recipients).toBe(confirmed - 2);
    const [row] = getDb().select().from(newsletterSends).where(eq(newsletterSends.id, send.id)).all();
    expect(row!.recipients).toBe(confirmed - 2);
    expect(sentEntries(post.title)[0]!.subject).toBe(`“${post.title}” to ${confirmed - 2} subscribers`);
  });
});
