// The newsletter through the real services, a real SQLite file and a real SMTP server.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { jobs, newsletterSubscribers, newsletterSuppressions } from "#db/schema";
import {
  confirmSubscription,
  deleteStalePendingSubscribers,
  findSubscriber,
  MAILS_PER_ADDRESS,
  requestSubscription,
  SIGNUPS_PER_CLIENT,
  subscribeAgain,
  subscriberCounts,
  suppressionHash,
  unsubscribe,
} from "~/features/newsletter/newsletter.server";
import { sendNewsletter, sendOfPost } from "~/features/newsletter/newsletter-send.server";
import { newsletterTask } from "~/features/newsletter/newsletter-sender.server";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { saveSiteSettings } from "~/features/site-content/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { ConflictError } from "~/platform/http/errors.server";
import { claimJobs, markInterruptedJobs } from "~/platform/jobs/job-queue.server";
import { runDueJobs } from "~/platform/jobs/job-worker.server";
import { emailBodyHtml } from "~/platform/mail/email-html.server";
import { openToken, sealToken } from "~/platform/sealed-token.server";
import { getSiteSettings } from "~/platform/site/site-facts.server";
import { defineTask, runTask, startTasks, stopTasks } from "~/platform/tasks.server";

import { headerOf, type SmtpCatcher, startSmtpCatcher } from "../../../scripts/lib/smtp-catcher";

let smtp: SmtpCatcher;
let client = 0;
const signUp = (email: string, clientIp = `198.51.100.${++client}`) =>
  requestSubscription(email, { source: "blog", clientIp });

/** Sends every queued e-mail (not newsletters: those go at their own pace). */
async function deliverAll() {
  while ((await runDueJobs()) > 0);
}

/** The token in the last confirmation link sent to `address`. */
async function confirmationToken(address: string): Promise<string> {
  const mails = await smtp.to(address);
  const link = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mails.at(-1)!.text ?? "");
  expect(link, "a confirmation link in the e-mail").not.toBeNull();
  return decodeURIComponent(link![1]!);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  Object.assign(process.env, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Northwall Digital <hello@northwalldigital.ie>",
    SITE_URL: "https://www.northwalldigital.ie",
    NEWSLETTER_RATE_PER_MINUTE: "1200",
  });
  resetEnvCache();
  seedDatabase(getDb());
});
afterAll(() => smtp.close());

describe("signing up (double opt-in)", () => {
  it("keeps a pending subscriber with a consent record and mails a confirmation link", async () => {
    expect(await signUp("Niamh@Example.ie", "203.0.113.7")).toEqual({ kind: "accepted" });
    const row = findSubscriber("niamh@example.ie")!;
    expect(row).toMatchObject({
      status: "pending",
      confirmedAt: null,
      consentSource: "blog",
      consentVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      consentText: expect.stringContaining("every e-mail has a link to unsubscribe"),
    });
    expect(row.consentClientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.consentClientHash).not.toContain("203.0.113.7");

    await deliverAll();
    const [mail] = await smtp.to("niamh@example.ie");
    expect(mail!.subject).toBe("Confirm your subscription to Northwall Digital");
    expect(mail!.html).toContain("Yes, subscribe me");
    expect(confirmSubscription(await confirmationToken("niamh@example.ie"))).toBe("confirmed");
    expect(findSubscriber("niamh@example.ie")).toMatchObject({
      status: "confirmed",
      confirmedAt: expect.any(Date),
    });
  });

  it("keeps one row per address: a second sign-up while pending renews its consent, and each address has its own id", async () => {
    await signUp("twice@example.ie", "203.0.113.20");
    const first = findSubscriber("twice@example.ie")!;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(first.createdAt.getTime()));
    await signUp("Twice@Example.ie", "203.0.113.21");
    const second = findSubscriber("twice@example.ie")!;
    expect(second).toMatchObject({ id: first.id, status: "pending", consentSource: "blog" });
    expect(second.createdAt.getTime()).toBeGreaterThan(first.createdAt.getTime());
    expect(second.consentClientHash).not.toBe(first.consentClientHash);
    await signUp("other.one@example.ie");
    expect(findSubscriber("other.one@example.ie")!.id).not.toBe(first.id);
    const rows = getDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "twice@example.ie"))
      .all();
    expect(rows).toHaveLength(1);
  });

  it("answers the same for a known address, and tells only its owner (by e-mail) it is already on the list", async () => {
    smtp.clear();
    const before = findSubscriber("niamh@example.ie")!;
    expect(await signUp("niamh@example.ie")).toEqual(await signUp("someone-new@example.ie"));
    expect(findSubscriber("niamh@example.ie")).toEqual(before);
    await deliverAll();
    expect((await smtp.to("niamh@example.ie")).map((m) => m.subject)).toEqual([
      "You're already subscribed to Northwall Digital",
    ]);
    expect((await smtp.to("someone-new@example.ie")).map((m) => m.subject)).toEqual([
      "Confirm your subscription to Northwall Digital",
    ]);
  });

  it("sends each sign-up's e-mail at once, also one that arrives while another is being sent", async () => {
    smtp.clear();
    // No awaiting in between: the second is queued while the first e-mail is on its way.
    await Promise.all([signUp("first.quick@example.ie"), signUp("second.quick@example.ie")]);
    await vi.waitFor(
      () =>
        expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual([
          "first.quick@example.ie",
          "second.quick@example.ie",
        ]),
      {
        timeout: 5000,
      },
    );
  });

  it("gives each reader their own links, in the HTML and the text, and the agency's name as it is now", async () => {
    smtp.clear();
    await Promise.all([
      signUp("own.link.a@example.ie"),
      signUp("own.link.b@example.ie"),
      signUp("niamh@example.ie"),
    ]);
    await deliverAll();
    for (const address of ["own.link.a@example.ie", "own.link.b@example.ie"]) {
      const [mail] = await smtp.to(address);
      const fromHtml = /\/newsletter\/confirm\?token=([\w%-]+)/.exec(String(mail!.html))![1]!;
      expect(openToken("newsletter-confirm", decodeURIComponent(fromHtml))).toMatchObject({ email: address });
      expect(openToken("newsletter-confirm", await confirmationToken(address))).toMatchObject({
        email: address,
      });
    }
    const [reminder] = await smtp.to("niamh@example.ie");
    const unsubscribe = /\/newsletter\/unsubscribe\?token=([\w%-]+)/.exec(reminder!.text ?? "")![1]!;
    expect(openToken("newsletter-unsubscribe", decodeURIComponent(unsubscribe))).toEqual({
      email: "niamh@example.ie",
    });

    const settings = getSiteSettings();
    saveSiteSettings({ ...settings, name: "Northwall Studio" });
    try {
      smtp.clear();
      await signUp("renamed@example.ie");
      await deliverAll();
      const [renamed] = await smtp.to("renamed@example.ie");
      expect(renamed!.subject).toBe("Confirm your subscription to Northwall Studio");
      expect(renamed!.text).toContain("Northwall Studio's monthly e-mail");
    } finally {
      saveSiteSettings(settings);
    }
  });

  it("refuses an expired, altered or other-purpose link", async () => {
    await signUp("late@example.ie");
    // A link made eight days ago: it expired yesterday.
    expect(
      confirmSubscription(sealToken("newsletter-confirm", "late@example.ie", -24 * 60 * 60 * 1000)),
    ).toBe("expired");
    const fresh = sealToken("newsletter-confirm", "late@example.ie", 60_000);
    expect(confirmSubscription(`${fresh.slice(0, -2)}AA`)).toBe("invalid");
    expect(openToken("newsletter-unsubscribe", fresh)).toBeNull();
    expect(unsubscribe(fresh)).toBeNull();
    expect(findSubscriber("late@example.ie")?.status).toBe("pending");
  });

  it("limits sign-ups per client and confirmation e-mails per address", async () => {
    const results = [];
    for (let i = 0; i <= SIGNUPS_PER_CLIENT.points; i++)
      results.push(await signUp(`flood-${i}@example.ie`, "192.0.2.66"));
    expect(results.slice(0, -1).every((r) => r.kind === "accepted")).toBe(true);
    expect(results.at(-1)).toMatchObject({ kind: "rate-limited", retryAfterSeconds: expect.any(Number) });
    expect(findSubscriber(`flood-${SIGNUPS_PER_CLIENT.points}@example.ie`)).toBeUndefined();

    const again = [];
    for (let i = 0; i <= MAILS_PER_ADDRESS.points; i++) again.push(await signUp("victim@example.ie"));
    expect(again.at(-1)).toMatchObject({ kind: "rate-limited" });
    await deliverAll();
    expect(await smtp.to("victim@example.ie")).toHaveLength(MAILS_PER_ADDRESS.points);
  });
});

describe("keeping sign-ups", () => {
  it("forgets a sign-up left unconfirmed for 30 days, but not an address from before confirmation e-mails", () => {
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    getDb()
      .insert(newsletterSubscribers)
      .values([
        { email: "never.confirmed@example.ie", createdAt: old, consentVersion: "2026-11-23" },
        { email: "from.before@example.ie", createdAt: old },
      ])
      .run();
    expect(deleteStalePendingSubscribers()).toBe(1);
    expect(findSubscriber("never.confirmed@example.ie")).toBeUndefined();
    expect(findSubscriber("from.before@example.ie")?.status).toBe("pending");
    expect(findSubscriber("niamh@example.ie")?.status).toBe("confirmed");
  });
});

describe("sending a post", () => {
  it("goes once to each confirmed subscriber, with their own one-click unsubscribe, and never to the others", async () => {
    const db = getDb();
    db.insert(newsletterSubscribers)
      .values([1, 2, 3].map((n) => ({ email: `reader${n}@example.ie`, status: "confirmed" as const })))
      .run();
    const post = listAllPosts().find((p) => p.status === "published")!;
    smtp.clear();
    const confirmed = subscriberCounts().confirmed;
    const send = await sendNewsletter(post.id, "full");
    expect(send.recipients).toBe(confirmed);
    await expect(sendNewsletter(post.id, "full")).rejects.toBeInstanceOf(ConflictError);

    defineTask(newsletterTask);
    startTasks();
    await vi.waitFor(() => expect(sendOfPost(post.id)!.progress).toMatchObject({ queued: 0 }), {
      timeout: 10_000,
    });
    await stopTasks();
    expect(sendOfPost(post.id)!.progress).toEqual({
      total: confirmed,
      sent: confirmed,
      failed: 0,
      queued: 0,
    });

    const recipients = smtp.mails.flatMap((m) => m.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).toContain("reader1@example.ie");
    expect(recipients).not.toContain("someone-new@example.ie"); // pending

    const [mail] = await smtp.to("reader1@example.ie");
    expect(mail!.subject).toBe(post.title);
    expect(headerOf(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const header = headerOf(mail!, "List-Unsubscribe")!;
    const link = /<(https:\/\/www\.northwalldigital\.ie\/newsletter\/unsubscribe\?token=([\w-]+))>/.exec(
      header,
    );
    expect(link).not.toBeNull();
    expect(header).toContain("mailto:");
    expect(mail!.html).toContain(link![1]); // the footer's link is the same
    expect(headerOf((await smtp.to("reader2@example.ie"))[0]!, "List-Unsubscribe")).not.toBe(header);

    // One click: gone from the list, kept only as a hash.
    const left = unsubscribe(link![2]!)!;
    expect(left).toEqual({ email: "reader1@example.ie", subscribeAgain: expect.any(String) });
    expect(findSubscriber("reader1@example.ie")).toBeUndefined();
    const suppressed = db.select().from(newsletterSuppressions).all();
    expect(suppressed).toContainEqual(
      expect.objectContaining({ emailHash: suppressionHash("reader1@example.ie") }),
    );
    expect(JSON.stringify(suppressed)).not.toContain("reader1");
    const isSuppressed = () =>
      db
        .select()
        .from(newsletterSuppressions)
        .where(eq(newsletterSuppressions.emailHash, suppressionHash("reader1@example.ie")))
        .get() !== undefined;

    // Subscribing again is the normal double opt-in: a confirmation e-mail, nothing confirmed before it.
    smtp.clear();
    expect(await subscribeAgain(left.subscribeAgain!, "203.0.113.8")).toEqual({
      kind: "accepted",
      email: "reader1@example.ie",
    });
    expect(findSubscriber("reader1@example.ie")).toMatchObject({
      status: "pending",
      confirmedAt: null,
      consentSource: "unsubscribe page",
    });
    expect(isSuppressed()).toBe(true);
    await deliverAll();
    expect(confirmSubscription(await confirmationToken("reader1@example.ie"))).toBe("confirmed");
    expect(findSubscriber("reader1@example.ie")?.status).toBe("confirmed");
    expect(isSuppressed()).toBe(false);
  });

  it("a send deleted with its post after its first e-mail went sends no more: its other e-mails are dropped", async () => {
    const db = getDb();
    db.insert(newsletterSubscribers)
      .values([1, 2, 3].map((n) => ({ email: `deleted-post-${n}@example.ie`, status: "confirmed" as const })))
      .run();
    const post = listAllPosts().filter((p) => p.status === "published")[2]!;
    const send = await sendNewsletter(post.id, "excerpt");
    expect(send.recipients).toBeGreaterThan(1);
    // Only one due: the sender reads the send's e-mail and sends it.
    const [first] = db.select().from(jobs).where(eq(jobs.batch, send.id)).all();
    db.update(jobs)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.batch, send.id))
      .run();
    db.update(jobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(jobs.id, first!.id))
      .run();
    smtp.clear();
    await newsletterTask.run();
    expect(smtp.mails.flatMap((m) => m.to)).toEqual([first!.target]);

    db.$client.prepare("delete from posts where id = ?").run(post.id);
    db.update(jobs)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(jobs.batch, send.id))
      .run();
    smtp.clear();
    const waiting = () =>
      db
        .select()
        .from(jobs)
        .where(eq(jobs.batch, send.id))
        .all()
        .filter((job) => !job.doneAt);
    // The sender's seconds, at its pace: each drops what is due.
    await vi.waitFor(
      async () => {
        await newsletterTask.run();
        expect(waiting()).toEqual([]);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(smtp.mails).toEqual([]);
    db.delete(newsletterSubscribers).where(like(newsletterSubscribers.email, "deleted-post-%")).run();
  });

  it("lets an unsubscribe link only take an address off the list, never put it back", async () => {
    const address = "left.long.ago@example.ie";
    getDb().insert(newsletterSubscribers).values({ email: address, status: "confirmed" }).run();
    const oldLink = sealToken("newsletter-unsubscribe", address);
    expect(unsubscribe(oldLink)?.subscribeAgain).toEqual(expect.any(String));
    // Used again later: the address is already off the list, so there is nothing to undo.
    expect(unsubscribe(oldLink)).toEqual({ email: address, subscribeAgain: null });
    // The unsubscribe token itself is no offer to subscribe again.
    expect(await subscribeAgain(oldLink, "203.0.113.9")).toEqual({ kind: "invalid" });
    expect(findSubscriber(address)).toBeUndefined();
    // An offer that has lapsed.
    const lapsed = sealToken("newsletter-subscribe-again", address, -1000);
    expect(await subscribeAgain(lapsed, "203.0.113.9")).toEqual({ kind: "expired" });
    expect(findSubscriber(address)).toBeUndefined();
  });

  it("drops an unsubscriber's queued copy, and gives up (never resends) a copy a crash left in doubt", async () => {
    const post = listAllPosts().filter((p) => p.status === "published")[1]!;
    const send = await sendNewsletter(post.id, "excerpt");
    const [first, second] = getDb().select().from(jobs).where(eq(jobs.batch, send.id)).all();
    unsubscribe(sealToken("newsletter-unsubscribe", first!.target));
    expect(getDb().select().from(jobs).where(eq(jobs.id, first!.id)).get()).toBeUndefined();

    claimJobs([second!.id]); // being sent when the process died
    expect(markInterruptedJobs("newsletter")).toBe(1);
    smtp.clear();
    defineTask(newsletterTask);
    startTasks();
    await vi.waitFor(() => expect(sendOfPost(post.id)!.progress.queued).toBe(0), { timeout: 10_000 });
    await stopTasks();
    const progress = sendOfPost(post.id)!.progress;
    expect(progress.failed).toBe(1);
    expect(progress.sent).toBe(send.recipients - 2);
    expect(smtp.mails.flatMap((m) => m.to)).not.toContain(second!.target);
    expect(smtp.mails.flatMap((m) => m.to)).not.toContain(first!.target);
  });
});

describe("a newsletter while e-mail is not set up", () => {
  it("waits, neither sent nor failed, and goes out at its pace once e-mail is set up", async () => {
    const post = listAllPosts().filter((p) => p.status === "published")[2]!;
    const smtpUrl = process.env.SMTP_URL!;
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      const send = await sendNewsletter(post.id, "excerpt");
      expect(send.recipients).toBeGreaterThan(0);
      smtp.clear();
      defineTask(newsletterTask);
      startTasks();
      for (let tick = 0; tick < 3; tick++) await runTask("newsletter");
      expect(sendOfPost(post.id)!.progress).toEqual({
        total: send.recipients,
        sent: 0,
        failed: 0,
        queued: send.recipients,
      });
      expect(smtp.mails).toEqual([]);

      // Set up (here while the sender runs; on a real site with a restart): the next ticks send them.
      process.env.SMTP_URL = smtpUrl;
      resetEnvCache();
      await vi.waitFor(() => expect(sendOfPost(post.id)!.progress.queued).toBe(0), { timeout: 10_000 });
      expect(sendOfPost(post.id)!.progress).toMatchObject({ sent: send.recipients, failed: 0 });
      expect(smtp.mails).toHaveLength(send.recipients);
    } finally {
      await stopTasks();
      process.env.SMTP_URL = smtpUrl;
      resetEnvCache();
    }
  });
});

describe("a post's body as e-mail HTML", () => {
  it("inlines styles, makes addresses absolute and turns a video into a link to the post", () => {
    const html = emailBodyHtml(
      '<h2>Why</h2><p>See <a href="/services/seo">our SEO</a>.</p><figure><img src="/uploads/a.jpg" alt="A chart"></figure><video src="/uploads/v.mp4" controls><track src="/uploads/v.vtt"></video>',
      { siteUrl: "https://site.ie", postUrl: "https://site.ie/blog/why" },
    );
    expect(html).toContain('<h2 style="font-size:21px');
    expect(html).toContain('href="https://site.ie/services/seo"');
    expect(html).toContain('src="https://site.ie/uploads/a.jpg"');
    expect(html).toContain('href="https://site.ie/blog/why"');
    expect(html).toContain("Watch the video on our site");
    expect(html).not.toContain("<video");
    expect(html).not.toContain("v.vtt");
  });
});
