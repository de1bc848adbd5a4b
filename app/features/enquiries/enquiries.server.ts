import { and, asc, count, desc, eq, getTableColumns, gt, inArray, ne, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import {
  type Attribution,
  enquiries,
  type Enquiry as EnquiryRow,
  type EnquiryEvent,
  enquiryEvents,
  jobs,
} from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { ENQUIRY_STATUSES, type EnquiryInput } from "~/features/enquiries/schemas";
import { judgeEnquiry, linkCount, SPAM_THRESHOLD, tokenHash } from "~/features/enquiries/spam.server";
import { type Db, getDb } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { queueMail } from "~/platform/mail/mail.server";
import { type ClientLimit, clientLimit } from "~/platform/rate-limit.server";
import { momentInDublin } from "~/platform/text/dates";
import { minutesToWait } from "~/platform/text/metrics";

import { enquiryAlert, enquiryAnswer, enquiryAutoReply } from "./enquiry-mail.server";
import { queueEnquiryWebhook } from "./enquiry-webhook.server";

export type EnquiryStatus = EnquiryRow["status"];
export const ENQUIRY_WINDOW_SECONDS = 10 * 60;

/** How far back the same message from the same address counts as a duplicate. */
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Stores an enquiry (only the fields a visitor fills in, and what the spam checks found) as 'new', or as
 * 'spam' when it scores SPAM_THRESHOLD or more (decision 026), and, in the same transaction, queues the
 * agency's alert and the enquirer's auto-reply for a real one, with e-mail set up or not (without it they
 * wait in the outbox). Mail goes out afterwards and can never fail the enquiry; so does the CRM webhook. `startToken` is the page form's start token (undefined for
 * the JSON API, which has none); `visit` where the visit that sent it came from (decision 028).
 */
export async function storeEnquiry(
  input: EnquiryInput,
  {
    startToken,
    visit,
    lang,
  }: {
    startToken?: unknown;
    visit?: { attribution: Attribution; pages: string[]; visitId?: number | null } | null;
    /** The language of the page it was sent from ("ga"); none from the API. */
    lang?: string | null;
  } = {},
): Promise<EnquiryRow> {
  const { name, email, budget, goals } = input;
  // Written before the transaction (rendering is asynchronous), queued in it.
  const alert = await enquiryAlert({ ...input, attribution: visit?.attribution ?? null });
  // The auto-reply quotes the message to an address nobody has confirmed: not one with links in it, and
  // one a day per address, so the form cannot be used to send someone else a stranger's text.
  const reply = linkCount(goals) === 0 ? await enquiryAutoReply({ ...input, lang }) : null;
  const formToken = typeof startToken === "string" && startToken ? tokenHash(startToken) : null;
  // It reads, then writes: begun as a writer (as every transaction is, see openDatabase), so another
  // process's write in between waits its turn instead of failing the enquiry with SQLITE_BUSY_SNAPSHOT.
  const enquiry = getDb().transaction((tx) => {
    const earlier = formToken
      ? tx.select().from(enquiries).where(eq(enquiries.formToken, formToken)).get()
      : undefined;
    // The same form sent again unchanged is the person resending (the thank-you page never came, say):
    // the enquiry they already sent, not a second one.
    if (
      earlier &&
      earlier.name === name &&
      earlier.email === email &&
      earlier.goals === goals &&
      earlier.budget === budget
    )
      return { ...earlier, resent: true };
    const tokenUsed = earlier !== undefined;
    const duplicate =
      tx
        .select({ id: enquiries.id })
        .from(enquiries)
        .where(
          and(
            eq(enquiries.email, email),
            eq(enquiries.goals, goals),
            gt(enquiries.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS)),
          ),
        )
        .get() !== undefined;
    const verdict = judgeEnquiry({ token: startToken, tokenUsed, duplicate, goals });
    const status = verdict.score >= SPAM_THRESHOLD ? "spam" : "new";
    const row = tx
      .insert(enquiries)
      .values({
        name,
        email,
        budget,
        goals,
        status,
        spamScore: verdict.score,
        spamReasons: verdict.reasons,
        formToken,
        attribution: visit?.attribution ?? null,
        visitPages: visit?.pages ?? [],
        visitId: visit?.visitId ?? null,
        lang: lang ?? null,
      })
      .returning()
      .get();
    if (status !== "spam") {
      queueMail(tx, alert, email);
      if (reply && !repliedToday(tx, reply.to)) queueMail(tx, reply);
      queueEnquiryWebhook(tx, row);
    }
    return { ...row, resent: false };
  });
  if (!enquiry.resent) void runDueJobs();
  const { resent: _resent, ...stored } = enquiry;
  return stored;
}

/** The column holds this e-mail address, however either is capitalised (enquiries keep it as typed). */
export const sameAddress = (column: SQLiteColumn, email: string) =>
  sql`lower(${column}) = ${email.trim().toLowerCase()}`;

/**
 * Whether an e-mail went to this address in the last day (the queue keeps what it sent; enquirers
 * are only ever sent the auto-reply).
 */
function repliedToday(tx: Pick<Db, "select">, to: string): boolean {
  return (
    tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, "mail"),
          sameAddress(jobs.target, to),
          gt(jobs.createdAt, new Date(Date.now() - DUPLICATE_WINDOW_MS)),
        ),
      )
      .get() !== undefined
  );
}

/** An enquiry as the inbox and the API show it: everything but its start token's hash. */
const { formToken: _formToken, ...shownColumns } = getTableColumns(enquiries);
export type Enquiry = Omit<EnquiryRow, "formToken">;

/** A folder, words to find, and a page of the site the sender's visit saw ("/services/seo"). */
export type InboxFilter = { status?: EnquiryStatus; q?: string; page?: string };

/**
 * The inbox's folder, search and page from a URL's query (?status=spam&q=clinic&page=/work);
 * anything else is ignored.
 */
export function inboxFilter(params: URLSearchParams): InboxFilter {
  const status = ENQUIRY_STATUSES.find((s) => s === params.get("status"));
  const q = params.get("q")?.trim().slice(0, 200);
  const page = params.get("page")?.trim();
  const onSite = page && page.startsWith("/") && !page.startsWith("//") && page.length <= 300;
  return { ...(status && { status }), ...(q && { q }), ...(onSite && { page }) };
}

/** Every enquiry from an address, oldest first (a privacy request). */
export function enquiriesFrom(email: string): Enquiry[] {
  return getDb()
    .select(shownColumns)
    .from(enquiries)
    .where(sameAddress(enquiries.email, email))
    .orderBy(asc(enquiries.createdAt))
    .all();
}

/**
 * The enquiries in a folder (without one, every one but spam), newest first; `q` finds words in the
 * name, e-mail or message, case-insensitively; `page` keeps those whose visit saw that page.
 */
export function listEnquiries({ status, q, page }: InboxFilter = {}): Enquiry[] {
  const words = q?.split(/\s+/).filter(Boolean) ?? [];
  return getDb()
    .select(shownColumns)
    .from(enquiries)
    .where(
      and(
        status ? eq(enquiries.status, status) : ne(enquiries.status, "spam"),
        page
          ? sql`exists (select 1 from json_each(${enquiries.visitPages}) where value = ${page})`
          : undefined,
        ...words.map((word) => {
          const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          return or(
            sql`${enquiries.name} like ${pattern} escape '\\'`,
            sql`${enquiries.email} like ${pattern} escape '\\'`,
            sql`${enquiries.goals} like ${pattern} escape '\\'`,
          );
        }),
      ),
    )
    .orderBy(desc(enquiries.createdAt))
    .all();
}

export function countEnquiries(status: EnquiryStatus): number {
  return getDb().select({ n: count() }).from(enquiries).where(eq(enquiries.status, status)).get()?.n ?? 0;
}

export const countNewEnquiries = () => countEnquiries("new");

/**
 * Moves an enquiry to another status, noting who did it; returns false for an unknown id. One rescued
 * from spam sends the alert and the CRM webhook it never sent (not the auto-reply: by then a person
 * answers, decision 026), once.
 */
export async function setEnquiryStatus(id: string, status: EnquiryStatus, by: string): Promise<boolean> {
  const found = getDb().select().from(enquiries).where(eq(enquiries.id, id)).get();
  if (!found) return false;
  const rescued = found.status === "spam" && status !== "spam";
  const alert = rescued ? await enquiryAlert(found) : null;
  const moved = getDb().transaction((tx) => {
    const before = tx.select({ status: enquiries.status }).from(enquiries).where(eq(enquiries.id, id)).get();
    if (!before) return false;
    if (before.status === status) return true;
    // Reported once: not if it arrived as a real one, or was rescued before (and put back in Spam).
    const reported =
      found.spamScore < SPAM_THRESHOLD ||
      tx
        .select({ id: enquiryEvents.id })
        .from(enquiryEvents)
        .where(
          and(
            eq(enquiryEvents.enquiryId, id),
            eq(enquiryEvents.kind, "status"),
            ne(enquiryEvents.status, "spam"),
          ),
        )
        .get() !== undefined;
    tx.update(enquiries).set({ status }).where(eq(enquiries.id, id)).run();
    tx.insert(enquiryEvents).values({ enquiryId: id, kind: "status", status, by }).run();
    audit("enquiry.status-changed", `${enquiryInLog(found)}: ${before.status} → ${status}`, tx);
    // Only if it is still in Spam now: two clicks on "Not spam" send one alert and one webhook.
    if (rescued && before.status === "spam" && !reported) {
      if (alert) queueMail(tx, alert, found.email);
      queueEnquiryWebhook(tx, found);
    }
    return true;
  });
  if (rescued) void runDueJobs();
  return moved;
}

/**
 * E-mails a reply to the enquirer through the outbox (sent like every other e-mail, or kept there to
 * read without SMTP), records it on the enquiry with who sent it, and moves a new enquiry to
 * Contacted. Returns the reply's entry in the history (what the inbox says after it), or null for an
 * unknown id.
 */
export async function replyToEnquiry(
  id: string,
  reply: { subject: string; message: string },
  by: string,
): Promise<string | null> {
  const found = getDb().select().from(enquiries).where(eq(enquiries.id, id)).get();
  if (!found) return null;
  const mail = await enquiryAnswer(found, reply);
  const sent = getDb().transaction((tx) => {
    const now = tx.select({ status: enquiries.status }).from(enquiries).where(eq(enquiries.id, id)).get();
    if (!now) return null;
    queueMail(tx, mail, found.email);
    const event = tx
      .insert(enquiryEvents)
      .values({ enquiryId: id, kind: "reply", note: `${mail.subject}\n\n${reply.message}`, by })
      .returning({ id: enquiryEvents.id })
      .get();
    if (now.status === "new") {
      tx.update(enquiries).set({ status: "contacted" }).where(eq(enquiries.id, id)).run();
      tx.insert(enquiryEvents).values({ enquiryId: id, kind: "status", status: "contacted", by }).run();
    }
    audit("enquiry.replied", enquiryInLog(found), tx);
    return event.id;
  });
  if (sent) void runDueJobs();
  return sent;
}

/** Whom a reply of the history went to (by the entry replyToEnquiry returned), if it is still there. */
export function repliedTo(eventId: string): Pick<EnquiryRow, "name" | "email"> | undefined {
  return getDb()
    .select({ name: enquiries.name, email: enquiries.email })
    .from(enquiryEvents)
    .innerJoin(enquiries, eq(enquiries.id, enquiryEvents.enquiryId))
    .where(and(eq(enquiryEvents.id, eventId), eq(enquiryEvents.kind, "reply")))
    .get();
}

/** Adds a note to an enquiry; returns false for an unknown id. */
export function addEnquiryNote(id: string, note: string, by: string): boolean {
  return getDb().transaction((tx) => {
    const found = tx
      .select({ createdAt: enquiries.createdAt })
      .from(enquiries)
      .where(eq(enquiries.id, id))
      .get();
    if (!found) return false;
    tx.insert(enquiryEvents).values({ enquiryId: id, kind: "note", note, by }).run();
    // Not the note: what it says stays with the enquiry, and goes when the enquiry does.
    audit("enquiry.note-added", enquiryInLog(found), tx);
    return true;
  });
}

/**
 * An enquiry as the audit log names it: by when it came in, not by who sent it, so the log (kept a
 * year) holds nothing of the enquirer's after retention or an erasure deletes the enquiry.
 */
const enquiryInLog = (enquiry: Pick<EnquiryRow, "createdAt">) =>
  `Enquiry of ${momentInDublin(enquiry.createdAt, Date.now(), { withYear: true })}`;

/** The notes and moves of these enquiries, oldest first, by enquiry. */
export function enquiryHistories(ids: string[]): Map<string, EnquiryEvent[]> {
  const histories = new Map<string, EnquiryEvent[]>();
  if (ids.length === 0) return histories;
  const events = getDb()
    .select()
    .from(enquiryEvents)
    .where(inArray(enquiryEvents.enquiryId, ids))
    .orderBy(asc(enquiryEvents.createdAt))
    .all();
  for (const event of events)
    histories.set(event.enquiryId, [...(histories.get(event.enquiryId) ?? []), event]);
  return histories;
}

let limiter: ClientLimit | undefined;
/** Counts one submission from `ip`'s client; returns seconds to wait when over the limit, else 0. */
export function takeEnquiryAllowance(ip: string): Promise<number> {
  limiter ??= clientLimit("enquiry", getEnv().ENQUIRY_RATE_LIMIT, ENQUIRY_WINDOW_SECONDS);
  return limiter.take(ip);
}

export function tooManyEnquiries(seconds: number): string {
  return `You've sent several messages in a short time. Please try again in ${minutesToWait(seconds)}, or e-mail us directly.`;
}
