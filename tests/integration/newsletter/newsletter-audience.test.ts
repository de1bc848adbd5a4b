// A newsletter sent to one language's subscribers: only those who signed up in it (one from before
// languages counts as the default's), their unsubscribe page in it; a language the site is not in is
// refused with nothing queued.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { jobs, newsletterSends, newsletterSubscribers } from "#db/schema";
import { confirmedByLanguage } from "~/features/newsletter/newsletter.server";
import { sendNewsletter } from "~/features/newsletter/newsletter-send.server";
import { saveSiteLanguages } from "~/features/pages/index.server";
import { listAllPosts } from "~/features/posts/index.server";
import { seedDatabase } from "~/features/seed/index.server";
import { getDb } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { FieldError } from "~/platform/http/errors.server";

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
      { email: "english@example.ie", lang: "en", ...confirmed },
      { email: "before-languages@example.ie", lang: null, ...confirmed },
      { email: "pending@example.ie", lang: "ga", status: "pending" },
    ])
    .run();
});

const recipients = (sendId: string) =>
  getDb()
    .select({ to: jobs.target })
    .from(jobs)
    .where(eq(jobs.batch, sendId))
    .all()
    .map((job) => job.to)
    .sort();

describe("a newsletter to one language's subscribers", () => {
  it("counts the confirmed subscribers of each of the site's languages", () => {
    expect(confirmedByLanguage()).toEqual([
      { lang: "en", confirmed: 2 },
      { lang: "ga", confirmed: 1 },
    ]);
  });

  it("refuses a language the site is not in, queueing nothing", async () => {
    const [post] = listAllPosts().filter((p) => p.status === "published");
    await expect(sendNewsletter(post!.id, "excerpt", "de")).rejects.toBeInstanceOf(FieldError);
    expect(getDb().select().from(newsletterSends).all()).toEqual([]);
    expect(getDb().select().from(jobs).all()).toEqual([]);
  });

  it("goes only to the Irish subscribers, their unsubscribe page the Irish one", async () => {
    const [post] = listAllPosts().filter((p) => p.status === "published");
    const send = await sendNewsletter(post!.id, "excerpt", "ga");
    expect(send.recipients).toBe(1);
    expect(recipients(send.id)).toEqual(["irish@example.ie"]);
    expect(send.html).toContain("https://www.northwalldigital.ie/ga/newsletter/unsubscribe?token=");
    // Its own words in Irish around the post's.
    expect(send.html).toContain('lang="ga-IE"');
    expect(send.text).toContain("Díliostáil");
    expect(send.text).toContain("Léigh an t-alt iomlán");
    expect(send.text).not.toContain("Unsubscribe");
  });

  it("goes to the default language's, counting those from before languages, and to everyone without one", async () => {
    const [, second, third] = listAllPosts().filter((p) => p.status === "published");
    const english = await sendNewsletter(second!.id, "excerpt", "en");
    expect(recipients(english.id)).toEqual(["before-languages@example.ie", "english@example.ie"]);
    expect(english.html).toContain("https://www.northwalldigital.ie/newsletter/unsubscribe?token=");
    expect(english.text).toContain(
      "You're receiving this because you subscribed to Northwall Digital's newsletter.",
    );
    expect(english.html).toContain('lang="en-IE"');
    const everyone = await sendNewsletter(third!.id, "excerpt");
    expect(recipients(everyone.id)).toEqual([
      "before-languages@example.ie",
      "english@example.ie",
      "irish@example.ie",
    ]);
  });
});
