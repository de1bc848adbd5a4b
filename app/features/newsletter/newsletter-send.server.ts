import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";

import { jobs, type NewsletterSend, newsletterSends, posts, postTranslations } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { getDb, type Tx } from "~/platform/db.server";
import { ConflictError, FieldError, NotFoundError, TooManyError } from "~/platform/http/errors.server";
import { type Language, LANGUAGES, pathIn } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { MAX_ATTEMPTS } from "~/platform/jobs/job-queue.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { log } from "~/platform/log.server";
import { type QueuedMail, queueMail } from "~/platform/mail/mail.server";
import { memoryLimit, secondsToWait } from "~/platform/rate-limit.server";
import { minutesToWait } from "~/platform/text/metrics";

import { type NewsletterContent, newsletterTemplate, personalize } from "./newsletter-mail.server";

export type SendProgress = { total: number; sent: number; failed: number; queued: number };
export type SendSummary = Omit<NewsletterSend, "html" | "text" | "queueAfter"> & {
  postTitle: string;
  progress: SendProgress;
};

/**
 * The post a newsletter sends, read from its table: the newsletter is below the posts (their pages
 * offer its sign-up and show a post's send), so it reads the one row rather than import them.
 */
export function postToSend(postId: string) {
  return getDb()
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .get();
}

/** The languages a post's translation is published in: their subscribers get it in their words. */
export function translatedLanguagesOf(postId: string): Language[] {
  return getDb()
    .select({ lang: postTranslations.lang })
    .from(postTranslations)
    .where(and(eq(postTranslations.postId, postId), eq(postTranslations.status, "published")))
    .all()
    .map((row) => row.lang as Language)
    .sort();
}

type SentPost = NonNullable<ReturnType<typeof postToSend>>;

/**
 * The post as one language's subscribers read it: its published translation in that language, at its
 * address under the language's prefix; else (no language, the default, no published translation) the
 * post itself. Read from the translations' table for the same reason as the post's.
 */
function postFor(post: SentPost, lang: Language | undefined): SentPost & { path: string } {
  const site = siteLanguages();
  const own = { ...post, path: `/blog/${post.slug}` };
  if (!lang || lang === site.default) return own;
  const translation = getDb()
    .select()
    .from(postTranslations)
    .where(
      and(
        eq(postTranslations.postId, post.id),
        eq(postTranslations.lang, lang),
        eq(postTranslations.status, "published"),
      ),
    )
    .get();
  if (!translation) return own;
  const { title, slug, excerpt, content } = translation;
  return { ...post, title, slug, excerpt, content, path: pathIn(lang, `/blog/${slug}`, site) };
}

function publishedPost(postId: string) {
  const post = postToSend(postId);
  if (!post) throw new NotFoundError("No post with that id");
  if (post.status !== "published")
    throw new ConflictError("Publish the post first: a newsletter links to it on the site.");
  return post;
}

/** The newsletter as a reader receives it, for the admin's preview (with a made-up unsubscribe link). */
export async function previewNewsletter(postId: string, content: NewsletterContent, lang?: Language) {
  const post = postToSend(postId);
  if (!post) throw new NotFoundError("No post with that id");
  return personalize(await newsletterTemplate(postFor(post, lang), content, lang), "preview@example.ie");
}

/**
 * Test copies each member of staff may send in an hour. A test goes to any address typed, from the
 * agency's sender, so without a limit the form would relay mail for whoever can open it.
 */
export const TEST_SENDS_PER_HOUR = 10;
// Made on first use: the allowance reads RATE_LIMIT_FACTOR, and importing must not read the environment.
let testSends: ReturnType<typeof memoryLimit> | undefined;

/**
 * A test copy to one address (the admin's own), through the queue like any e-mail, sent at once;
 * counted against the sender's hourly allowance and written in the audit log with the address.
 */
export async function sendTestNewsletter(
  postId: string,
  to: string,
  content: NewsletterContent,
  senderId: string,
  /** The subscribers the send is for: the test is their version of it. */
  audience?: Language,
) {
  const post = publishedPost(postId);
  const wait = await secondsToWait(
    (testSends ??= memoryLimit("newsletter-test", TEST_SENDS_PER_HOUR, 60 * 60)),
    senderId,
  );
  if (wait > 0)
    throw new TooManyError(
      `That's ${TEST_SENDS_PER_HOUR} test e-mails this hour. Please try again in ${minutesToWait(wait)}.`,
      wait,
    );
  const mail = personalize(await newsletterTemplate(postFor(post, audience), content, audience), to);
  getDb().transaction((tx) => {
    queueMail(tx, { ...mail, subject: `[Test] ${mail.subject}` });
    audit("newsletter.test-sent", `“${post.title}” to ${to}`, tx);
  });
  await runDueJobs();
}

/** Which audiences of a post have had their send: a language, or null for everyone (the rest). */
function audiencesSent(db: Pick<ReturnType<typeof getDb>, "select">, postId: string): (string | null)[] {
  return db
    .select({ audience: newsletterSends.audience })
    .from(newsletterSends)
    .where(eq(newsletterSends.postId, postId))
    .all()
    .map((row) => row.audience);
}

/** Why a send to this audience would repeat one of the post's sends; undefined while it is open. */
function alreadySent(sent: (string | null)[], audience: Language | undefined): string | undefined {
  if (sent.includes(null)) return "This post has already been sent to everyone.";
  if (audience)
    return sent.includes(audience)
      ? `This post has already been sent to the subscribers in ${LANGUAGES[audience].name}.`
      : undefined;
  return siteLanguages().languages.every((lang) => sent.includes(lang))
    ? "This post has already been sent to the subscribers of every language."
    : undefined;
}

/**
 * The confirmed subscribers a send of the post reaches: one language's, or (none) everyone whose
 * language has not had its send. Decided by the audiences sent, as jobs are pruned with time; while a
 * send's jobs are kept they also keep out anyone who got it under another language since (looked up
 * address by address in the jobs' index, so a send's own growing list of jobs costs nothing to ask).
 */
function recipientsOf(postId: string, audience: Language | undefined, sent: (string | null)[]) {
  const lang = sql`coalesce(lang, ${siteLanguages().default})`;
  const languagesSent = sent.filter((one): one is string => one !== null);
  const who = audience
    ? sql`${lang} = ${audience}`
    : languagesSent.length > 0
      ? sql`${lang} not in (${sql.join(
          languagesSent.map((one) => sql`${one}`),
          sql`, `,
        )})`
      : sql`1`;
  return sql`status = 'confirmed' and ${who} and not exists (
    select 1 from ${newsletterSends} as send join ${jobs} as job on job.batch = send.id
    where send.post_id = ${postId} and job.target = email)`;
}

/** Whom a send of the post may still go to, with how many each reaches: the rest, and each language's open. */
export function openAudiences(postId: string): { audience: Language | "rest"; recipients: number }[] {
  const site = siteLanguages();
  const sent = audiencesSent(getDb(), postId);
  const count = (audience: Language | undefined) =>
    getDb().get<{ n: number }>(
      sql`select count(*) as n from newsletter_subscribers where ${recipientsOf(postId, audience, sent)}`,
    ).n;
  const rest = alreadySent(sent, undefined)
    ? []
    : [{ audience: "rest" as const, recipients: count(undefined) }];
  const languages = (site.languages.length > 1 ? site.languages : [])
    .filter((lang) => !alreadySent(sent, lang))
    .map((lang) => ({ audience: lang, recipients: count(lang) }));
  // The default language left alone after the others' sends is the same e-mail to the same people as
  // everyone else: one choice, not two.
  const [last] = languages;
  if (languages.length === 1 && last!.audience === site.default && last!.recipients === rest[0]?.recipients)
    return rest;
  return [...rest, ...languages];
}

/** The sends whose e-mail is being drawn in this process, by post and audience. */
const drawing = new Set<string>();

/**
 * Sends a published post to its confirmed subscribers, once per audience: the e-mail is rendered now
 * and kept with the send, whose row decides the audience in one transaction (one winner). Its
 * subscribers then become its jobs (one per address: a unique index) a slice at a time, each slice a
 * transaction of its own with the event loop let in between: a list of 40,000 held every other request
 * for over a second as one. Resolves once all are queued; a start or the sender's next second finishes
 * a send whose queueing was cut short. The newsletter sender works through the jobs at
 * NEWSLETTER_RATE_PER_MINUTE.
 */
export async function sendNewsletter(
  postId: string,
  content: NewsletterContent,
  /** Only the subscribers who signed up in this language (one without a language is the default's); none: the rest. */
  audience?: Language,
): Promise<NewsletterSend> {
  const post = publishedPost(postId);
  const offSite = () => audience !== undefined && !siteLanguages().languages.includes(audience);
  const refused = () => new FieldError("audience", "Choose one of the site's languages, or everyone");
  if (offSite()) throw refused();
  // Refused before the e-mail is drawn too (some 20 ms): a repeat costs nothing, and neither does a
  // click arriving while the same send's e-mail is being drawn.
  const repeated = alreadySent(audiencesSent(getDb(), postId), audience);
  if (repeated) throw new ConflictError(repeated);
  const key = `${postId} ${audience ?? ""}`;
  if (drawing.has(key))
    throw new ConflictError(
      audience
        ? `This post is being sent to the subscribers in ${LANGUAGES[audience].name} right now.`
        : "This post is being sent right now.",
    );
  drawing.add(key);
  let template: Awaited<ReturnType<typeof newsletterTemplate>>;
  try {
    template = await newsletterTemplate(postFor(post, audience), content, audience);
  } finally {
    drawing.delete(key);
  }
  const send = getDb().transaction((tx) => {
    // Asked again: the language may have left the site while the e-mail was drawn, and its pages with it.
    if (offSite()) throw refused();
    const repeated = alreadySent(audiencesSent(tx, postId), audience);
    if (repeated) throw new ConflictError(repeated);
    return tx
      .insert(newsletterSends)
      .values({ postId, ...template, recipients: 0, audience: audience ?? null, queueAfter: 0 })
      .returning()
      .get();
  });
  const recipients = await queueRecipients(send.id);
  if (recipients !== undefined) return { ...send, recipients, queueAfter: null };
  // The send is decided: a slice refused (the database locked or full) leaves the rest to the sender,
  // which goes on every second. The answer is what is queued so far, not that nothing was saved.
  const now = getDb()
    .select({ recipients: newsletterSends.recipients, queueAfter: newsletterSends.queueAfter })
    .from(newsletterSends)
    .where(eq(newsletterSends.id, send.id))
    .get();
  return { ...send, recipients: now?.recipients ?? 0, queueAfter: now?.queueAfter ?? null };
}

/** Subscribers looked at in one transaction while a send is queued (some 40 ms of the event loop). */
export const QUEUE_SLICE = 1000;

/** Sends whose queueing is under way in this process: one loop each. */
const queueing = new Map<string, Promise<number | undefined>>();

/**
 * Makes a send's subscribers its jobs, from where its queueing stopped to the end, a slice at a time;
 * the audit log gets the send once all are queued. Resolves with how many it reaches, or undefined when
 * a slice was refused (logged: the sender's next second goes on with it). One loop a send: a second
 * caller gets the running one.
 */
function queueRecipients(sendId: string): Promise<number | undefined> {
  let running = queueing.get(sendId);
  if (!running) {
    running = queueSlices(sendId)
      .catch((error: unknown) => {
        log.error({ err: error }, `Queueing newsletter send ${sendId} stopped; it goes on in a second`);
        return undefined;
      })
      .finally(() => queueing.delete(sendId));
    queueing.set(sendId, running);
  }
  return running;
}

/**
 * The turns of every send being queued, one slice each: sends queued at once take turns, a slice per
 * pass of the event loop, rather than one slice of each back to back before any request is answered.
 */
let lastTurn: Promise<void> = Promise.resolve();
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  return lastTurn;
}

async function queueSlices(sendId: string): Promise<number> {
  for (;;) {
    await nextTurn();
    const queued = getDb().transaction((tx) => queueSlice(tx, sendId));
    if (queued !== undefined) return queued;
  }
}

/** One slice of a send's subscribers queued: undefined while more are left, else how many it reaches. */
function queueSlice(tx: Tx, sendId: string): number | undefined {
  const send = tx
    .select({
      postId: newsletterSends.postId,
      subject: newsletterSends.subject,
      recipients: newsletterSends.recipients,
      audience: newsletterSends.audience,
      queueAfter: newsletterSends.queueAfter,
    })
    .from(newsletterSends)
    .where(eq(newsletterSends.id, sendId))
    .get();
  // Gone with its post, or finished by another loop.
  if (!send || send.queueAfter === null) return send?.recipients ?? 0;
  const after = send.queueAfter;
  const { last } = tx.get<{ last: number | null }>(sql`select max(rowid) as last from (
    select rowid from newsletter_subscribers where rowid > ${after} order by rowid limit ${QUEUE_SLICE})`);
  // The post's other sends: for everyone else, every one of them came first (alreadySent).
  const otherSends = tx
    .select({ id: newsletterSends.id, audience: newsletterSends.audience })
    .from(newsletterSends)
    .where(eq(newsletterSends.postId, send.postId))
    .all()
    .filter((other) => other.id !== sendId);
  const audience = (send.audience ?? undefined) as Language | undefined;
  if (last === null) {
    tx.update(newsletterSends).set({ queueAfter: null }).where(eq(newsletterSends.id, sendId)).run();
    const title = postToSend(send.postId)?.title ?? send.subject;
    const who = audience
      ? ` in ${LANGUAGES[audience].name}`
      : otherSends.length > 0
        ? " (everyone else)"
        : "";
    audit("newsletter.sent", `“${title}” to ${send.recipients} subscribers${who}`, tx);
    return send.recipients;
  }
  const sent = otherSends.map((other) => other.audience);
  const { changes } = tx.run(sql`
    insert or ignore into ${jobs} (id, kind, target, title, about, payload, batch)
    select lower(hex(randomblob(16))), 'newsletter', email, ${`Newsletter: ${send.subject}`}, email,
      json_object('send', ${sendId}), ${sendId}
    from newsletter_subscribers
    where rowid > ${after} and rowid <= ${last} and ${recipientsOf(send.postId, audience, sent)}`);
  tx.update(newsletterSends)
    .set({ queueAfter: last, recipients: send.recipients + changes })
    .where(eq(newsletterSends.id, sendId))
    .run();
  return undefined;
}

/**
 * Drops the newsletter e-mails not yet sent to an address (it left the list, was removed or erased),
 * and counts them out of their sends: a send's count is always the e-mails it sent and has to send.
 * `only`: one e-mail, the one the sender found it could no longer deliver.
 */
export function dropUnsentCopies(tx: Tx, address: string, only?: string): number {
  const dropped = tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, "newsletter"),
        eq(jobs.target, address),
        isNull(jobs.doneAt),
        only === undefined ? undefined : eq(jobs.id, only),
      ),
    )
    .returning({ batch: jobs.batch })
    .all();
  const perSend = new Map<string, number>();
  for (const { batch } of dropped) if (batch) perSend.set(batch, (perSend.get(batch) ?? 0) + 1);
  for (const [sendId, count] of perSend)
    tx.update(newsletterSends)
      .set({ recipients: sql`max(0, ${newsletterSends.recipients} - ${count})` })
      .where(eq(newsletterSends.id, sendId))
      .run();
  return dropped.length;
}

/** Finishes the queueing of every send it was cut short for (a stop, a crash, a full disk). */
export function resumeQueueing(): void {
  const unfinished = getDb()
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(isNotNull(newsletterSends.queueAfter))
    .all();
  for (const { id } of unfinished) void queueRecipients(id);
}

function progressOf(batch: string): SendProgress {
  const row = getDb()
    .select({
      total: sql<number>`count(*)`,
      sent: sql<number>`count(${jobs.doneAt})`,
      failed: sql<number>`coalesce(sum(${jobs.doneAt} is null and ${jobs.attempts} >= ${MAX_ATTEMPTS}), 0)`,
    })
    .from(jobs)
    .where(eq(jobs.batch, batch))
    .get()!;
  return { ...row, queued: row.total - row.sent - row.failed };
}

const summaryColumns = {
  id: newsletterSends.id,
  postId: newsletterSends.postId,
  subject: newsletterSends.subject,
  recipients: newsletterSends.recipients,
  createdAt: newsletterSends.createdAt,
  audience: newsletterSends.audience,
  postTitle: posts.title,
};

/** A post's sends with their progress (queued, sent, failed), oldest first: one per audience. */
export function sendsOfPost(postId: string): SendSummary[] {
  return getDb()
    .select(summaryColumns)
    .from(newsletterSends)
    .innerJoin(posts, eq(posts.id, newsletterSends.postId))
    .where(eq(newsletterSends.postId, postId))
    .orderBy(asc(newsletterSends.createdAt), asc(newsletterSends.id))
    .all()
    .map((send) => ({ ...send, progress: progressOf(send.id) }));
}

/** A post's latest send with its progress, or undefined when it was never sent. */
export function sendOfPost(postId: string): SendSummary | undefined {
  return sendsOfPost(postId).at(-1);
}

/** A send by its id, with its progress (the outbox's list of its e-mails). */
export function sendById(sendId: string): SendSummary | undefined {
  const send = getDb()
    .select(summaryColumns)
    .from(newsletterSends)
    .innerJoin(posts, eq(posts.id, newsletterSends.postId))
    .where(eq(newsletterSends.id, sendId))
    .get();
  return send && { ...send, progress: progressOf(send.id) };
}

/**
 * One subscriber's copy of a send as the outbox shows it: exactly what they receive, their own
 * unsubscribe link in it (the copies are made as they go out, so none is stored).
 */
export function newsletterCopy(jobId: string): QueuedMail | undefined {
  const copy = getDb()
    .select({
      to: jobs.target,
      queuedAt: jobs.createdAt,
      sentAt: jobs.doneAt,
      subject: newsletterSends.subject,
      html: newsletterSends.html,
      text: newsletterSends.text,
    })
    .from(jobs)
    .innerJoin(newsletterSends, eq(newsletterSends.id, jobs.batch))
    .where(and(eq(jobs.id, jobId), eq(jobs.kind, "newsletter")))
    .get();
  if (!copy) return undefined;
  const { to, queuedAt, sentAt, ...template } = copy;
  return { mail: personalize(template, to), queuedAt, sentAt };
}

export function recentSends(limit = 10): SendSummary[] {
  return getDb()
    .select(summaryColumns)
    .from(newsletterSends)
    .innerJoin(posts, eq(posts.id, newsletterSends.postId))
    .orderBy(desc(newsletterSends.createdAt))
    .limit(limit)
    .all()
    .map((send) => ({ ...send, progress: progressOf(send.id) }));
}

/** "Retry the failed ones": each given-up e-mail of the send gets a fresh day of tries. */
export function retryFailedSends(sendId: string): number {
  return getDb()
    .update(jobs)
    .set({ attempts: 0, nextAttemptAt: new Date(), startedAt: null })
    .where(and(eq(jobs.batch, sendId), isNull(jobs.doneAt), gte(jobs.attempts, MAX_ATTEMPTS)))
    .run().changes;
}
