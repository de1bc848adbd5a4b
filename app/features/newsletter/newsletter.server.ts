import { createHash, randomUUID } from "node:crypto";

import { and, count, desc, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { RateLimiterMemory } from "rate-limiter-flexible";

import { type NewsletterSubscriber, newsletterSubscribers, newsletterSuppressions } from "#db/schema";
import { audit } from "~/features/audit/index.server";
import { CONSENT_VERSIONS } from "~/features/newsletter/content";
import { noteSignUpConfirmed } from "~/platform/conversions.server";
import type { Tx } from "~/platform/db.server";
import { type Db, getDb } from "~/platform/db.server";
import { translatorFor } from "~/platform/i18n/catalogs.server";
import type { Language } from "~/platform/i18n/languages";
import { siteLanguages } from "~/platform/i18n/site-languages.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { queueMail } from "~/platform/mail/mail.server";
import { type ClientLimit, clientLimit, memoryLimit, secondsToWait } from "~/platform/rate-limit.server";
import { clientHash, openToken, sealToken } from "~/platform/sealed-token.server";
import { minutesToWait } from "~/platform/text/metrics";

import { alreadySubscribedMail, confirmationMail } from "./newsletter-mail.server";
import { dropUnsentCopies } from "./newsletter-send.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a confirmation link works; a pending sign-up is forgotten a while after that. */
export const CONFIRM_LINK_DAYS = 7;
export const PENDING_KEPT_DAYS = 30;
/** Sign-ups per client address, and confirmation e-mails per address, in their windows. */
export const SIGNUPS_PER_CLIENT = { points: 5, seconds: 15 * 60 };
export const MAILS_PER_ADDRESS = { points: 3, seconds: 60 * 60 };

export type SignupSource = "blog" | "api" | "unsubscribe page";

const normal = (email: string) => email.trim().toLowerCase();
/** What a suppression entry holds: the address hashed, never the address. */
export const suppressionHash = (email: string) => createHash("sha256").update(normal(email)).digest("hex");

/**
 * A sign-up's statements, prepared once per connection: building and preparing a query (what the query
 * builder does on every call) cost a sign-up more than running it, on the thread that serves the pages.
 */
function prepareSignup(db: Db) {
  const value = sql.placeholder;
  const consent = {
    createdAt: value("createdAt"),
    consentVersion: value("consentVersion"),
    consentText: value("consentText"),
    consentSource: value("consentSource"),
    consentClientHash: value("consentClientHash"),
    // The latest sign-up's language: their e-mails and pages are in it.
    lang: value("lang"),
  };
  return {
    findByEmail: db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, value("email")))
      .prepare(),
    /** A new pending subscriber, or the latest sign-up's consent on the existing one. */
    upsertPending: db
      .insert(newsletterSubscribers)
      .values({ id: value("id"), email: value("email"), status: "pending", ...consent })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: Object.fromEntries(
          Object.keys(consent).map((key) => {
            const column = newsletterSubscribers[key as keyof typeof consent].name;
            return [key, sql`excluded.${sql.identifier(column)}`];
          }),
        ),
      })
      .prepare(),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof prepareSignup>>();
function signupStatements() {
  const db = getDb();
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = prepareSignup(db)));
  return statements;
}

let limiters: { byClient: ClientLimit; byAddress: RateLimiterMemory } | undefined;
const signupLimiters = () =>
  (limiters ??= {
    byClient: clientLimit("newsletter-client", SIGNUPS_PER_CLIENT.points, SIGNUPS_PER_CLIENT.seconds),
    byAddress: memoryLimit("newsletter-address", MAILS_PER_ADDRESS.points, MAILS_PER_ADDRESS.seconds),
  });

export function tooManySignups(seconds: number): string {
  return `Too many sign-ups in a short time. Please try again in ${minutesToWait(seconds)}.`;
}

export type SignupOutcome = { kind: "accepted" } | { kind: "rate-limited"; retryAfterSeconds: number };

/** POST /api/newsletter's answer: the same for every valid address, known or not (decision 029). */
export const signupJson = (message: string) => ({ status: "pending" as const, message });

/**
 * A sign-up (decision 029). Whatever the address's state, the answer is the same "check your inbox":
 * a new, pending or previously unsubscribed address gets a confirmation link (a week), a confirmed one
 * a reminder that it is already subscribed, so the answer tells nobody who is on the list. Limited per
 * client address and per e-mail address (nobody can flood an inbox through this form).
 */
export async function requestSubscription(
  email: string,
  {
    source,
    clientIp,
    lang: asked,
  }: {
    source: SignupSource;
    clientIp: string;
    /** The language of the page they signed up on; none (the API, say) is the site's default. */
    lang?: string | null;
  },
): Promise<SignupOutcome> {
  const address = normal(email);
  const { byClient, byAddress } = signupLimiters();
  const wait = (await byClient.take(clientIp)) || (await secondsToWait(byAddress, address));
  if (wait) return { kind: "rate-limited", retryAfterSeconds: wait };

  const languages = siteLanguages();
  const lang = languages.languages.find((code) => code === asked) ?? languages.default;
  const existing = findSubscriber(address);
  if (existing?.status === "confirmed") {
    const mail = await alreadySubscribedMail(address, sealToken("newsletter-unsubscribe", address), lang);
    queueMail(getDb(), mail);
    void runDueJobs();
    return { kind: "accepted" };
  }
  const mail = await confirmationMail(
    address,
    sealToken("newsletter-confirm", address, CONFIRM_LINK_DAYS * DAY_MS),
    lang,
  );
  const consent = {
    createdAt: new Date(),
    // The wording the box shows in the sign-up's language, and that wording's version (decision 067).
    consentVersion: CONSENT_VERSIONS[lang],
    consentText: translatorFor(lang)("newsletter.box.consent"),
    consentSource: source,
    consentClientHash: clientHash(clientIp),
    lang,
  };
  getDb().transaction((tx) => {
    signupStatements().upsertPending.run({ id: randomUUID(), email: address, ...consent });
    queueMail(tx, mail);
  });
  // The reader is waiting for it: sent now rather than at the worker's next round.
  void runDueJobs();
  return { kind: "accepted" };
}

export type ConfirmOutcome = "confirmed" | "expired" | "invalid" | "withdrawn";

/**
 * The confirmation link: a pending subscriber becomes confirmed (and leaves the suppression list, having
 * asked again). "invalid" is a link that is not one of ours (altered, cut short); "withdrawn" one for a
 * sign-up that is no longer waiting (removed, unsubscribed or erased since): it brings nothing back.
 */
export function confirmSubscription(token: string): ConfirmOutcome {
  const opened = openToken("newsletter-confirm", token);
  if (opened === "expired" || !opened) return opened ?? "invalid";
  const subscriber = findSubscriber(opened.email);
  if (subscriber?.status === "confirmed") return "confirmed";
  if (!subscriber) return "withdrawn";
  getDb().transaction((tx) => {
    tx.update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: new Date() })
      .where(eq(newsletterSubscribers.id, subscriber.id))
      .run();
    tx.delete(newsletterSuppressions)
      .where(eq(newsletterSuppressions.emailHash, suppressionHash(subscriber.email)))
      .run();
  });
  // A sign-up made after seeing an experiment's arm counts for it now, not when it was asked for.
  noteSignUpConfirmed(subscriber.email);
  return "confirmed";
}

/** How long "Subscribe again" is offered after leaving: for a click by mistake, not for later. */
export const SUBSCRIBE_AGAIN_MINUTES = 60;

export type Unsubscribed = {
  email: string;
  /** A short-lived token for "Subscribe again", only when this took the address off the list. */
  subscribeAgain: string | null;
};

/**
 * Leaves the list for good: the subscriber row goes, a hash of the address stays (suppression), and
 * newsletter e-mails not yet sent to it are dropped. An unsubscribe link never expires (an objection
 * must always be heard) and can do nothing but this. Returns null for a token that is not ours.
 */
export function unsubscribe(token: string): Unsubscribed | null {
  const opened = openToken("newsletter-unsubscribe", token);
  if (!opened || opened === "expired") return null;
  const address = normal(opened.email);
  const { removed, leftAt } = getDb().transaction((tx) => {
    const { changes } = tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address))
      .run();
    const suppression = writeSuppression(tx, address);
    dropUnsentCopies(tx, address);
    return { removed: changes > 0, leftAt: suppression.createdAt };
  });
  // Bound to this suppression entry's time: any later unsubscribe or erasure voids the offer.
  const subscribeAgain = removed
    ? sealToken("newsletter-subscribe-again", address, SUBSCRIBE_AGAIN_MINUTES * 60 * 1000, leftAt.getTime())
    : null;
  return { email: address, subscribeAgain };
}

/**
 * Writes (or renews) an address's suppression entry. Its time only moves forward, even within one
 * millisecond, so an offer to subscribe again tied to the earlier time is void after it.
 */
export function writeSuppression(tx: Tx, address: string): typeof newsletterSuppressions.$inferSelect {
  const now = Date.now();
  return tx
    .insert(newsletterSuppressions)
    .values({ emailHash: suppressionHash(address), createdAt: new Date(now) })
    .onConflictDoUpdate({
      target: newsletterSuppressions.emailHash,
      set: { createdAt: sql`max(${now}, ${newsletterSuppressions.createdAt} + 1)` },
    })
    .returning()
    .get();
}

export type SubscribeAgainOutcome =
  (SignupOutcome & { email: string }) | { kind: "expired" } | { kind: "invalid" };

/**
 * "Subscribe again", offered just after leaving: the normal double opt-in (a confirmation e-mail, the
 * address stays off the list until its link is opened). Its token is minted by the unsubscribe that
 * took the address off the list and is tied to that suppression entry, so neither an old unsubscribe
 * link nor the offer once the address was erased (an erasure renews the entry) can bring it back.
 */
export async function subscribeAgain(
  token: string,
  clientIp: string,
  lang?: string | null,
): Promise<SubscribeAgainOutcome> {
  const opened = openToken("newsletter-subscribe-again", token);
  if (opened === "expired") return { kind: "expired" };
  if (!opened?.expiresAt) return { kind: "invalid" };
  const offeredAt = opened.expiresAt - SUBSCRIBE_AGAIN_MINUTES * 60 * 1000;
  const suppression = getDb()
    .select()
    .from(newsletterSuppressions)
    .where(eq(newsletterSuppressions.emailHash, suppressionHash(opened.email)))
    .get();
  if (suppression?.createdAt.getTime() !== offeredAt) return { kind: "invalid" };
  const outcome = await requestSubscription(opened.email, { source: "unsubscribe page", clientIp, lang });
  return { ...outcome, email: normal(opened.email) };
}

export function findSubscriber(email: string): NewsletterSubscriber | undefined {
  return signupStatements().findByEmail.get({ email: normal(email) });
}

/** The admin's "Remove": the subscriber and anything not yet sent to them go (no suppression entry). */
export function removeSubscriber(id: string): boolean {
  return getDb().transaction((tx) => {
    const removed = tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .returning()
      .get();
    if (!removed) return false;
    dropUnsentCopies(tx, removed.email);
    audit(
      "subscriber.removed",
      removed.status === "confirmed" ? "A confirmed subscriber" : "A pending sign-up",
      tx,
    );
    return true;
  });
}

export type SubscriberStatus = NewsletterSubscriber["status"];

export function subscriberCounts(): Record<SubscriberStatus | "unsubscribed", number> {
  const db = getDb();
  const byStatus = db
    .select({ status: newsletterSubscribers.status, n: count() })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status)
    .all();
  const of = (status: SubscriberStatus) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const unsubscribed = db.select({ n: count() }).from(newsletterSuppressions).get()?.n ?? 0;
  return { confirmed: of("confirmed"), pending: of("pending"), unsubscribed };
}

/**
 * Confirmed subscribers by the language they signed up in, for each of the site's languages (one
 * without a language, from before languages, counts as the default's): whom a send to one language reaches.
 */
export function confirmedByLanguage(): { lang: Language; confirmed: number }[] {
  const site = siteLanguages();
  const rows = getDb()
    .select({ lang: sql<string>`coalesce(${newsletterSubscribers.lang}, ${site.default})`, n: count() })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"))
    .groupBy(sql`1`)
    .all();
  return site.languages.map((lang) => ({ lang, confirmed: rows.find((row) => row.lang === lang)?.n ?? 0 }));
}

/** The Subscribers screen: newest first, by part of the address and by status. */
export function listSubscribers({
  q = "",
  status,
  limit = 200,
}: { q?: string; status?: SubscriberStatus; limit?: number } = {}): NewsletterSubscriber[] {
  const where: SQL[] = [];
  if (q.trim()) where.push(sql`instr(${newsletterSubscribers.email}, ${q.trim().toLowerCase()}) > 0`);
  if (status) where.push(eq(newsletterSubscribers.status, status));
  return getDb()
    .select()
    .from(newsletterSubscribers)
    .where(and(...where))
    .orderBy(desc(newsletterSubscribers.createdAt))
    .limit(limit)
    .all();
}

/**
 * Pending sign-ups whose link expired long ago are forgotten (with the daily retention run). Addresses
 * from before confirmation e-mails (no consent record) stay for the agency to decide about.
 */
export function deleteStalePendingSubscribers(now = new Date()): number {
  return getDb()
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        isNotNull(newsletterSubscribers.consentVersion),
        lt(newsletterSubscribers.createdAt, new Date(now.getTime() - PENDING_KEPT_DAYS * DAY_MS)),
      ),
    )
    .run().changes;
}
