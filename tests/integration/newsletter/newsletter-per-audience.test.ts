// A post is sent once per audience, not once in all: the Irish subscribers, then everyone else (the
// English get it, the Irish not twice); after everyone nothing is left; two sends of one audience at
// once: one wins, the other is refused with nothing queued. Against a real temporary SQLite.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { jobs, newsletterSends, newsletterSubscribers } from "#db/schema";
import { openAudiences, sendNewsletter, sendsOfPost } from "~/features/newsletter/newsletter-send.server";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { listAllPosts, savePost } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { ConflictError } from "~/platform/http/errors.server";

let published: { id: string }[] = [];

beforeAll(() => {
  process.env.SITE_URL = "https://www.northwalldigital.ie";
  resetEnvCache();
  seedDatabase(getDb());
  saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
  const confirmed = { status: "confirmed" as const, confirmedAt: new Date() };
  getDb()
    .insert(newsletterSubscribers)
    .values([
      { email: "irish@example.ie", lang: "ga", ...confirmed },
      { email: "irish2@example.ie", lang: "ga", ...confirmed },
      { email: "english@example.ie", lang: "en", ...confirmed },
      { email: "before-languages@example.ie", lang: null, ...confirmed },
    ])
    .run();
  published = listAllPosts().filter((p) => p.status === "published");
});

const recipients = (sendId: string) =>
  getDb()
    .select({ to: jobs.target })
    .from(jobs)
    .where(eq(jobs.batch, sendId))
    .all()
    .map((job) => job.to)
    .sort();
const jobsOfPost = (postId: string) =>
  getDb()
    .select({ to: jobs.target })
    .from(jobs)
    .innerJoin(newsletterSends, eq(newsletterSends.id, jobs.batch))
    .where(eq(newsletterSends.postId, postId))
    .all().length;

describe("a post sent once per audience", () => {
  it("goes to the Irish, then to everyone else: the English get it, the Irish not twice", async () => {
    const post = published[0]!;
    expect(openAudiences(post.id)).toEqual([
      { audience: "rest", recipients: 4 },
      { audience: "en", recipients: 2 },
      { audience: "ga", recipients: 2 },
    ]);
    const irish = await sendNewsletter(post.id, "excerpt", "ga");
    expect(recipients(irish.id)).toEqual(["irish2@example.ie", "irish@example.ie"]);
    // The English alone are everyone else: one choice.
    expect(openAudiences(post.id)).toEqual([{ audience: "rest", recipients: 2 }]);
    await expect(sendNewsletter(post.id, "excerpt", "ga")).rejects.toBeInstanceOf(ConflictError);
    const rest = await sendNewsletter(post.id, "excerpt");
    expect(recipients(rest.id)).toEqual(["before-languages@example.ie", "english@example.ie"]);
    expect(rest.recipients).toBe(2);
    expect(openAudiences(post.id)).toEqual([]);
    await expect(sendNewsletter(post.id, "excerpt", "en")).rejects.toThrow(/already been sent to everyone/);
    await expect(sendNewsletter(post.id, "excerpt")).rejects.toBeInstanceOf(ConflictError);
    expect(sendsOfPost(post.id).map((send) => [send.audience, send.recipients])).toEqual([
      ["ga", 2],
      [null, 2],
    ]);
    expect(jobsOfPost(post.id)).toBe(4);
  });

  it("decides by the audiences sent, not the jobs, which are pruned with time", async () => {
    const post = published[1]!;
    const irish = await sendNewsletter(post.id, "excerpt", "ga");
    getDb().delete(jobs).where(eq(jobs.batch, irish.id)).run();
    const rest = await sendNewsletter(post.id, "excerpt");
    expect(recipients(rest.id)).toEqual(["before-languages@example.ie", "english@example.ie"]);
  });

  it("keeps out a subscriber who got it in another language since, while its jobs are kept", async () => {
    const post = published[2]!;
    await sendNewsletter(post.id, "excerpt", "ga");
    getDb()
      .update(newsletterSubscribers)
      .set({ lang: "en" })
      .where(eq(newsletterSubscribers.email, "irish2@example.ie"))
      .run();
    try {
      const english = await sendNewsletter(post.id, "excerpt", "en");
      expect(recipients(english.id)).toEqual(["before-languages@example.ie", "english@example.ie"]);
    } finally {
      getDb()
        .update(newsletterSubscribers)
        .set({ lang: "ga" })
        .where(eq(newsletterSubscribers.email, "irish2@example.ie"))
        .run();
    }
  });

  it("offers the English apart from everyone else while they are not the same people or e-mail", async () => {
    const post = published[4]!;
    await sendNewsletter(post.id, "excerpt", "en");
    // The Irish get their own version, everyone else the English one.
    expect(openAudiences(post.id)).toEqual([
      { audience: "rest", recipients: 2 },
      { audience: "ga", recipients: 2 },
    ]);
  });

  it("refuses any language after everyone, queueing nothing", async () => {
    const post = published[3]!;
    const everyone = await sendNewsletter(post.id, "full");
    expect(everyone.recipients).toBe(4);
    for (const audience of ["ga", "en"] as const)
      await expect(sendNewsletter(post.id, "full", audience)).rejects.toBeInstanceOf(ConflictError);
    expect(openAudiences(post.id)).toEqual([]);
    expect(sendsOfPost(post.id)).toHaveLength(1);
    expect(jobsOfPost(post.id)).toBe(4);
  });

  it("leaves nothing for everyone else once every language has had its send", async () => {
    const post = published[4]!;
    await sendNewsletter(post.id, "excerpt", "ga");
    expect(openAudiences(post.id)).toEqual([]);
    await expect(sendNewsletter(post.id, "excerpt")).rejects.toThrow(/every language/);
    expect(jobsOfPost(post.id)).toBe(4);
  });

  it("sends one of two concurrent sends of the same audience; the others are refused with no jobs", async () => {
    const post = published[5]!;
    for (const [audience, sends, queued] of [
      ["ga", 1, 2],
      [undefined, 2, 4],
    ] as const) {
      const results = await Promise.allSettled([
        sendNewsletter(post.id, "excerpt", audience),
        sendNewsletter(post.id, "excerpt", audience),
        sendNewsletter(post.id, "full", audience),
      ]);
      const won = results.filter((result) => result.status === "fulfilled");
      const lost = results.filter((result) => result.status === "rejected");
      expect(won).toHaveLength(1);
      // A ConflictError: 409 on the screen.
      for (const result of lost) expect(result.reason).toBeInstanceOf(ConflictError);
      expect(sendsOfPost(post.id)).toHaveLength(sends);
      expect(jobsOfPost(post.id)).toBe(queued);
    }
  });

  it("refuses a language's send when the language leaves the site while its e-mail is drawn, queueing nothing", async () => {
    const post = savePost(undefined, {
      title: "Sent while Irish leaves the site",
      excerpt: "A post no send has had.",
      content: "<p>Words.</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "published",
    });
    // The e-mail is drawn before the send's transaction: the owner drops Irish meanwhile.
    const sending = sendNewsletter(post.id, "excerpt", "ga");
    saveSiteLanguages({ default: "en", languages: ["en"] });
    try {
      await expect(sending).rejects.toThrow(/Choose one of the site's languages/);
      expect(sendsOfPost(post.id)).toEqual([]);
      expect(jobsOfPost(post.id)).toBe(0);
    } finally {
      saveSiteLanguages({ default: "en", languages: ["en", "ga"] });
    }
  });

  it("keeps the database from holding a second send of one audience, the rest counted as one", () => {
    const post = published[0]!;
    const again = () =>
      getDb()
        .insert(newsletterSends)
        .values({ postId: post.id, subject: "s", html: "h", text: "t", recipients: 0, audience: null })
        .run();
    expect(again).toThrow(/UNIQUE/);
  });
});
