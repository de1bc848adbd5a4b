import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { caseStudies, enquiries, jobs, posts, teamMembers, testimonials } from "#db/schema";
import { adminHome } from "~/features/admin/home.server";
import { saveCaseStudy } from "~/features/case-studies/index.server";
import { savePost } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { MAX_ATTEMPTS } from "~/platform/jobs/job-queue.server";
import { queueMail } from "~/platform/mail/mail.server";

const now = new Date();

type StudyInput = Parameters<typeof saveCaseStudy>[1];

/** A published case study with only a title and a few words. */
const studyInput = (title: string, over: Partial<StudyInput> = {}): StudyInput => ({
  title,
  slug: null,
  clientName: "A client",
  category: "Retail",
  excerpt: "A few words.",
  challenge: "",
  body: "<p>How.</p>",
  outcome: "",
  coverImage: null,
  coverAlt: null,
  gallery: [],
  metrics: [],
  tags: [],
  credits: [],
  testimonialId: null,
  featured: false,
  status: "published",
  unpublishAt: null,
  endRedirect: null,
  ...over,
});

beforeAll(() => {
  seedDatabase(getDb());
  savePost(undefined, {
    title: "Autumn Offers, Scheduled",
    excerpt: "Out next week.",
    content: "<p>Soon</p>",
    coverImage: null,
    videoUrl: null,
    tags: [],
    status: "scheduled",
    publishAt: new Date(now.getTime() + 7 * 86_400_000),
  });
  const mail = { subject: "Welcome", text: "Hi", html: "<p>Hi</p>" };
  queueMail(getDb(), { to: "waiting@example.ie", ...mail });
  queueMail(getDb(), { to: "failed@example.ie", ...mail });
  getDb().update(jobs).set({ attempts: MAX_ATTEMPTS }).where(eq(jobs.target, "failed@example.ie")).run();
});

describe("the admin's home", () => {
  it("shows an editor the writing only: drafts and what is scheduled", () => {
    const home = adminHome("editor", now);
    expect(home.owner).toBeNull();
    expect(home.writing.scheduled.map((post) => post.title)).toContain("Autumn Offers, Scheduled");
    expect(home.writing.draftCount).toBeGreaterThan(0);
  });

  it("lists the case studies that end soon beside the posts, each linked to its own editor", () => {
    const end = new Date(now.getTime() + 3 * 86_400_000);
    const study = saveCaseStudy(undefined, studyInput("Summer Campaign That Ends", { unpublishAt: end }));
    expect(adminHome("editor", now).writing.ending).toContainEqual({
      id: study.id,
      title: "Summer Campaign That Ends",
      unpublishAt: end,
      href: `/admin/case-studies?edit=${study.id}`,
    });
    // A contributor's home is their own posts: no case studies.
    expect(adminHome("contributor", now, "nobody").writing.ending).toEqual([]);
  });

  it("lists what ended as ended, not as a draft, and keeps an ended case study in view", () => {
    const ended = new Date(now.getTime() - 3_600_000);
    const post = savePost(undefined, {
      title: "An Offer That Ended",
      excerpt: "Over.",
      content: "<p>Over</p>",
      coverImage: null,
      videoUrl: null,
      tags: [],
      status: "draft",
    });
    const study = saveCaseStudy(undefined, studyInput("A Study That Ended", { status: "draft" }));
    const before = adminHome("editor", now).writing.draftCount;
    // As the end tasks leave them: drafts again, with the minute they ended.
    getDb().update(posts).set({ endedAt: ended }).where(eq(posts.id, post.id)).run();
    getDb().update(caseStudies).set({ endedAt: ended }).where(eq(caseStudies.id, study.id)).run();

    const { writing } = adminHome("editor", now);
    expect(writing.draftCount).toBe(before - 1);
    expect(writing.drafts.map((draft) => draft.title)).not.toContain("An Offer That Ended");
    expect(writing.ended).toEqual(
      expect.arrayContaining([
        { id: post.id, title: "An Offer That Ended", endedAt: ended, href: `/admin/posts?edit=${post.id}` },
        {
          id: study.id,
          title: "A Study That Ended",
          endedAt: ended,
          href: `/admin/case-studies?edit=${study.id}`,
        },
      ]),
    );
    expect(adminHome("contributor", now, "nobody").writing.ended).toEqual([]);
  });

  it("shows the owner the outbox, the backup and the background work beside the writing", () => {
    const home = adminHome("owner", now);
    expect(home.owner).toMatchObject({
      outbox: { waiting: 1, failed: 1, mail: false },
      backup: { enabled: false },
      visits: { week: 0, topSource: null },
    });
    expect(home.owner?.enquiries).toEqual({ today: 0, week: 0 });
    expect(home.owner?.tasks.failing).toEqual([]);
  });

  it("names no top source for visits while no visit was counted, though enquiries came in", () => {
    getDb()
      .insert(enquiries)
      .values({ name: "Aoife Byrne", email: "aoife@example.ie", goals: "A new site" })
      .run();
    const home = adminHome("owner", now);
    expect(home.owner?.enquiries.week).toBe(1);
    expect(home.owner?.visits).toEqual({ week: 0, topSource: null });
  });
});

describe("the seeded people", () => {
  it("are counted as examples to replace until the owner replaces each one", () => {
    const start = adminHome("owner", now).owner!.placeholders;
    expect(start.team).toBeGreaterThan(0);
    expect(start.testimonials).toBeGreaterThan(0);
    expect(adminHome("editor", now).owner).toBeNull();

    const person = getDb().select().from(teamMembers).get()!;
    getDb().update(teamMembers).set({ name: "Aoife Real" }).where(eq(teamMembers.id, person.id)).run();
    const quote = getDb().select().from(testimonials).get()!;
    getDb()
      .update(testimonials)
      .set({ quote: "They doubled our bookings." })
      .where(eq(testimonials.id, quote.id))
      .run();
    expect(adminHome("owner", now).owner!.placeholders).toEqual({
      team: start.team - 1,
      testimonials: start.testimonials - 1,
    });
  });
});
